import { audit } from '../../modules/audit/service.ts';
import { payRefundOutside, retryRefund, type FailedRefundDone } from '../refunds/failed.ts';
import { decideRefund, type ReviewInput } from '../refunds/review.ts';
import { lockStaffOrder, requireAdmin } from '../../modules/staff/access.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';

/**
 * An admin's decision on the request waiting for review (flows/refunds/review.ts),
 * audited in the same transaction; the SMS and the payout follow the commit. The caller answers
 * with the order.
 */
export async function reviewRefund(ctx: ShopContext, who: StaffRow, input: ReviewInput & { orderNo: string }): Promise<void> {
  requireAdmin(who);
  const now = ctx.now();
  const reviewed = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const reviewed = await decideRefund(tx, ctx, order, input, now);
    const approved = input.decision === 'approve';
    await audit(
      tx,
      {
        staff: who,
        action: 'console/refunds/review',
        orderNo: order.orderNo,
        refundNo: reviewed.refundNo,
        storeId: order.storeId,
        details: { decision: input.decision, requestedSen: reviewed.before.requestedSen, amountSen: approved ? reviewed.after.amountSen : null, note: input.note },
      },
      now,
    );
    return reviewed;
  });
  await reviewed.afterCommit();
}

/**
 * An admin's answer to a refund the provider could not pay: sent again as a new request, or
 * recorded as paid outside the provider with its reference. Audited in the same transaction;
 * the provider request or the SMS follow the commit. The caller answers with the order.
 */
export async function resolveFailedRefund(
  ctx: ShopContext,
  who: StaffRow,
  input: { orderNo: string } & ({ action: 'retry' } | { action: 'manual'; reference: string; note: string }),
): Promise<void> {
  requireAdmin(who);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const done: FailedRefundDone =
      input.action === 'retry' ? await retryRefund(tx, ctx, order, now) : await payRefundOutside(tx, ctx, order, { reference: input.reference, note: input.note }, now);
    await audit(
      tx,
      {
        staff: who,
        action: input.action === 'retry' ? 'console/refunds/retry' : 'console/refunds/manual',
        orderNo: order.orderNo,
        refundNo: done.refundNo,
        storeId: order.storeId,
        details: input.action === 'retry' ? { amountSen: done.after.amountSen } : { amountSen: done.after.amountSen, reference: input.reference, note: input.note },
      },
      now,
    );
    return done;
  });
  await done.afterCommit();
}
