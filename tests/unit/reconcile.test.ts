import { describe, expect, test } from 'vitest';
import { paidOutside, reconcile, type ShopBooks } from '../../server/modules/reconcile/compare.ts';
import type { ProviderListing } from '../../server/providers/payment/types.ts';

const paidAt = new Date('2026-11-20T02:00:00Z');

/** Paid twice for an 8,900 order; the second payment returned in full. */
function clean(): { shop: ShopBooks; provider: ProviderListing } {
  return {
    shop: {
      payments: [
        { orderNo: 'SA1', providerRef: 'p1', amountSen: 8900, state: 'succeeded' },
        { orderNo: 'SA1', providerRef: 'p2', amountSen: 8900, state: 'succeeded' },
        { orderNo: 'SA1', providerRef: 'p3', amountSen: 8900, state: 'expired' },
      ],
      returns: [{ orderNo: 'SA1', paymentRef: 'p2', providerRefundRef: 'r1', amountSen: 8900, state: 'succeeded', paidOutside: false }],
      orders: [{ orderNo: 'SA1', status: 'UPCOMING', totalSen: 8900, paidSen: 17800, returnedSen: 8900, toReturnSen: 0 }],
    },
    provider: {
      payments: [
        { ref: 'p1', amountSen: 8900, currency: 'MYR', state: 'paid', paidAt },
        { ref: 'p2', amountSen: 8900, currency: 'MYR', state: 'paid', paidAt },
        { ref: 'p3', amountSen: 8900, currency: 'MYR', state: 'expired', paidAt: null },
      ],
      refunds: [{ ref: 'r1', paymentRef: 'p2', amountSen: 8900, state: 'succeeded' }],
    },
  };
}

describe('reconciliation', () => {
  test('a ledger that matches the provider has no difference', () => {
    const { shop, provider } = clean();
    expect(reconcile(shop, provider)).toEqual([]);
  });

  test('a payment the provider took that the shop has as failed', () => {
    const { shop, provider } = clean();
    shop.payments[0]!.state = 'failed';
    expect(reconcile(shop, provider)).toEqual(['order SA1, payment p1: the provider took RM 89.00, the shop has it failed']);
  });

  test('a payment the provider took that the shop does not have at all', () => {
    const { shop, provider } = clean();
    provider.payments.push({ ref: 'p9', amountSen: 500, currency: 'MYR', state: 'paid', paidAt });
    expect(reconcile(shop, provider)).toEqual(['payment p9: the provider took RM 5.00 the shop has no payment for']);
  });

  test('amounts are written as the shop writes ringgit, thousands grouped', () => {
    const { shop, provider } = clean();
    provider.payments.push({ ref: 'p9', amountSen: 123_450, currency: 'MYR', state: 'paid', paidAt });
    expect(reconcile(shop, provider)).toEqual(['payment p9: the provider took RM 1,234.50 the shop has no payment for']);
  });

  test('a payment the shop counts that the provider never took, and one with another amount', () => {
    const { shop, provider } = clean();
    shop.payments[2]!.state = 'succeeded';
    shop.payments[0]!.amountSen = 9000;
    expect(reconcile(shop, provider)).toEqual([
      'order SA1, payment p1: the shop counts RM 90.00, the provider took RM 89.00',
      'order SA1, payment p3: the shop counts RM 89.00 paid, the provider has it expired',
    ]);
  });

  test('a return the provider does not have, or failed, and a refund the shop does not know', () => {
    const { shop, provider } = clean();
    provider.refunds[0]!.state = 'failed';
    provider.refunds.push({ ref: 'r7', paymentRef: 'p1', amountSen: 100, state: 'succeeded' });
    expect(reconcile(shop, provider)).toEqual([
      'order SA1, return r1: the shop counts RM 89.00 returned, the provider failed it',
      'refund r7 of payment p1: the provider returned RM 1.00 the shop does not know',
    ]);
  });

  test('a return the shop lost: the provider refund is unknown and the order keeps money it does not use', () => {
    const { shop, provider } = clean();
    shop.returns = [];
    shop.orders[0]!.returnedSen = 0;
    expect(reconcile(shop, provider)).toEqual([
      'refund r1 of payment p2: the provider returned RM 89.00 the shop does not know',
      'order SA1 (UPCOMING): the shop keeps RM 178.00 of which RM 89.00 the order does not use, and no return is pending',
    ]);
  });

  test('a cancelled order keeps nothing unless a return is on its way', () => {
    const { shop, provider } = clean();
    shop.orders[0] = { orderNo: 'SA1', status: 'CANCELLED', totalSen: 8900, paidSen: 17800, returnedSen: 8900, toReturnSen: 0 };
    expect(reconcile(shop, provider)).toEqual(['order SA1 (CANCELLED): the shop keeps RM 89.00 of which RM 89.00 the order does not use, and no return is pending']);
    shop.orders[0].toReturnSen = 8900;
    expect(reconcile(shop, provider)).toEqual([]);
  });

  test('a refund the provider failed and staff paid outside it is not a difference, and is listed as paid outside', () => {
    const { shop, provider } = clean();
    provider.refunds[0]!.state = 'failed';
    shop.returns[0]!.state = 'failed';
    shop.returns.push({ orderNo: 'SA1', paymentRef: 'p2', providerRefundRef: 'IBG-0042', amountSen: 8900, state: 'succeeded', paidOutside: true });
    expect(reconcile(shop, provider)).toEqual([]);
    expect(paidOutside(shop)).toEqual(['order SA1, return IBG-0042: RM 89.00 paid outside the provider']);
    expect(paidOutside(clean().shop)).toEqual([]);
  });
});
