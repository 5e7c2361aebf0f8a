import { z } from 'zod';
import type { Locale } from '../../../../contract/rules/language.ts';
import { PaymentRefused, type Checkout, type CheckoutRequest, type PaymentStatus, type ProviderListing, type RefundRequest, type RefundResult } from '../types.ts';
import { curlecPaymentShape, curlecRefundShape, refundResultState, type LinkCustomer, type Mapped } from './mapping.ts';

/**
 * DuitNow QR through Curlec's server-to-server JSON API, drawn on the shop's own page: a Curlec
 * order for each attempt (`POST /v1/orders`), then a payment on it with method duitnow
 * (`POST /v1/payments/create/json`), whose answer carries the QR's text and when it expires.
 * The shop's providerRef for such a checkout is the Curlec order's id (order_…), so everything
 * else (status, refund, reconciliation, webhooks) is told apart from Payment Links (plink_…)
 * by that prefix. Curlec's payment.captured / payment.failed name the order and echo the notes
 * the shop gave the payment.
 */

export const QR_ORDER_PREFIX = 'order_';

/** A checkout made here (a Curlec order), not a payment link. */
export const isQrCheckout = (providerRef: string) => providerRef.startsWith(QR_ORDER_PREFIX);

/** What the shop writes in the notes of its QR orders, payments and refunds, to know them again. */
export const QR_NOTE = 'duitnow_qr';

/**
 * The shop's QR page in the customer's language, on the origin the provider would have sent
 * the browser back to: `<origin>/pc[/zh-cn|/ms]/pay/duitnow?orderNo=…`.
 */
export function qrPageUrl(returnUrl: string, locale: Locale, orderNo: string): string {
  const { origin } = new URL(returnUrl);
  return `${origin}/pc${locale === 'en' ? '' : `/${locale}`}/pay/duitnow?orderNo=${encodeURIComponent(orderNo)}`;
}

/** The notes of a QR order and its payment: the shop's ids, and the mark that it is a QR. */
export interface QrNotes {
  orderNo: string;
  paymentId: string;
  checkout: typeof QR_NOTE;
}

const qrNotes = z.object({ orderNo: z.string().min(1), paymentId: z.string().min(1), checkout: z.literal(QR_NOTE) });
const qrRefundNotes = z.object({ refundId: z.string().min(1), qrOrderId: z.string().startsWith(QR_ORDER_PREFIX), checkout: z.literal(QR_NOTE), paymentId: z.string().optional(), orderNo: z.string().optional() });

const orderShape = z.object({ id: z.string().startsWith(QR_ORDER_PREFIX), amount: z.number(), currency: z.string().min(3) }).loose();
const createdShape = z.object({
  razorpay_payment_id: z.string().min(1),
  next: z.array(z.object({ action: z.string(), qr_text: z.string().optional(), expire_at: z.number().optional() }).loose()),
});
/** A payment of a QR order, with what tells when its QR stops working (when Curlec says it). */
const qrPaymentShape = curlecPaymentShape.extend({
  created_at: z.number().optional(),
  expire_at: z.number().optional().nullable(),
  error_reason: z.string().optional().nullable(),
  error_description: z.string().optional().nullable(),
});
type QrPayment = z.infer<typeof qrPaymentShape>;

/** Curlec fails a QR nobody scanned in time: the shop calls that expired. */
const timedOut = (payment: { error_reason?: string | null; error_description?: string | null }) => /expir|time.?out|timed.?out/i.test(`${payment.error_reason ?? ''} ${payment.error_description ?? ''}`);

const entityOf = (payload: unknown, name: string): unknown => (payload as Record<string, { entity?: unknown } | undefined> | undefined)?.[name]?.entity;

/**
 * What a verified Curlec event means when it is about a DuitNow QR of the shop's (its payment
 * or refund carries the shop's QR notes); null for any other event, which the Payment Links'
 * mapping then reads.
 */
export function duitNowEvent(eventId: string, body: unknown): Mapped | null {
  const shape = z.object({ event: z.string(), payload: z.unknown() }).safeParse(body);
  if (!shape.success) return null;
  const { event, payload } = shape.data;
  if (event === 'payment.captured' || event === 'payment.failed') {
    const payment = qrPaymentShape.safeParse(entityOf(payload, 'payment'));
    if (!payment.success || !payment.data.order_id?.startsWith(QR_ORDER_PREFIX)) return null;
    const notes = qrNotes.safeParse(payment.data.notes);
    if (!notes.success) return null;
    return {
      ok: true,
      event: {
        eventId,
        // A failed or lapsed QR leaves the order payable: a new Pay makes a new QR.
        kind: event === 'payment.captured' ? 'payment.succeeded' : timedOut(payment.data) ? 'payment.expired' : 'payment.failed',
        providerRef: payment.data.order_id,
        paymentId: notes.data.paymentId,
        orderNo: notes.data.orderNo,
        amountSen: payment.data.amount,
        currency: payment.data.currency.toUpperCase(),
      },
    };
  }
  if (event === 'refund.processed' || event === 'refund.failed') {
    const refund = curlecRefundShape.safeParse(entityOf(payload, 'refund'));
    if (!refund.success) return null;
    const notes = qrRefundNotes.safeParse(refund.data.notes);
    if (!notes.success) return null;
    return {
      ok: true,
      event: {
        eventId,
        kind: event === 'refund.processed' ? 'refund.succeeded' : 'refund.failed',
        providerRef: notes.data.qrOrderId,
        ...(notes.data.paymentId ? { paymentId: notes.data.paymentId } : {}),
        ...(notes.data.orderNo ? { orderNo: notes.data.orderNo } : {}),
        refundId: notes.data.refundId,
        amountSen: refund.data.amount,
        currency: refund.data.currency.toUpperCase(),
      },
    };
  }
  return null;
}

/** The truth about a QR order from its payments (GET /v1/orders/{id}/payments), at `now`. */
export function statusFromQrPayments(orderId: string, order: { amount: number; currency: string }, payments: QrPayment[], now: Date): PaymentStatus {
  const captured = payments.find((p) => p.status === 'captured');
  if (captured) return { state: 'paid', amountSen: captured.amount, currency: captured.currency.toUpperCase(), eventId: `${orderId}:paid` };
  const facts = { amountSen: payments[0]?.amount ?? order.amount, currency: (payments[0]?.currency ?? order.currency).toUpperCase() };
  const seconds = now.getTime() / 1000;
  // Created (the QR waiting) or authorized (the bank said yes, capture on its way): money may still come.
  const open = payments.filter((p) => p.status === 'created' || p.status === 'authorized');
  if (open.some((p) => p.status === 'authorized' || !p.expire_at || p.expire_at > seconds)) return { state: 'pending', ...facts, eventId: null };
  if (open.length > 0) return { state: 'expired', ...facts, eventId: `${orderId}:expired` };
  const failed = payments.filter((p) => p.status === 'failed');
  if (failed.length === 0) return { state: 'pending', ...facts, eventId: null };
  return failed.every(timedOut) ? { state: 'expired', ...facts, eventId: `${orderId}:expired` } : { state: 'failed', ...facts, eventId: `${orderId}:failed` };
}

type During = 'checkout' | 'refund' | 'status';
type Call = (during: During, method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => Promise<unknown>;

export interface DuitNowDeps {
  /** The provider's authenticated call to Curlec's API (errors already in the shop's terms). */
  call: Call;
  now: () => Date;
  /** The idempotency key of a refund (the same as for payment links). */
  refundKey: (refundId: string) => string;
}

const PAGE = 100;

export function duitNowQr({ call, now, refundKey }: DuitNowDeps) {
  async function paymentsOf(orderId: string): Promise<QrPayment[]> {
    const page = z.object({ items: z.array(z.unknown()) }).safeParse(await call('status', 'GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`));
    if (!page.success) throw new Error(`Curlec answered the payments of order ${orderId} in a shape the shop cannot read`);
    return page.data.items.flatMap((raw) => {
      const payment = qrPaymentShape.safeParse(raw);
      return payment.success ? [payment.data] : [];
    });
  }

  async function orderOf(orderId: string) {
    const order = orderShape.safeParse(await call('status', 'GET', `/v1/orders/${encodeURIComponent(orderId)}`));
    if (!order.success) throw new Error(`Curlec answered order ${orderId} in a shape the shop cannot read`);
    return order.data;
  }

  return {
    /** The request is checked by the provider before; `customer.contact` is the phone Curlec wants with the payment. */
    async createCheckout(request: CheckoutRequest, customer?: LinkCustomer): Promise<Checkout> {
      const notes: QrNotes = { orderNo: request.orderNo, paymentId: request.paymentId, checkout: QR_NOTE };
      // Curlec keeps receipt up to 40 characters: the shop's payment id (a uuid) fits.
      const order = orderShape.safeParse(await call('checkout', 'POST', '/v1/orders', { amount: request.amountSen, currency: 'MYR', receipt: request.paymentId.slice(0, 40), notes }));
      if (!order.success) throw new Error('Curlec answered an order without its id');
      const created = createdShape.safeParse(
        await call('checkout', 'POST', '/v1/payments/create/json', {
          amount: request.amountSen,
          currency: 'MYR',
          order_id: order.data.id,
          method: 'duitnow',
          ...(customer?.contact ? { contact: customer.contact } : {}),
          notes,
        }),
      );
      if (!created.success) throw new Error('Curlec answered a DuitNow payment without its id');
      const shown = created.data.next.find((step) => step.action === 'display_qr');
      if (!shown?.qr_text || !shown.expire_at) throw new Error('Curlec answered a DuitNow payment with no QR to show');
      return {
        providerRef: order.data.id,
        redirectUrl: qrPageUrl(request.returnUrl, request.locale, request.orderNo),
        qr: { text: shown.qr_text, expiresAt: new Date(shown.expire_at * 1000) },
      };
    },

    async status(orderId: string): Promise<PaymentStatus> {
      const payments = await paymentsOf(orderId);
      // The order's own amount is needed only when no payment was made on it.
      const order = payments.length > 0 ? { amount: payments[0]!.amount, currency: payments[0]!.currency } : await orderOf(orderId);
      return statusFromQrPayments(orderId, order, payments, now());
    },

    /** Refunds the payment that paid the QR, with the same idempotency key as a link's refund. */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const payments = await paymentsOf(request.providerRef);
      const captured = payments.find((p) => p.status === 'captured');
      if (!captured) throw new PaymentRefused('gateway.notPaid');
      const notes = qrNotes.safeParse(captured.notes).data;
      const json = await call(
        'refund',
        'POST',
        `/v1/payments/${encodeURIComponent(captured.id)}/refund`,
        {
          amount: request.amountSen,
          speed: 'normal',
          receipt: request.refundId.slice(0, 40),
          // The webhook names the refund and its QR order by these.
          notes: {
            refundId: request.refundId,
            qrOrderId: request.providerRef,
            checkout: QR_NOTE,
            ...(notes ? { paymentId: notes.paymentId, orderNo: notes.orderNo } : {}),
            ...(request.reason ? { reason: request.reason.slice(0, 250) } : {}),
          },
        },
        { 'x-refund-idempotency': refundKey(request.refundId) },
      );
      const refund = curlecRefundShape.safeParse(json);
      if (!refund.success) throw new Error('Curlec answered a refund in a shape the shop cannot read');
      return { providerRefundRef: refund.data.id, state: refundResultState(refund.data.status) };
    },

    /**
     * Reconciliation: the QR orders' payments since `from` (unix seconds) added to what the
     * links gave, and each refund of a QR payment named by its order (the shop's providerRef)
     * rather than by Curlec's payment id.
     */
    async amendListing(listing: ProviderListing, from: number): Promise<ProviderListing> {
      const byPayment = new Map<string, string>();
      const payments: ProviderListing['payments'] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = z.object({ items: z.array(z.unknown()) }).safeParse(await call('status', 'GET', `/v1/payments?from=${from}&count=${PAGE}&skip=${skip}`));
        const items = page.success ? page.data.items : [];
        for (const raw of items) {
          const payment = qrPaymentShape.safeParse(raw);
          if (!payment.success || !payment.data.order_id?.startsWith(QR_ORDER_PREFIX) || !qrNotes.safeParse(payment.data.notes).success) continue;
          byPayment.set(payment.data.id, payment.data.order_id);
          const orderId = payment.data.order_id;
          if (payments.some((p) => p.ref === orderId)) continue;
          const siblings = items.flatMap((r) => {
            const p = qrPaymentShape.safeParse(r);
            return p.success && p.data.order_id === orderId ? [p.data] : [];
          });
          const status = statusFromQrPayments(orderId, payment.data, siblings, now());
          payments.push({ ref: orderId, amountSen: status.amountSen, currency: status.currency, state: status.state, paidAt: null });
        }
        if (items.length < PAGE) break;
      }
      const refunds: ProviderListing['refunds'] = [];
      for (const refund of listing.refunds) {
        let orderId = byPayment.get(refund.paymentRef);
        // A refund in the period of a QR paid before it: its payment says which order.
        if (!orderId && refund.paymentRef.startsWith('pay_')) {
          const payment = qrPaymentShape.safeParse(await call('status', 'GET', `/v1/payments/${encodeURIComponent(refund.paymentRef)}`).catch(() => null));
          if (payment.success && payment.data.order_id?.startsWith(QR_ORDER_PREFIX) && qrNotes.safeParse(payment.data.notes).success) orderId = payment.data.order_id;
        }
        refunds.push(orderId ? { ...refund, paymentRef: orderId } : refund);
      }
      return { payments: [...listing.payments, ...payments], refunds };
    },
  };
}
