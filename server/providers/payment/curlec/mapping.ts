import { z } from 'zod';
import type { PayMethod } from '../../../../contract/rules/order-status.ts';
import type { CheckoutRequest, PaymentStatus, ProviderEvent, RefundResult } from '../types.ts';

/**
 * Curlec's words and ours, as pure functions: what a Payment Link is created with, and what
 * Curlec's webhook events, links and refunds mean for the shop. The shop's providerRef for a
 * checkout is the Payment Link's id (plink_…).
 */

/**
 * What the shop takes through Curlec: card, FPX, the e-wallets and Atome (pay later, from the
 * content's minimum up) on Curlec's hosted page, and DuitNow QR drawn on the shop's own page
 * (server-to-server).
 */
export const curlecMethods: readonly PayMethod[] = ['card', 'fpx', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow', 'atome'];

/** Curlec's names for Atome: method `paylater`, provider `atome` (docs/contracts/running-the-business.md §4). */
export const PAY_LATER = 'paylater';
export const ATOME_PROVIDER = 'atome';

/**
 * Curlec wants a link to live a while before it expires (documented for expire_by: a future
 * time); a quarter of an hour and a minute of margin for clocks. The server closes the link
 * itself when the order times out.
 */
const MIN_LIFETIME_MS = 16 * 60_000;

export function linkExpiry(payBefore: Date, now: Date): number {
  return Math.floor(Math.max(payBefore.getTime(), now.getTime() + MIN_LIFETIME_MS) / 1000);
}

export interface LinkCustomer {
  name?: string;
  /** As the customer gave it, e.g. +60123456789. */
  contact?: string;
  /** When the order has one: Curlec preselects the method only for a customer with contact and e-mail. */
  email?: string;
}

/** The body of `POST /v1/payment_links`. */
export interface PaymentLinkParams {
  amount: number;
  currency: 'MYR';
  accept_partial: false;
  reference_id: string;
  description: string;
  expire_by: number;
  customer?: LinkCustomer;
  notify: { sms: false; email: false };
  reminder_enable: false;
  callback_url: string;
  callback_method: 'get';
  notes: { orderNo: string; paymentId: string; payMethod: string; bankCode?: string };
  /** The method the customer chose at the shop, preselected on Curlec's page. */
  options?: { checkout: { prefill: CheckoutPrefill } };
}

/** Curlec's checkout prefill: the method, and the FPX bank (Curlec's code), the e-wallet or the pay-later provider. */
export type CheckoutPrefill =
  | { method: 'card' }
  | { method: 'fpx'; bank?: string }
  | { method: 'wallet'; wallet: string }
  | { method: typeof PAY_LATER; provider: typeof ATOME_PROVIDER };

const linkWallets: Partial<Record<PayMethod, string>> = { tng: 'touchngo', grabpay: 'grabpay', shopeepay: 'shopeepay', boost: 'boost' };

/** Curlec's code of one of the shop's FPX banks (the first Curlec lists for it), if it has one. */
export function curlecBankCode(shopBank: string): string | undefined {
  return Object.entries(curlecFpxBanks).find(([, shop]) => shop === shopBank)?.[0];
}

/**
 * What Curlec's page opens on: the method the customer already chose at the shop (with the FPX
 * bank they picked), so they are not asked again; null for a method the page does not take.
 */
export function checkoutPrefill(payMethod: PayMethod, bankCode?: string): CheckoutPrefill | null {
  if (payMethod === 'card') return { method: 'card' };
  if (payMethod === 'fpx') {
    const bank = bankCode ? curlecBankCode(bankCode) : undefined;
    return bank ? { method: 'fpx', bank } : { method: 'fpx' };
  }
  if (payMethod === 'atome') return { method: PAY_LATER, provider: ATOME_PROVIDER };
  const wallet = linkWallets[payMethod];
  return wallet ? { method: 'wallet', wallet } : null;
}

export function paymentLinkParams(request: CheckoutRequest, now: Date, customer?: LinkCustomer): PaymentLinkParams {
  const notes: PaymentLinkParams['notes'] = { orderNo: request.orderNo, paymentId: request.paymentId, payMethod: request.payMethod };
  if (request.bankCode) notes.bankCode = request.bankCode;
  const named =
    customer && (customer.name || customer.contact || customer.email)
      ? { customer: { ...(customer.name ? { name: customer.name } : {}), ...(customer.contact ? { contact: customer.contact } : {}), ...(customer.email ? { email: customer.email } : {}) } }
      : {};
  const prefill = checkoutPrefill(request.payMethod, request.bankCode);
  return {
    amount: request.amountSen,
    currency: 'MYR',
    accept_partial: false,
    // Curlec keeps reference_id unique per account: one link per payment attempt.
    reference_id: request.paymentId,
    description: request.description.slice(0, 2048),
    expire_by: linkExpiry(request.expiresAt, now),
    ...named,
    // The shop tells the customer itself.
    notify: { sms: false, email: false },
    reminder_enable: false,
    callback_url: request.returnUrl,
    callback_method: 'get',
    notes,
    ...(prefill ? { options: { checkout: { prefill } } } : {}),
  };
}

// Only what the shop reads, checked: a signed event is Curlec's, but its shape is still input.
// Amounts and currency are left to the shop's limits (checkEvent), which keep what they refuse.
const notesShape = z.record(z.string(), z.unknown()).or(z.array(z.unknown())).optional().nullable();
const linkShape = z.object({
  id: z.string().min(1),
  amount: z.number(),
  amount_paid: z.number().optional(),
  currency: z.string().min(3),
  status: z.string(),
  reference_id: z.string().optional().nullable(),
  order_id: z.string().optional().nullable(),
  notes: notesShape,
  payments: z.array(z.object({ payment_id: z.string(), amount: z.number(), status: z.string() }).loose()).optional().nullable(),
});
const paymentShape = z.object({
  id: z.string().min(1),
  amount: z.number(),
  currency: z.string().min(3),
  status: z.string(),
  method: z.string().optional().nullable(),
  bank: z.string().optional().nullable(),
  wallet: z.string().optional().nullable(),
  /** Pay later: who lends (atome). */
  provider: z.string().optional().nullable(),
  card: z.object({ type: z.string().optional().nullable() }).loose().optional().nullable(),
  order_id: z.string().optional().nullable(),
  notes: notesShape,
});
const refundShape = z.object({
  id: z.string().min(1),
  amount: z.number(),
  currency: z.string().min(3),
  payment_id: z.string().min(1),
  status: z.string(),
  notes: notesShape,
});
const ourNotes = z.object({ paymentId: z.string().min(1), orderNo: z.string().min(1) });
const refundNotes = z.object({ refundId: z.string().min(1), paymentLinkId: z.string().min(1), paymentId: z.string().optional(), orderNo: z.string().optional() });

const entityOf = (payload: unknown, name: string): unknown => (payload as Record<string, { entity?: unknown } | undefined> | undefined)?.[name]?.entity;

export type Mapped = { ok: true; event: ProviderEvent | null } | { ok: false; reason: string };

/** The method a payment was made with, in the shop's words; null when the shop has no name for it. */
export type UsedMethod = NonNullable<ProviderEvent['used']>;

const wallets: Record<string, UsedMethod['method']> = {
  touchngo: 'tng',
  tng: 'tng',
  tngd: 'tng',
  grabpay: 'grabpay',
  shopeepay: 'shopeepay',
  boost: 'boost',
};

/**
 * FPX's bank ids as Curlec names them (PayNet's participant codes, B2C), and the shop's codes
 * for the same banks (contract/rules/order-status.ts fpxBanks). A bank not listed keeps
 * Curlec's code.
 */
export const curlecFpxBanks: Readonly<Record<string, string>> = {
  ABB0233: 'affin_bank',
  ABMB0212: 'alliance_bank',
  AGRO01: 'agrobank',
  AMBB0209: 'ambank',
  BIMB0340: 'bank_islam',
  BMMB0341: 'bank_muamalat',
  BKRM0602: 'bank_rakyat',
  BOCM01: 'bank_of_china',
  BSN0601: 'bsn',
  BCBB0235: 'cimb',
  HLB0224: 'hong_leong_bank',
  HSBC0223: 'hsbc',
  KFH0346: 'kfh',
  MB2U0227: 'maybank2u',
  MBB0228: 'maybank2u',
  OCBC0229: 'ocbc',
  PBB0233: 'public_bank',
  RHB0218: 'rhb',
  SCB0216: 'standard_chartered',
  UOB0226: 'uob',
};

/** The shop's code for a bank Curlec names, or Curlec's own when the shop has none. */
export function shopBankCode(curlecBank: string): string {
  return curlecFpxBanks[curlecBank.toUpperCase()] ?? curlecBank;
}

/**
 * The method of a Curlec payment in the shop's words; null when the shop has no name for it.
 * Pay later is Atome when the payment names Atome as its provider: Curlec's payment entity
 * names it in `provider`, and Razorpay's pay-later payments have named their provider in
 * `wallet`, so either counts. A pay-later payment naming no provider is Atome too, the only
 * one Curlec offers in Malaysia; one naming another provider is not (the shop has no name for
 * it, and the receipt keeps the method the customer chose).
 */
export function usedMethod(payment: {
  method?: string | null;
  bank?: string | null;
  wallet?: string | null;
  provider?: string | null;
  card?: { type?: string | null } | null;
}): UsedMethod | null {
  const method = (payment.method ?? '').toLowerCase();
  if (method === 'card' || method === 'emi') {
    const type = payment.card?.type?.toLowerCase();
    return type === 'credit' || type === 'debit' ? { method: 'card', cardType: type } : { method: 'card' };
  }
  if (method === 'fpx' || method === 'netbanking') return payment.bank ? { method: 'fpx', bank: shopBankCode(payment.bank) } : { method: 'fpx' };
  if (method === 'duitnow' || method === 'duitnow_qr') return { method: 'duitnow' };
  if (method === PAY_LATER) {
    const named = [payment.provider, payment.wallet].map((p) => (p ?? '').trim().toLowerCase()).filter((p) => p !== '');
    return named.length === 0 || named.includes(ATOME_PROVIDER) ? { method: 'atome' } : null;
  }
  if (method === 'wallet') {
    const wallet = wallets[(payment.wallet ?? '').toLowerCase().replace(/[^a-z]/g, '')];
    return wallet ? { method: wallet } : null;
  }
  return null;
}

const usedOf = (payment: CurlecPayment | null): Pick<ProviderEvent, 'used'> => {
  const used = payment ? usedMethod(payment) : null;
  return used ? { used } : {};
};

/** payment_link.paid: the link, and the payment that paid it. */
function fromPaidLink(eventId: string, payload: unknown): Mapped {
  const link = linkShape.safeParse(entityOf(payload, 'payment_link'));
  if (!link.success) return { ok: false, reason: 'the event holds no payment link' };
  const notes = ourNotes.safeParse(link.data.notes);
  // A link the shop did not create (made in Curlec's dashboard): not ours.
  if (!notes.success) return { ok: true, event: null };
  if (link.data.status !== 'paid') return { ok: true, event: null };
  const payment = paymentShape.safeParse(entityOf(payload, 'payment'));
  return {
    ok: true,
    event: {
      eventId,
      kind: 'payment.succeeded',
      providerRef: link.data.id,
      paymentId: notes.data.paymentId,
      orderNo: notes.data.orderNo,
      // What was paid, as the payment says it; the link's amount when the event holds none.
      amountSen: payment.success ? payment.data.amount : (link.data.amount_paid ?? link.data.amount),
      currency: (payment.success ? payment.data.currency : link.data.currency).toUpperCase(),
      ...usedOf(payment.success ? payment.data : null),
    },
  };
}

/**
 * payment.captured / payment.failed: the payment alone. It names the shop's link only when
 * the event carries the link (payload.payment_link) or the payment's notes carry the shop's
 * ids and the link's id; otherwise the shop waits for payment_link.paid (or asks the link).
 */
function fromPayment(eventId: string, kind: 'payment.succeeded' | 'payment.failed', payload: unknown): Mapped {
  const payment = paymentShape.safeParse(entityOf(payload, 'payment'));
  if (!payment.success) return { ok: false, reason: 'the event holds no payment' };
  const link = linkShape.safeParse(entityOf(payload, 'payment_link'));
  const notes = ourNotes.safeParse(link.success ? link.data.notes : payment.data.notes);
  const linkId = link.success ? link.data.id : z.object({ paymentLinkId: z.string().min(1) }).safeParse(payment.data.notes).data?.paymentLinkId;
  if (!notes.success || !linkId) return { ok: true, event: null };
  return {
    ok: true,
    event: {
      eventId,
      kind,
      providerRef: linkId,
      paymentId: notes.data.paymentId,
      orderNo: notes.data.orderNo,
      amountSen: payment.data.amount,
      currency: payment.data.currency.toUpperCase(),
      ...(kind === 'payment.succeeded' ? usedOf(payment.data) : {}),
    },
  };
}

/** refund.processed / refund.failed: a refund the shop asked for names its link in its notes. */
function fromRefund(eventId: string, kind: 'refund.succeeded' | 'refund.failed', payload: unknown): Mapped {
  const refund = refundShape.safeParse(entityOf(payload, 'refund'));
  if (!refund.success) return { ok: false, reason: 'the event holds no refund' };
  const notes = refundNotes.safeParse(refund.data.notes);
  // Made in Curlec's dashboard (or an auto-refund of an uncaptured payment): nothing of ours to complete.
  if (!notes.success) return { ok: true, event: null };
  return {
    ok: true,
    event: {
      eventId,
      kind,
      providerRef: notes.data.paymentLinkId,
      ...(notes.data.paymentId ? { paymentId: notes.data.paymentId } : {}),
      ...(notes.data.orderNo ? { orderNo: notes.data.orderNo } : {}),
      refundId: notes.data.refundId,
      amountSen: refund.data.amount,
      currency: refund.data.currency.toUpperCase(),
    },
  };
}

/**
 * What one verified Curlec event means for the shop; null for events it does not act on.
 * The event id is the x-razorpay-event-id header's: the body carries none.
 */
export function eventFromCurlec(eventId: string, body: unknown): Mapped {
  const shape = z.object({ event: z.string(), payload: z.unknown() }).safeParse(body);
  if (!shape.success) return { ok: false, reason: 'the body is not a Curlec event' };
  const { event, payload } = shape.data;
  switch (event) {
    case 'payment_link.paid':
      return fromPaidLink(eventId, payload);
    case 'payment.captured':
      return fromPayment(eventId, 'payment.succeeded', payload);
    case 'payment.failed':
      // One attempt failed; the link stays open and the order payable.
      return fromPayment(eventId, 'payment.failed', payload);
    case 'refund.processed':
      return fromRefund(eventId, 'refund.succeeded', payload);
    case 'refund.failed':
      return fromRefund(eventId, 'refund.failed', payload);
    default:
      return { ok: true, event: null };
  }
}

/** The method used, from a verified event's payment, for the receipt. */
export function usedMethodOfEvent(body: unknown): UsedMethod | null {
  const payment = paymentShape.safeParse(entityOf((body as { payload?: unknown } | null)?.payload, 'payment'));
  return payment.success ? usedMethod(payment.data) : null;
}

export function refundResultState(status: string | null | undefined): RefundResult['state'] {
  if (status === 'processed') return 'succeeded';
  if (status === 'failed') return 'failed';
  return 'pending';
}

export type PaymentLink = z.infer<typeof linkShape>;
export const paymentLinkShape = linkShape;
export type CurlecPayment = z.infer<typeof paymentShape>;
export const curlecPaymentShape = paymentShape;
export type CurlecRefund = z.infer<typeof refundShape>;
export const curlecRefundShape = refundShape;

/** The truth about a link (GET /v1/payment_links/{id}). */
export function statusFromLink(link: PaymentLink): PaymentStatus {
  const facts = { amountSen: link.status === 'paid' ? (link.amount_paid ?? link.amount) : link.amount, currency: link.currency.toUpperCase() };
  if (link.status === 'paid') return { state: 'paid', ...facts, eventId: `${link.id}:paid` };
  if (link.status === 'expired' || link.status === 'cancelled') return { state: 'expired', ...facts, eventId: `${link.id}:${link.status}` };
  return { state: 'pending', ...facts, eventId: null };
}

/** The captured payment that paid a link, from its payments list. */
export function capturedPaymentOf(link: PaymentLink): string | null {
  return link.payments?.find((p) => p.status === 'captured')?.payment_id ?? null;
}
