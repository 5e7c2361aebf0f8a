import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { eventFromStripe, refundResultState, sessionExpiry, statusFromSession } from '../../server/providers/payment/stripe/mapping.ts';

/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const NOW = new Date('2025-06-02T02:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const ours = { orderNo: 'SA2506021234', paymentId: 'pay-1' };
const session = (fields: Record<string, unknown> = {}) =>
  ({ id: 'cs_test_1', object: 'checkout.session', amount_total: 15_900, currency: 'myr', status: 'complete', payment_status: 'paid', payment_intent: 'pi_1', metadata: ours, ...fields }) as unknown as Stripe.Checkout.Session;
const event = (type: string, object: unknown) => ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;
const refund = (fields: Record<string, unknown> = {}) => ({
  id: 're_1',
  object: 'refund',
  amount: 5_000,
  currency: 'myr',
  status: 'succeeded',
  metadata: { refundId: 'refund-1', checkoutSession: 'cs_test_1' },
  ...fields,
});

describe('how long a Checkout Session lives', () => {
  test('until the order’s payBefore when Stripe allows it', () => {
    expect(sessionExpiry(minutes(45), NOW)).toBe(seconds(minutes(45)));
  });

  test('at least 31 minutes, as Stripe asks for 30', () => {
    expect(sessionExpiry(minutes(5), NOW)).toBe(seconds(minutes(31)));
  });

  test('never past Stripe’s 24 hours', () => {
    expect(sessionExpiry(minutes(48 * 60), NOW)).toBe(seconds(minutes(24 * 60 - 1)));
  });
});

describe('Stripe events for the shop', () => {
  test('a completed session not yet paid (an asynchronous method) is not a payment yet', () => {
    expect(eventFromStripe(event('checkout.session.completed', session({ payment_status: 'unpaid' })))).toEqual({ ok: true, event: null });
  });

  test('a session the shop did not create is not acted on', () => {
    expect(eventFromStripe(event('checkout.session.completed', session({ metadata: {} })))).toEqual({ ok: true, event: null });
  });

  test('a refund made in Stripe’s dashboard, not by the shop, is not acted on', () => {
    expect(eventFromStripe(event('refund.updated', refund({ metadata: {} })))).toEqual({ ok: true, event: null });
  });

  test('a refund still pending is not news yet; a failed or cancelled one is', () => {
    expect(eventFromStripe(event('refund.created', refund({ status: 'pending' })))).toEqual({ ok: true, event: null });
    expect(eventFromStripe(event('refund.updated', refund({ status: 'canceled' })))).toMatchObject({ ok: true, event: { kind: 'refund.failed', refundId: 'refund-1' } });
    expect(eventFromStripe(event('refund.failed', refund({ status: 'failed' })))).toMatchObject({ ok: true, event: { kind: 'refund.failed' } });
  });

  test('charge.refunded names the newest refund on the charge, or nothing when the charge carries no list', () => {
    const older = refund({ id: 're_old', created: 100, metadata: { refundId: 'refund-old', checkoutSession: 'cs_test_1' } });
    const newer = refund({ id: 're_new', created: 200, metadata: { refundId: 'refund-new', checkoutSession: 'cs_test_1' } });
    expect(eventFromStripe(event('charge.refunded', { id: 'ch_1', refunds: { data: [older, newer] } }))).toMatchObject({ ok: true, event: { refundId: 'refund-new' } });
    expect(eventFromStripe(event('charge.refunded', { id: 'ch_1' }))).toEqual({ ok: true, event: null });
  });

  test('an event without its object is refused', () => {
    expect(eventFromStripe(event('refund.updated', null))).toMatchObject({ ok: false });
    expect(eventFromStripe(event('checkout.session.expired', { id: 'cs_1', amount_total: '159' }))).toMatchObject({ ok: false });
  });
});

describe('a session’s status', () => {
  test('paid, expired, failed and pending', () => {
    expect(statusFromSession(session())).toEqual({ state: 'paid', amountSen: 15_900, currency: 'MYR', eventId: 'cs_test_1:paid' });
    expect(statusFromSession(session({ status: 'expired', payment_status: 'unpaid' }))).toMatchObject({ state: 'expired', eventId: 'cs_test_1:expired' });
    expect(statusFromSession(session({ payment_status: 'unpaid', payment_intent: { id: 'pi_1', status: 'requires_payment_method' } }))).toMatchObject({ state: 'failed' });
    expect(statusFromSession(session({ payment_status: 'unpaid', payment_intent: { id: 'pi_1', status: 'processing' } }))).toMatchObject({ state: 'pending', eventId: null });
    expect(statusFromSession(session({ status: 'open', payment_status: 'unpaid', payment_intent: null }))).toMatchObject({ state: 'pending' });
  });

  test('a refund’s state', () => {
    expect(['succeeded', 'pending', 'requires_action', 'failed', 'canceled', null].map(refundResultState)).toEqual(['succeeded', 'pending', 'pending', 'failed', 'failed', 'pending']);
  });
});
