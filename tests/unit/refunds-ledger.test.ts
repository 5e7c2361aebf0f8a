import { describe, expect, test } from 'vitest';
import type { PaymentRow } from '../../server/modules/payments/service.ts';
import { ledgerFrom, refundableFrom, surplusLeft } from '../../server/modules/payments/ledger.ts';
import type { ReturnRow } from '../../server/modules/payments/returns.ts';
import type { OwedRow } from '../../server/modules/payments/owed.ts';

/** One ledger per order: what every screen shows and every refund rule reads. */

const at = new Date('2025-06-02T02:00:00Z');
const payment = (id: string, amountSen: number, refundDue = false) => ({ id, orderId: 'o', amountSen, refundDue, state: 'succeeded' }) as PaymentRow;
const back = (paymentId: string, amountSen: number, state: ReturnRow['state'], refundId: string | null = null) =>
  ({ id: `${paymentId}-${amountSen}-${state}`, orderId: 'o', paymentId, refundId, amountSen, state, createdAt: at }) as ReturnRow;
/** Money owed back on a claim (an approved refund): open, or closed once it is all back. */
const owed = (claimId: string, amountSen: number, closed = false) => ({ claimId, orderId: 'o', amountSen, openedAt: at, closedAt: closed ? at : null }) as OwedRow;

describe('ledgerFrom', () => {
  test('paid twice: the second payment is to be returned, then returned; the order uses one total', () => {
    const payments = [payment('a', 8900), payment('b', 8900, true)];
    expect(ledgerFrom(payments, [], [])).toEqual({ paidSen: 17_800, usedSen: 8900, returnedSen: 0, toReturnSen: 8900 });
    expect(ledgerFrom(payments, [back('b', 8900, 'sending')], [])).toEqual({ paidSen: 17_800, usedSen: 8900, returnedSen: 0, toReturnSen: 8900 });
    expect(ledgerFrom(payments, [back('b', 8900, 'succeeded')], [])).toEqual({ paidSen: 17_800, usedSen: 8900, returnedSen: 8900, toReturnSen: 0 });
  });

  test('an approved refund is owed until its returns succeed; a failed return leaves it owed', () => {
    const payments = [payment('a', 10_000)];
    expect(ledgerFrom(payments, [back('a', 4000, 'failed', 'r')], [owed('r', 4000)])).toEqual({ paidSen: 10_000, usedSen: 6000, returnedSen: 0, toReturnSen: 4000 });
    expect(ledgerFrom(payments, [back('a', 4000, 'succeeded', 'r')], [owed('r', 4000, true)])).toEqual({ paidSen: 10_000, usedSen: 6000, returnedSen: 4000, toReturnSen: 0 });
    // Owed and not yet sent: to return; once closed it owes nothing more.
    expect(ledgerFrom(payments, [], [owed('r', 4000)])).toEqual({ paidSen: 10_000, usedSen: 6000, returnedSen: 0, toReturnSen: 4000 });
    expect(ledgerFrom(payments, [], [owed('r', 4000, true)]).usedSen).toBe(10_000);
  });

  test('what a payment can still give back: a refund only from payments the order uses, a surplus only from its own', () => {
    const used = payment('a', 10_000);
    const surplus = payment('b', 10_000, true);
    const returns = [back('a', 3000, 'succeeded', 'r'), back('a', 2000, 'failed', 'r'), back('b', 4000, 'sending')];
    expect(refundableFrom(used, returns)).toBe(7000);
    expect(refundableFrom(surplus, returns)).toBe(0);
    expect(surplusLeft(surplus, returns)).toBe(6000);
    expect(surplusLeft(used, returns)).toBe(0);
  });
});
