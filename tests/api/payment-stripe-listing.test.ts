import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CheckoutRequest } from '../../server/providers/payment/index.ts';
import { stripeProvider, type StripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';

/** What reconciliation reads from Stripe: every session and refund since a moment, page after page. */

let double: StripeDouble;
let stripe: StripeProvider;
const started = new Date(Date.now() - 60_000);

beforeAll(async () => {
  double = await startStripeDouble();
  stripe = stripeProvider({ secretKey: 'sk_test_servauto', webhookSecret: 'whsec_listing', host: '127.0.0.1', port: double.port, protocol: 'http' });
});
afterAll(async () => {
  await double?.close();
});

const checkout = (paymentId: string, amountSen: number): CheckoutRequest => ({
  paymentId,
  orderNo: 'SA2506021234',
  amountSen,
  currency: 'MYR',
  payMethod: 'card',
  description: 'Servauto order SA2506021234',
  returnUrl: 'http://shop.test/pc/pages?orderNo=SA2506021234',
  expiresAt: new Date(Date.now() + 60 * 60_000),
  locale: 'en',
});

test('lists sessions and refunds created since then across pages, each refund naming its session', async () => {
  const paid = await stripe.createCheckout(checkout('5d0f3a8e-7a51-4c3e-9d0b-000000000001', 15_900));
  const open = await stripe.createCheckout(checkout('5d0f3a8e-7a51-4c3e-9d0b-000000000002', 8_900));
  const expired = await stripe.createCheckout(checkout('5d0f3a8e-7a51-4c3e-9d0b-000000000003', 4_500));
  double.pay(paid.providerRef);
  await stripe.expireCheckout!(expired.providerRef);
  const refund = await stripe.refund({ providerRef: paid.providerRef, amountSen: 5_000, refundId: 'refund-1' });
  double.refundStatus = 'failed';
  const failed = await stripe.refund({ providerRef: paid.providerRef, amountSen: 1_000, refundId: 'refund-2' });
  // One object a page: the listing must follow starting_after to the end.
  double.pageSize = 1;
  double.requests.length = 0;

  const listing = await stripe.listSince!(started);
  const byRef = (a: { ref: string }, b: { ref: string }) => a.ref.localeCompare(b.ref);
  expect(listing.payments.sort(byRef)).toEqual(
    [
      { ref: paid.providerRef, amountSen: 15_900, currency: 'MYR', state: 'paid', paidAt: expect.any(Date) },
      { ref: open.providerRef, amountSen: 8_900, currency: 'MYR', state: 'pending', paidAt: null },
      { ref: expired.providerRef, amountSen: 4_500, currency: 'MYR', state: 'expired', paidAt: null },
    ].sort(byRef),
  );
  expect(listing.refunds.sort(byRef)).toEqual(
    [
      { ref: refund.providerRefundRef, paymentRef: paid.providerRef, amountSen: 5_000, state: 'succeeded' },
      { ref: failed.providerRefundRef, paymentRef: paid.providerRef, amountSen: 1_000, state: 'failed' },
    ].sort(byRef),
  );
  const lists = double.requests.filter((r) => r.method === 'GET');
  expect(lists.map((r) => r.path)).toEqual([...Array(3).fill('/v1/checkout/sessions'), ...Array(2).fill('/v1/refunds')]);
  expect(lists.every((r) => r.query.get('created[gte]') === String(Math.floor(started.getTime() / 1000)))).toBe(true);
  expect(lists.filter((r) => r.query.get('starting_after')).length).toBe(3);
});

test('nothing created since then: empty lists', async () => {
  expect(await stripe.listSince!(new Date(Date.now() + 3_600_000))).toEqual({ payments: [], refunds: [] });
});
