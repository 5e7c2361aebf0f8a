import { timingSafeEqual } from 'node:crypto';
import type { MessageKey } from '../../../contract/messages.ts';
import { findCourier } from '../../../src/lib/couriers.ts';
import { couriers } from '../../../src/lib/couriers.ts';
import { warning } from '../../modules/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { moveOrder, type NewOrder, type OrderRow } from '../../modules/orders/service.ts';
import { transitionOrder, type OrderEvent } from '../../modules/orders/states.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';
import { orderNotice, type Notice } from '../my-orders/notices.ts';
import { lockStaffOrder } from '../../modules/staff/access.ts';

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type MoveInput =
  | { event: 'start' | 'ready'; orderNo: string }
  | { event: 'complete'; orderNo: string; pickupCode?: string }
  | { event: 'ship'; orderNo: string; expressCompany: string; expressNo: string };

const historyKey: Record<Exclude<OrderEvent, 'pay' | 'payLate' | 'cancel' | 'expire' | 'refund'>, MessageKey> = {
  start: 'history.started',
  ready: 'history.ready',
  ship: 'history.shipped',
  complete: 'history.completed',
};

/**
 * One move of an order by staff (orders.md §4), in one transaction with the order locked: the
 * state table decides (807 otherwise), a pickup is handed over with its code only, the
 * history row, the SMS (ready, shipped) and the audit row are written with the move. The order
 * as moved; the caller answers with the console's view of it.
 */
export async function staffMove(ctx: ShopContext, who: StaffRow, input: MoveInput): Promise<OrderRow> {
  const now = ctx.now();
  const { notice, moved } = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const move = transitionOrder({ status: order.status, stage: order.stage, method: order.method }, input.event, 'staff');
    if (!move.ok) throw warning(move.key, move.params);

    const changes: Partial<NewOrder> = {};
    let noteKey = historyKey[input.event];
    let noteParams: Record<string, string> | undefined;
    const details: Record<string, unknown> = { from: { status: order.status, stage: order.stage }, to: { status: move.status, stage: move.stage } };
    if (input.event === 'complete') {
      changes.completedAt = now;
      if (order.method === 'pickup') {
        if (!input.pickupCode) throw warning('console.pickupCodeNeeded', {}, { field: 'pickupCode' });
        if (!order.pickupCode || !sameCode(order.pickupCode, input.pickupCode)) throw warning('console.pickupCodeWrong', {}, { field: 'pickupCode' });
        noteKey = 'history.handedOver';
      }
    }
    if (input.event === 'ship') {
      const courier = couriers.find((c) => c.id === input.expressCompany) ?? findCourier(input.expressCompany);
      if (!courier) throw warning('console.courier', {}, { field: 'expressCompany' });
      changes.expressCompany = courier.name;
      changes.expressNo = input.expressNo.toUpperCase();
      noteParams = { company: courier.name, trackingNo: changes.expressNo };
      Object.assign(details, { expressCompany: courier.name, expressNo: changes.expressNo });
    }
    const row = await moveOrder(tx, order, move, { by: 'staff', noteKey, noteParams }, now, changes);
    let notice: Notice = async () => {};
    if (input.event === 'ready') notice = await orderNotice(tx, ctx, row, { kind: 'pickupReady' }, now);
    if (input.event === 'ship') notice = await orderNotice(tx, ctx, row, { kind: 'shipped' }, now);
    await audit(tx, { staff: who, action: `console/orders/${input.event}`, orderNo: order.orderNo, storeId: order.storeId, details }, now);
    return { notice, moved: row };
  });
  await notice();
  return moved;
}

