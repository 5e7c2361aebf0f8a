import type { Db } from '../../db/client.ts';
import { retryDelayMs, scheduleJob, type JobHandler } from '../../jobs/queue.ts';
import { PaymentRefused, type PaymentProvider } from '../../providers/payment/index.ts';
import { lockOrder } from '../../modules/orders/service.ts';
import { paidPayments, paymentById } from '../../modules/payments/service.ts';
import { refundableFrom } from '../../modules/payments/ledger.ts';
import { recordReturn, outsideKey, recordReturnRef, returnById, returnsOf, returnsOfRefund, settleReturn, type ReturnRow } from '../../modules/payments/returns.ts';
import { refundById, tryMoveRefund, type RefundRow } from '../../modules/refunds/service.ts';
import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';

/**
 * Money on its way back: every return goes to one payment and asks the provider for no more
 * than that payment can still give back. Sent after the commit that decided it (the provider
 * call never holds a transaction), again by a job while the provider cannot be reached (the
 * same idempotency key, so asking again never pays twice), and completed by the provider's
 * callback (complete.ts). A definite failure fails the return; a new attempt is a new return.
 */

export const REFUND_SEND_JOB = 'refund.send';
/** Money the order cannot use, sent back without anyone asking (surplus.ts). */
export const MONEY_BACK_JOB = 'money.back';
/** Tries at returning one payment's surplus before it waits for staff. */
export const MONEY_BACK_TRIES = 5;

/** What sending money back takes: the database, the payment provider, the clock. */
export interface PayoutContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
}

const sum = (rows: { amountSen: number }[]) => rows.reduce((s, r) => s + r.amountSen, 0);

/**
 * Splits what is owed of an approved refund into returns, newest payment first, each within
 * what its payment can still give back (payments the order cannot use are returned apart).
 * The first return is keyed by the refund's id; each later one (another payment, a new
 * attempt) by a key of its own.
 */
export async function allocateRefund(
  tx: Db,
  refund: RefundRow,
  now: Date,
  settled?: { reference: string; note: string },
): Promise<{ returns: ReturnRow[]; leftSen: number }> {
  // One after the other: a transaction's queries share one connection.
  const payments = await paidPayments(tx, [refund.orderId]);
  const returns = await returnsOf(tx, [refund.orderId]);
  let n = returns.filter((r) => r.refundId === refund.id).length;
  let owed = refund.amountSen - sum(returns.filter((r) => r.refundId === refund.id && r.state !== 'failed'));
  const made: ReturnRow[] = [];
  for (const payment of [...payments].reverse()) {
    const take = Math.min(owed, refundableFrom(payment, returns));
    if (take <= 0) continue;
    const key = settled ? outsideKey(refund.id, n) : n === 0 ? refund.id : `${refund.id}:${n}`;
    made.push(
      await recordReturn(
        tx,
        {
          orderId: refund.orderId,
          paymentId: payment.id,
          refundId: refund.id,
          amountSen: take,
          idempotencyKey: key,
          ...(settled ? { state: 'succeeded' as const, providerRefundRef: settled.reference, note: settled.note } : {}),
        },
        now,
      ),
    );
    n++;
    owed -= take;
  }
  return { returns: made, leftSen: owed };
}

/** A job per return, in case the process stops before the send after the commit: it finds the return sent and does nothing. */
export async function scheduleSends(tx: Db, returns: ReturnRow[], now: Date, attempt = 0, delayMs = 5 * 60_000): Promise<void> {
  for (const ret of returns) {
    await scheduleJob(tx, { kind: REFUND_SEND_JOB, key: `refund-send-${ret.id}-${attempt}`, runAt: new Date(now.getTime() + delayMs), payload: { returnId: ret.id, attempt } }, now);
  }
}

/** A new return of an order's surplus, after a definite failure: later, and at most MONEY_BACK_TRIES times per payment. */
async function scheduleMoneyBackAgain(tx: Db, failed: ReturnRow, now: Date): Promise<void> {
  const tries = (await returnsOf(tx, [failed.orderId])).filter((r) => r.paymentId === failed.paymentId && r.refundId === null && r.state === 'failed').length;
  if (tries >= MONEY_BACK_TRIES) {
    log.error(`[refund] the surplus of payment ${failed.paymentId} failed ${tries} times: left for staff`);
    return;
  }
  await scheduleJob(tx, { kind: MONEY_BACK_JOB, key: `money-back:${failed.id}`, runAt: new Date(now.getTime() + retryDelayMs(tries)), payload: { orderId: failed.orderId } }, now);
}

/**
 * The provider could not pay a return back (its refusal, or its `refund.failed`): the return
 * fails, and with it the refund (FAILED, for staff to retry or pay outside the provider); a
 * surplus is tried again later as a new return.
 */
export async function failReturn(tx: Db, ret: ReturnRow, reason: string, now: Date): Promise<void> {
  await lockOrder(tx, { id: ret.orderId });
  if (!(await settleReturn(tx, ret.id, 'failed', now, reason))) return;
  log.error(`[refund] return ${ret.id} of ${ret.amountSen} sen failed at the provider: ${reason}`);
  if (!ret.refundId) return scheduleMoneyBackAgain(tx, ret, now);
  const refund = await refundById(tx, ret.refundId);
  if (refund?.status === 'REVIEWED' || refund?.status === 'PROCESSING') {
    await tryMoveRefund(tx, refund, 'fail', 'system', { noteKey: 'refundHistory.failed' }, now);
  }
}

/**
 * Asks the provider to pay one return back to its payment, and marks its refund PROCESSING. A
 * refusal fails the return; a provider out of reach leaves it to be sent again, logged.
 */
export async function sendReturn(ctx: PayoutContext, ret: ReturnRow, reason?: string, attempt = 0): Promise<void> {
  const payment = await paymentById(ctx.db, ret.paymentId);
  if (!payment?.providerRef) {
    log.error(`[refund] return ${ret.id}: its payment has no provider reference`);
    return;
  }
  let result;
  try {
    result = await ctx.payments.refund({ providerRef: payment.providerRef, amountSen: ret.amountSen, refundId: ret.idempotencyKey, reason });
  } catch (err) {
    const now = ctx.now();
    if (err instanceof PaymentRefused) {
      await ctx.db.transaction((tx) => failReturn(tx, ret, err.key, now));
      return;
    }
    log.error(`[refund] return ${ret.id} not sent to ${ctx.payments.name} (try ${attempt + 1}): ${errorMessage(err)}`);
    await ctx.db.transaction((tx) => scheduleSends(tx, [ret], now, attempt + 1, retryDelayMs(attempt + 1)));
    return;
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, { id: ret.orderId });
    await recordReturnRef(tx, ret.id, result.providerRefundRef, now);
    if (result.state === 'failed') return failReturn(tx, ret, 'the provider could not pay it', now);
    if (!ret.refundId) return;
    const refund = await refundById(tx, ret.refundId);
    // The provider's callback may have completed it already.
    if (refund?.status === 'REVIEWED') await tryMoveRefund(tx, refund, 'process', 'system', { noteKey: 'refundHistory.sent' }, now);
  });
}

/** The returns a send job names that still wait for the provider's first answer. */
async function unsent(tx: Db, payload: { returnId?: string; refundId?: string }): Promise<ReturnRow[]> {
  if (payload.returnId) {
    const ret = await returnById(tx, payload.returnId);
    return ret ? [ret] : [];
  }
  return payload.refundId ? returnsOfRefund(tx, payload.refundId) : [];
}

/** The job that sends a return again when the provider could not be reached, once more on each failure. */
export function refundSendHandler(ctx: PayoutContext): JobHandler {
  return async (tx, job) => {
    const payload = job.payload as { returnId?: string; refundId?: string; attempt: number };
    const waiting = (await unsent(tx, payload)).filter((r) => r.state === 'sending' && r.providerRefundRef === null);
    if (waiting.length === 0) return;
    const reasons = new Map<string, string>();
    for (const ret of waiting) if (ret.refundId) reasons.set(ret.id, (await refundById(tx, ret.refundId))?.reason ?? '');
    return async () => {
      for (const ret of waiting) await sendReturn(ctx, ret, reasons.get(ret.id) || undefined, payload.attempt);
    };
  };
}
