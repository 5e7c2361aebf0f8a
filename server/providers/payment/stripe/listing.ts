import type Stripe from 'stripe';
import type { ProviderListing, ProviderPayment } from '../types.ts';
import { refundResultState, statusFromSession } from './mapping.ts';

const PAGE = 100;

/** A session's state in the listing's words: what paymentStatus would say of it. */
function sessionState(session: Stripe.Checkout.Session): ProviderPayment['state'] {
  return statusFromSession(session).state;
}

/**
 * Every Checkout Session and refund Stripe created since then, page after page (the package's
 * auto-pagination follows `starting_after`). A refund names its session in its metadata (the
 * shop sends it); one made elsewhere is named by its payment intent's session when listed.
 */
export async function listSince(stripe: Stripe, since: Date): Promise<ProviderListing> {
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const payments: ProviderPayment[] = [];
  const sessionOfIntent = new Map<string, string>();
  for await (const session of stripe.checkout.sessions.list({ created, limit: PAGE, expand: ['data.payment_intent'] })) {
    const intent = session.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (intentId) sessionOfIntent.set(intentId, session.id);
    const paidAt = typeof intent === 'object' && intent?.created ? new Date(intent.created * 1000) : null;
    const state = sessionState(session);
    payments.push({ ref: session.id, amountSen: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase(), state, paidAt: state === 'paid' ? paidAt : null });
  }
  const refunds: ProviderListing['refunds'] = [];
  for await (const refund of stripe.refunds.list({ created, limit: PAGE })) {
    const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    const paymentRef = refund.metadata?.checkoutSession || (intentId && sessionOfIntent.get(intentId)) || intentId || '';
    refunds.push({ ref: refund.id, paymentRef, amountSen: refund.amount, state: refundResultState(refund.status) });
  }
  return { payments, refunds };
}
