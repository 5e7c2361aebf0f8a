import { z } from 'zod';
import { checkCheckoutRequest } from '../checkout-request.ts';
import { checkEvent, unusableEvent } from '../event-limits.ts';
import { PaymentRefused, PaymentUnavailable, type CallbackVerdict, type CheckoutRequest, type PaymentProvider, type ProviderListing } from '../types.ts';
import {
  capturedPaymentOf,
  curlecMethods,
  curlecPaymentShape,
  curlecRefundShape,
  eventFromCurlec,
  paymentLinkParams,
  paymentLinkShape,
  refundResultState,
  statusFromLink,
  type LinkCustomer,
  type PaymentLink,
  usedMethod,
} from './mapping.ts';
import { duitNowEvent, duitNowQr, isQrCheckout } from './duitnow.ts';
import { verifyLinkReturn, webhookSignatureHolds, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, type LinkReturnVerdict } from './signatures.ts';

/** Curlec's API: Razorpay's own address serves Malaysian accounts too. */
export const CURLEC_API_BASE = 'https://api.razorpay.com';

export interface CurlecOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Default CURLEC_API_BASE; a double's address in development and tests. */
  apiBase?: string;
  now?: () => Date;
  /** How requests travel (default: the global fetch). */
  fetch?: typeof fetch;
  /** Milliseconds one request may take. */
  timeoutMs?: number;
}

export interface CurlecProvider extends PaymentProvider {
  readonly name: 'curlec';
  /**
   * Checks the query of a customer's return from a payment link (its razorpay_signature,
   * made with the key secret) before anything it says is shown.
   */
  verifyReturn(query: URLSearchParams): LinkReturnVerdict;
}

/** Curlec's error body: `{ error: { code, description, field?, reason? } }`. */
const errorShape = z.object({ error: z.object({ code: z.string().optional(), description: z.string().optional(), field: z.string().optional().nullable(), reason: z.string().optional().nullable() }).loose() });

export class CurlecError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  constructor(status: number, code: string, description: string, field: string | null) {
    super(`Curlec answered ${status} ${code}: ${description}`);
    this.name = 'CurlecError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

type During = 'checkout' | 'refund' | 'status';

/** Curlec's errors in the shop's terms: worth retrying later, something to tell the person, or a bug. */
function translated(err: CurlecError, during: During): Error {
  // 409: the same idempotent request is still being processed; 429 and 5xx: Curlec's side.
  if (err.status >= 500 || err.status === 429 || err.status === 409) return new PaymentUnavailable(err.message, { cause: err });
  if (err.status === 400) {
    const text = err.message.toLowerCase();
    if (during === 'refund' && (text.includes('refund') || err.field === 'amount')) return new PaymentRefused('gateway.refundTooLarge', {}, err.message);
    if (during === 'checkout' && err.field === 'amount') {
      return new PaymentRefused(text.includes('at least') || text.includes('minimum') ? 'gateway.amountTooSmall' : 'gateway.amountTooLarge', {}, err.message);
    }
  }
  return err;
}

/** X-Refund-Idempotency takes 10 or more letters, digits, hyphens and underscores. */
export function refundIdempotencyKey(refundId: string): string {
  return `refund_${refundId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const PAGE = 100;

/** The customer as a link names them: name, phone (Curlec's contact) and e-mail. */
function linkCustomer(customer: CheckoutRequest['customer']): LinkCustomer | undefined {
  if (!customer) return undefined;
  const name = customer.name?.trim().slice(0, 100);
  const contact = customer.phone?.trim();
  const email = customer.email?.trim();
  return name || contact || email ? { ...(name ? { name } : {}), ...(contact ? { contact } : {}), ...(email ? { email } : {}) } : undefined;
}

/**
 * Razorpay Curlec through Payment Links in MYR: the customer picks card, FPX or an e-wallet on
 * Curlec's hosted page; Curlec's signed webhooks and the link itself tell the shop what
 * happened. REST calls go with plain fetch on the documented paths (Basic auth with the key id
 * and secret), so a double can stand in at CURLEC_API_BASE; signatures are checked with the
 * razorpay package's own functions.
 */
export function curlecProvider(options: CurlecOptions): CurlecProvider {
  const { keyId, keySecret, webhookSecret, now = () => new Date(), timeoutMs = 20_000 } = options;
  const base = (options.apiBase || CURLEC_API_BASE).replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call(during: During, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PaymentUnavailable(`Curlec is unavailable: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) {
      if (json === null) throw new PaymentUnavailable(`Curlec answered ${method} ${path} with no JSON`);
      return json;
    }
    const error = errorShape.safeParse(json);
    const detail = error.success ? error.data.error : {};
    throw translated(new CurlecError(response.status, detail.code ?? 'UNKNOWN', detail.description ?? text.slice(0, 200), detail.field ?? null), during);
  }

  // DuitNow QR: Curlec orders (order_…) beside the payment links (plink_…).
  const qr = duitNowQr({ call, now, refundKey: refundIdempotencyKey });

  async function fetchLink(during: During, id: string): Promise<PaymentLink> {
    const json = await call(during, 'GET', `/v1/payment_links/${encodeURIComponent(id)}`);
    const link = paymentLinkShape.safeParse(json);
    if (!link.success) throw new Error(`Curlec answered payment link ${id} in a shape the shop cannot read`);
    return link.data;
  }

  /** A Payment Link naming the customer (name and phone) on Curlec's page, or the shop's own DuitNow QR. */
  async function createCheckout(request: CheckoutRequest) {
    checkCheckoutRequest(request, now());
    const named = linkCustomer(request.customer);
    // DuitNow QR is drawn on the shop's own page (server-to-server), never a payment link.
    if (request.payMethod === 'duitnow') return qr.createCheckout(request, named);
    if (!curlecMethods.includes(request.payMethod)) throw new PaymentRefused('payment.methodNotOffered');
    const json = await call('checkout', 'POST', '/v1/payment_links', paymentLinkParams(request, now(), named));
    const created = z.object({ id: z.string().min(1), short_url: z.url() }).safeParse(json);
    if (!created.success) throw new Error('Curlec answered a payment link without its id and short_url');
    return { providerRef: created.data.id, redirectUrl: created.data.short_url };
  }

  return {
    name: 'curlec',
    methods: curlecMethods,

    createCheckout,

    async verifyCallback(rawBody, headers) {
      if (!webhookSignatureHolds(rawBody, headers.get(WEBHOOK_SIGNATURE_HEADER), webhookSecret)) {
        return { ok: false, reason: headers.get(WEBHOOK_SIGNATURE_HEADER) ? 'the X-Razorpay-Signature does not hold' : 'no X-Razorpay-Signature header' };
      }
      const eventId = headers.get(WEBHOOK_EVENT_ID_HEADER);
      if (!eventId) return { ok: false, reason: 'no x-razorpay-event-id header' };
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'the body is not JSON' };
      }
      let mapped: CallbackVerdict;
      try {
        mapped = duitNowEvent(eventId, body) ?? eventFromCurlec(eventId, body);
      } catch {
        mapped = { ok: false, reason: 'the event is not one Curlec sends' };
      }
      // Signed but unusable: kept under its id for review, and refused whenever Curlec sends it again.
      if (!mapped.ok) {
        const unusable = unusableEvent(eventId, (body as { event?: unknown } | null)?.event);
        return unusable ? { ...mapped, unusable } : mapped;
      }
      return mapped.event ? checkEvent(mapped.event) : mapped;
    },

    callbackReply(outcome, reason) {
      // Curlec retries anything but a 2xx for 24 hours; a refused event is never right later.
      if (outcome === 'refused') return Response.json({ received: false, error: reason ?? 'refused' }, { status: 400 });
      return Response.json({ received: true });
    },

    verifyReturn: (query) => verifyLinkReturn(query, keySecret),

    checkReturn(query) {
      const verdict = verifyLinkReturn(query, keySecret);
      return verdict.ok ? { ok: true, providerRef: verdict.link.paymentLinkId, paymentId: verdict.link.referenceId } : verdict;
    },

    // Curlec's webhook, where its dashboard is told to send it.
    callbackPaths: ['/payment/curlec/webhook'],

    async paymentStatus(providerRef) {
      if (isQrCheckout(providerRef)) return qr.status(providerRef);
      const link = await fetchLink('status', providerRef);
      const status = statusFromLink(link);
      const paidBy = status.state === 'paid' ? capturedPaymentOf(link) : null;
      if (!paidBy) return status;
      // The method used, for the receipt: the link lists its payments without their details.
      const payment = curlecPaymentShape.safeParse(await call('status', 'GET', `/v1/payments/${encodeURIComponent(paidBy)}`).catch(() => null));
      const used = payment.success ? usedMethod(payment.data) : null;
      return used ? { ...status, used } : status;
    },

    async refund(request) {
      if (!Number.isSafeInteger(request.amountSen) || request.amountSen < 1) throw new TypeError('Refund amountSen must be a whole number of sen above 0');
      if (isQrCheckout(request.providerRef)) return qr.refund(request);
      const link = await fetchLink('status', request.providerRef);
      const paymentId = capturedPaymentOf(link);
      if (!paymentId) throw new PaymentRefused('gateway.notPaid');
      const notes = z.object({ paymentId: z.string(), orderNo: z.string() }).partial().safeParse(link.notes).data ?? {};
      const json = await call(
        'refund',
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        {
          amount: request.amountSen,
          speed: 'normal',
          receipt: request.refundId.slice(0, 40),
          // The webhook names the refund and its link by these.
          notes: {
            refundId: request.refundId,
            paymentLinkId: link.id,
            ...(notes.paymentId ? { paymentId: notes.paymentId } : {}),
            ...(notes.orderNo ? { orderNo: notes.orderNo } : {}),
            ...(request.reason ? { reason: request.reason.slice(0, 250) } : {}),
          },
        },
        { 'x-refund-idempotency': refundIdempotencyKey(request.refundId) },
      );
      const refund = curlecRefundShape.safeParse(json);
      if (!refund.success) throw new Error('Curlec answered a refund in a shape the shop cannot read');
      return { providerRefundRef: refund.data.id, state: refundResultState(refund.data.status) };
    },

    async expireCheckout(providerRef) {
      // A DuitNow QR cannot be withdrawn: Curlec has no call to cancel an order or a payment
      // waiting for its QR, which lapses by itself at its expire_at. One paid meanwhile is
      // recorded as usual; money the order can no longer use goes back through the ledger.
      if (isQrCheckout(providerRef)) return;
      const link = await fetchLink('status', providerRef);
      // Only a link still open can be cancelled; paid, expired or cancelled: what paymentStatus says.
      if (link.status !== 'created') return;
      try {
        await call('status', 'POST', `/v1/payment_links/${encodeURIComponent(providerRef)}/cancel`);
      } catch (err) {
        // Paid or expired in the meantime.
        if (err instanceof CurlecError && err.status === 400) return;
        throw err;
      }
    },

    async listSince(since) {
      const from = Math.floor(since.getTime() / 1000);
      const payments: ProviderListing['payments'] = [];
      const linkList = z.object({ payment_links: z.array(z.unknown()) });
      const links = linkList.safeParse(await call('status', 'GET', '/v1/payment_links'));
      for (const raw of links.success ? links.data.payment_links : []) {
        const link = paymentLinkShape.extend({ created_at: z.number() }).safeParse(raw);
        if (!link.success || link.data.created_at < from) continue;
        const status = statusFromLink(link.data);
        payments.push({ ref: link.data.id, amountSen: link.data.amount, currency: link.data.currency.toUpperCase(), state: status.state, paidAt: null });
      }
      const refunds: ProviderListing['refunds'] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = z.object({ items: z.array(z.unknown()) }).safeParse(await call('status', 'GET', `/v1/refunds?from=${from}&count=${PAGE}&skip=${skip}`));
        const items = page.success ? page.data.items : [];
        for (const raw of items) {
          const refund = curlecRefundShape.safeParse(raw);
          if (!refund.success) continue;
          const linkId = z.object({ paymentLinkId: z.string() }).safeParse(refund.data.notes).data?.paymentLinkId ?? refund.data.payment_id;
          refunds.push({ ref: refund.data.id, paymentRef: linkId, amountSen: refund.data.amount, state: refundResultState(refund.data.status) });
        }
        if (items.length < PAGE) break;
      }
      return qr.amendListing({ payments, refunds }, from);
    },
  };
}
