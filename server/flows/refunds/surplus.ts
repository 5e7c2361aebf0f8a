import type { Db } from '../../db/client.ts';
import { scheduleJob, type JobHandler } from '../../jobs/queue.ts';
import { lockOrder } from '../../modules/orders/service.ts';
import { paidPayments } from '../../modules/payments/service.ts';
import { surplusLeft } from '../../modules/payments/ledger.ts';
import { MONEY_BACK_JOB, scheduleSends, sendReturn, type PayoutContext } from './payout.ts';
import { recordReturn, returnsOf, type ReturnRow } from '../../modules/payments/returns.ts';

/**
 * Money an order cannot use (paid twice, paid after a cancel, paid after its time was taken)
 * goes back to the payment it came from, by a job, without anyone asking: the customer is
 * told by SMS once the provider confirms it (complete.ts).
 */

/** Schedules the return of what the order cannot use, in the transaction that recorded the payment. */
export async function scheduleMoneyBack(tx: Db, orderId: string, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: MONEY_BACK_JOB, runAt: now, payload: { orderId } }, now);
}

/**
 * With the order locked, a return for every payment whose surplus has none on its way (so
 * two runs at once send it once), sent after the commit.
 */
export function moneyBackHandler(ctx: PayoutContext): JobHandler {
  return async (tx, job, now) => {
    const order = await lockOrder(tx, { id: String(job.payload.orderId) });
    if (!order) return;
    // One after the other: a transaction's queries share one connection.
    const payments = await paidPayments(tx, [order.id]);
    const returns = await returnsOf(tx, [order.id]);
    const made: ReturnRow[] = [];
    for (const payment of payments) {
      const left = surplusLeft(payment, returns);
      if (left <= 0) continue;
      const n = returns.filter((r) => r.paymentId === payment.id && r.refundId === null).length;
      made.push(
        await recordReturn(
          tx,
          { orderId: order.id, paymentId: payment.id, refundId: null, amountSen: left, idempotencyKey: n === 0 ? `money-back:${payment.id}` : `money-back:${payment.id}:${n}`, note: payment.note },
          now,
        ),
      );
    }
    if (made.length === 0) return;
    await scheduleSends(tx, made, now);
    return async () => {
      for (const ret of made) await sendReturn(ctx, ret, `Order ${order.orderNo} could not use this payment`);
    };
  };
}
