import type Stripe from 'stripe';
import { z } from 'zod';
import type { Locale } from '../../../../contract/rules/language.ts';
import type { PayMethod } from '../../../../contract/rules/order-status.ts';
import { PaymentRefused, type CheckoutRequest, type PaymentStatus, type ProviderEvent, type RefundResult } from '../types.ts';

/**
 * Stripe's words and ours, as pure functions: what a Checkout Session is created with, and
 * what Stripe's events, sessions and refunds mean for the shop.
 */

/** Touch 'n Go is not a payment method of Stripe Checkout. */
export const stripeMethods: readonly PayMethod[] = ['fpx', 'card', 'grabpay'];

/** Stripe wants a session to live 30 minutes at least and 24 hours at most; a minute of margin for clocks. */
const MIN_LIFETIME_MS = 31 * 60_000;
const MAX_LIFETIME_MS = 24 * 60 * 60_000 - 60_000;

const stripeLocales: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = { en: 'en', 'zh-cn': 'zh', ms: 'ms' };

/**
 * When the session closes: the order's payBefore, but never sooner than Stripe allows. A
 * session may so outlive its order by up to half an hour; the server expires it when the
 * order times out (expireCheckout), and a payment that still slips in is the provider's truth.
 */
export function sessionExpiry(payBefore: Date, now: Date): number {
  const at = Math.min(Math.max(payBefore.getTime(), now.getTime() + MIN_LIFETIME_MS), now.getTime() + MAX_LIFETIME_MS);
  return Math.floor(at / 1000);
}

export function sessionParams(request: CheckoutRequest, now: Date): Stripe.Checkout.SessionCreateParams {
  // The one method left out is Touch 'n Go.
  if (!stripeMethods.includes(request.payMethod)) {
    throw new PaymentRefused('gateway.tngNotOffered');
  }
  const metadata = { orderNo: request.orderNo, paymentId: request.paymentId };
  return {
    mode: 'payment',
    // The one method the customer chose in the shop. Stripe Checkout cannot preselect an FPX
    // bank: the customer picks it again on Stripe's page; the shop's choice is kept in metadata.
    allowed_payment_method_types: [request.payMethod as 'fpx' | 'card' | 'grabpay'],
    line_items: [{ quantity: 1, price_data: { currency: 'myr', unit_amount: request.amountSen, product_data: { name: request.description } } }],
    client_reference_id: request.paymentId,
    metadata: request.bankCode ? { ...metadata, bankCode: request.bankCode } : metadata,
    payment_intent_data: { description: request.description, metadata },
    expires_at: sessionExpiry(request.expiresAt, now),
    success_url: request.returnUrl,
    cancel_url: request.returnUrl,
    locale: stripeLocales[request.locale],
  };
}

// Only what the shop reads, checked: a signed event is Stripe's, but its shape is still input.
// Amounts and currency are left to the shop's limits (checkEvent), which keep what they refuse.
const ourMetadata = z.object({ paymentId: z.string().min(1), orderNo: z.string().min(1) });
const sessionShape = z.object({
  id: z.string().min(1),
  amount_total: z.number(),
  currency: z.string().min(3),
  payment_status: z.string(),
  metadata: z.unknown(),
});
const refundShape = z.object({
  id: z.string().min(1),
  amount: z.number(),
  currency: z.string().min(3),
  status: z.string().nullable(),
  created: z.number().optional(),
  metadata: z.unknown(),
});
const refundMetadata = z.object({ refundId: z.string().min(1), checkoutSession: z.string().min(1), paymentId: z.string().optional(), orderNo: z.string().optional() });

type Mapped = { ok: true; event: ProviderEvent | null } | { ok: false; reason: string };

function fromSession(eventId: string, kind: ProviderEvent['kind'], object: unknown, onlyWhenPaid = false): Mapped {
  const session = sessionShape.safeParse(object);
  if (!session.success) return { ok: false, reason: 'the event holds no Checkout Session' };
  const metadata = ourMetadata.safeParse(session.data.metadata);
  // A session the shop did not create (a payment link, another integration): not ours.
  if (!metadata.success) return { ok: true, event: null };
  // Completed but still unpaid: an asynchronous method, whose outcome comes as its own event.
  if (onlyWhenPaid && session.data.payment_status !== 'paid') return { ok: true, event: null };
  return {
    ok: true,
    event: {
      eventId,
      kind,
      providerRef: session.data.id,
      paymentId: metadata.data.paymentId,
      orderNo: metadata.data.orderNo,
      amountSen: session.data.amount_total,
      currency: session.data.currency.toUpperCase(),
    },
  };
}

function fromRefund(eventId: string, object: unknown, failedEvent = false): Mapped {
  const refund = refundShape.safeParse(object);
  if (!refund.success) return { ok: false, reason: 'the event holds no refund' };
  const metadata = refundMetadata.safeParse(refund.data.metadata);
  // Made in Stripe's dashboard, not through the shop: nothing of ours to complete.
  if (!metadata.success) return { ok: true, event: null };
  const state = failedEvent ? 'failed' : refundResultState(refund.data.status);
  if (state === 'pending') return { ok: true, event: null };
  return {
    ok: true,
    event: {
      eventId,
      kind: state === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      providerRef: metadata.data.checkoutSession,
      ...(metadata.data.paymentId ? { paymentId: metadata.data.paymentId } : {}),
      ...(metadata.data.orderNo ? { orderNo: metadata.data.orderNo } : {}),
      refundId: metadata.data.refundId,
      amountSen: refund.data.amount,
      currency: refund.data.currency.toUpperCase(),
    },
  };
}

/** charge.refunded names a refund only when the charge carries its refund list: the newest. */
function fromRefundedCharge(eventId: string, object: unknown): Mapped {
  const refunds = z.object({ refunds: z.object({ data: z.array(z.unknown()) }) }).safeParse(object);
  if (!refunds.success || refunds.data.refunds.data.length === 0) return { ok: true, event: null };
  const newest = refunds.data.refunds.data
    .map((r) => refundShape.safeParse(r))
    .filter((r) => r.success)
    .map((r) => r.data)
    .sort((a, b) => (b.created ?? 0) - (a.created ?? 0))[0];
  return newest ? fromRefund(eventId, newest) : { ok: true, event: null };
}

/** What one verified Stripe event means for the shop; null for events it does not act on. */
export function eventFromStripe(event: Stripe.Event): Mapped {
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return fromSession(event.id, 'payment.succeeded', object, true);
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event.id, 'payment.succeeded', object);
    case 'checkout.session.async_payment_failed':
      return fromSession(event.id, 'payment.failed', object);
    case 'checkout.session.expired':
      return fromSession(event.id, 'payment.expired', object);
    case 'refund.created':
    case 'refund.updated':
      return fromRefund(event.id, object);
    case 'refund.failed':
      return fromRefund(event.id, object, true);
    case 'charge.refunded':
      return fromRefundedCharge(event.id, object);
    default:
      return { ok: true, event: null };
  }
}

export function refundResultState(status: string | null | undefined): RefundResult['state'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The truth about a session, with its payment intent expanded. */
export function statusFromSession(session: Stripe.Checkout.Session): PaymentStatus {
  const facts = { amountSen: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase() };
  if (session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')) {
    return { state: 'paid', ...facts, eventId: `${session.id}:paid` };
  }
  if (session.status === 'expired') return { state: 'expired', ...facts, eventId: `${session.id}:expired` };
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  // Completed without the money: an asynchronous payment still on its way, or one that failed.
  if (session.status === 'complete' && intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) {
    return { state: 'failed', ...facts, eventId: `${session.id}:failed` };
  }
  return { state: 'pending', ...facts, eventId: null };
}
