import type { Locale } from '../../../contract/rules/language.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { PayMethod } from '../../../contract/rules/order-status.ts';

export type { PayMethod } from '../../../contract/rules/order-status.ts';

export interface CheckoutRequest {
  /** Our id for this attempt (unique), echoed back in events. */
  paymentId: string;
  orderNo: string;
  /** Integer sen, MYR. */
  amountSen: number;
  currency: 'MYR';
  payMethod: PayMethod;
  /** FPX bank (contract/rules/order-status.ts lists them). */
  bankCode?: string;
  /** e.g. "Servauto order SA2506021234" */
  description: string;
  /** Absolute: where the browser goes after paying or failing (…/pc/pages?orderNo=…). */
  returnUrl: string;
  /** The order's payBefore. */
  expiresAt: Date;
  locale: Locale;
  /** Who pays, for providers whose page names them (Curlec's link). */
  customer?: { name?: string; phone?: string; email?: string };
}

/** The method a payment was actually made with, as the provider reports it. */
export interface UsedMethod {
  method: PayMethod;
  /** FPX: the shop's bank code (fpxBanks) when it knows the bank, else the provider's. */
  bank?: string;
  /** Card: as the provider says, when it says. */
  cardType?: 'credit' | 'debit';
}

export interface Checkout {
  providerRef: string;
  /** Where to send the customer's browser: the provider's payment page. */
  redirectUrl: string;
  /** A QR the shop's own page draws (DuitNow QR): its text and when it stops working. */
  qr?: { text: string; expiresAt: Date };
}

export type ProviderEventKind = 'payment.succeeded' | 'payment.failed' | 'payment.expired' | 'refund.succeeded' | 'refund.failed';

export interface ProviderEvent {
  /** The provider's event id: unique per provider, used to process each event once. */
  eventId: string;
  kind: ProviderEventKind;
  /** The checkout's providerRef (refunds: the payment's providerRef). */
  providerRef: string;
  /** Ours, when the provider echoes it (metadata). */
  paymentId?: string;
  orderNo?: string;
  /** Ours, for refund events. */
  refundId?: string;
  amountSen: number;
  /** As the provider says it, upper-cased ('MYR'). */
  currency: string;
  /** Payments: the method the customer used on the provider's page, when the provider says. */
  used?: UsedMethod;
}

/** A signed event the shop cannot take, as it is kept for review (outcome refused). */
export interface UnusableEvent {
  eventId: string;
  /** As the provider named it, or 'unknown'. */
  kind: string;
  /** '' when it names none the shop could read. */
  providerRef: string;
  /** 0 when what it claims is not an amount an order can hold (the reason names the claim). */
  amountSen: number;
  currency: string;
}

/**
 * `event: null` is a valid callback the shop does not act on (an event type it does not use).
 * Refused with `unusable`: the signature held but the event is not one the shop can take; it
 * is kept under its id for review, and refused again whenever it comes back.
 */
export type CallbackVerdict = { ok: true; event: ProviderEvent | null } | { ok: false; reason: string; unusable?: UnusableEvent };

export interface PaymentStatus {
  state: 'paid' | 'failed' | 'pending' | 'expired';
  amountSen: number;
  currency: string;
  /**
   * A stable id for the fact reported (the same on every ask, null while pending), so the
   * server can record a status it was told like an event and process it once.
   */
  eventId: string | null;
  /** Paid: the method used, when the provider says. */
  used?: UsedMethod;
}

export interface RefundResult {
  providerRefundRef: string;
  state: 'succeeded' | 'pending' | 'failed';
}

export interface RefundRequest {
  providerRef: string;
  amountSen: number;
  /** Ours; also the idempotency key: asking again with it answers the same refund. */
  refundId: string;
  reason?: string;
}

/** A payment as the provider's own books have it (listSince). */
export interface ProviderPayment {
  /** The checkout's providerRef, as the shop keeps it on its payment. */
  ref: string;
  amountSen: number;
  currency: string;
  state: 'paid' | 'failed' | 'pending' | 'expired';
  paidAt: Date | null;
}

/** A refund as the provider's own books have it (listSince). */
export interface ProviderRefund {
  /** The shop's providerRefundRef. */
  ref: string;
  /** The refunded checkout's providerRef. */
  paymentRef: string;
  amountSen: number;
  state: 'succeeded' | 'pending' | 'failed';
}

export interface ProviderListing {
  payments: ProviderPayment[];
  refunds: ProviderRefund[];
}

/** A customer's signed return from the provider's page: the checkout it names and the payment the shop opened it for. */
export type ReturnVerdict = { ok: true; providerRef: string; paymentId: string } | { ok: false; reason: string };

export interface PaymentProvider {
  /** The provider's name, as its payments record it and its callback path says (/pay/callback/<name>). */
  readonly name: string;
  /** The methods this provider can take; the server refuses the others before paying. */
  readonly methods: readonly PayMethod[];
  /** Paths under /api where the provider also sends its callbacks, beside /pay/callback/<name> (a dashboard's webhook address). */
  readonly callbackPaths?: readonly string[];
  /**
   * Checks the query the provider's page sent the customer back with (its signature), before
   * anything it says is shown. Providers whose return carries nothing signed have none.
   */
  checkReturn?(query: URLSearchParams): ReturnVerdict;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies a callback on its raw body and headers (signature, shape). Never throws for bad input. */
  verifyCallback(rawBody: string, headers: Headers): Promise<CallbackVerdict>;
  /** The HTTP answer the provider expects for a callback, in its own format (not the envelope). */
  callbackReply(outcome: 'processed' | 'duplicate' | 'refused', reason?: string): Response;
  /** Asks the provider for the truth about one checkout. */
  paymentStatus(providerRef: string): Promise<PaymentStatus>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Closes a checkout that is no longer wanted (the order timed out or was cancelled), so it
   * cannot be paid any more. Already paid: nothing changes and paymentStatus says so.
   */
  expireCheckout?(providerRef: string): Promise<void>;
  /** Every checkout and refund the provider created since then: what reconciliation compares the ledger with. */
  listSince?(since: Date): Promise<ProviderListing>;
}

/**
 * The provider will not do this, for a reason the customer or staff can be told: answer it
 * with code 807 and `message(locale, key, params)`.
 */
export class PaymentRefused extends Error {
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  constructor(key: MessageKey, params: Record<string, string | number> = {}, detail?: string) {
    super(detail ?? key);
    this.name = 'PaymentRefused';
    this.key = key;
    this.params = params;
  }
}

/** The provider could not be reached or failed on its side: try again later (answer 503). */
export class PaymentUnavailable extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'PaymentUnavailable';
  }
}
