import { audit } from '../../modules/audit/service.ts';
import { decideRefund, type ReviewInput } from '../../modules/refunds/review.ts';
import { lockStaffOrder, requireAdmin } from '../../modules/staff/access.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';

/**
 * An admin's decision on the request waiting for review (the rules: modules/refunds/review.ts),
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
