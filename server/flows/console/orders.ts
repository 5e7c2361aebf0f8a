import { timingSafeEqual } from 'node:crypto';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import { findCourier } from '../../../contract/rules/couriers.ts';
import { couriers } from '../../../contract/rules/couriers.ts';
import { warning } from '../../modules/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { linesOf, moveOrder, recordTyres, type OrderChanges, type OrderRow } from '../../modules/orders/service.ts';
import { consumeUnits, heldUnits, type FittedUnit } from '../../modules/stock/service.ts';
import { fittedTyres, type FittedTyresInput } from './fitted-tyres.ts';
import type { OrderEvent } from '../../modules/orders/states.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';
import { noNotice, orderNotice, type Notice } from '../../modules/notifications/service.ts';
import { lockStaffOrder } from '../../modules/staff/access.ts';
import { recordReading } from '../../modules/vehicles/odometer.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import { isFitted } from '../../../contract/rules/order-required.ts';

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type MoveInput =
  | { event: 'start' | 'ready'; orderNo: string }
  | ({ event: 'complete'; orderNo: string; pickupCode?: string; odometerKm?: number } & FittedTyresInput)
  | { event: 'ship'; orderNo: string; expressCompany: string; expressNo: string };

const historyKey: Record<Exclude<OrderEvent, 'pay' | 'payLate' | 'cancel' | 'expire' | 'refund' | 'miss'>, MessageKey> = {
  start: 'history.started',
  ready: 'history.ready',
  ship: 'history.shipped',
  complete: 'history.completed',
};

/**
 * One move of an order by staff (docs/contracts/orders.md §4), in one transaction with the order locked: the
 * state table decides (807 otherwise), a pickup is handed over with its code only, the
 * history row, the SMS (ready, shipped) and the audit row are written with the move. The order
 * as moved; the caller answers with the console's view of it.
 */
export async function staffMove(ctx: ShopContext, who: StaffRow, input: MoveInput): Promise<OrderRow> {
  const now = ctx.now();
  const { notice, moved } = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const changes: OrderChanges = {};
    let noteKey = historyKey[input.event];
    let noteParams: Record<string, string> | undefined;
    const handOver = input.event === 'complete' && order.method === 'pickup';
    let tyres: Record<string, unknown>[] = [];
    let overrideReason: string | null = null;
    let notReservedReason: string | null = null;
    let fittedUnits: FittedUnit[] = [];
    if (input.event === 'complete') changes.completedAt = now;
    const service = input.event === 'complete' && isFitted(order.method);
    if (service && input.odometerKm !== undefined) changes.odometerKm = input.odometerKm;
    if (handOver) noteKey = 'history.handedOver';
    const courier = input.event === 'ship' ? (couriers.find((c) => c.id === input.expressCompany) ?? findCourier(input.expressCompany)) : undefined;
    if (input.event === 'ship' && courier) {
      changes.expressCompany = courier.name;
      changes.expressNo = input.expressNo.toUpperCase();
      noteParams = { company: courier.name, trackingNo: changes.expressNo };
    }
    // The state table answers first (807); what the move then needs is checked within the
    // same transaction, so a refusal below leaves the order as it was.
    const row = await moveOrder(tx, order, input.event, 'staff', { noteKey, noteParams, changes }, now);
    if (handOver && input.event === 'complete') {
      if (!input.pickupCode) throw warning('console.pickupCodeNeeded', {}, { field: 'pickupCode' });
      if (!order.pickupCode || !sameCode(order.pickupCode, input.pickupCode)) throw warning('console.pickupCodeWrong', {}, { field: 'pickupCode' });
    }
    // A service done is a reading of the car's odometer: required, and kept in the car's history.
    if (service && input.event === 'complete') {
      if (input.odometerKm === undefined) throw warning('console.odometerNeeded', {}, { field: 'odometerKm' });
      if (order.carId) await recordReading(tx, { carId: order.carId, date: klDate(now), km: input.odometerKm, source: 'staff', orderId: order.id }, 'odometerKm');
      // The DOT date codes reserved for each line: another batch is fitted with a reason only.
      const lines = await linesOf(tx, order.id);
      const held = await heldUnits(tx, [order.id]);
      const reservedDots = new Map(lines.map((l) => [l.id, [...new Set(held.filter((h) => h.position === l.position && h.dot !== '').map((h) => h.dot))]]));
      const fitted = await fittedTyres(tx, who, order, input, ctx.indexes.orderRules.warranty.maxTyreAgeMonths, now, reservedDots);
      const positionOf = new Map(lines.map((l) => [l.id, l.position]));
      fittedUnits = fitted.rows.map((t) => ({ position: positionOf.get(t.lineId)!, dot: t.dot }));
      if (fitted.notReserved) notReservedReason = input.notReserved!.reason;
      await recordTyres(tx, fitted.rows);
      tyres = fitted.rows.map((t) => ({ position: t.position, dot: t.dot, dotFull: t.dotFull, photoKey: t.photoKey, ageMonthsAtFitting: t.ageMonthsAtFitting, beyondPromise: t.beyondPromise }));
      if (fitted.overridden) overrideReason = input.override!.reason;
    }
    if (input.event === 'ship' && !courier) throw warning('console.courier', {}, { field: 'expressCompany' });
    // Completed: what the order holds leaves the shelf (docs/guide.md, Stock).
    if (input.event === 'complete') await consumeUnits(tx, order, fittedUnits, who.phone, now);
    const details: Record<string, unknown> = { from: { status: order.status, stage: order.stage }, to: { status: row.status, stage: row.stage } };
    if (input.event === 'ship') Object.assign(details, { expressCompany: row.expressCompany, expressNo: row.expressNo });
    if (service) Object.assign(details, { odometerKm: row.odometerKm });
    if (tyres.length) Object.assign(details, { tyres });
    if (overrideReason) Object.assign(details, { tyreOverride: overrideReason });
    if (notReservedReason) Object.assign(details, { notReserved: notReservedReason });
    let notice: Notice = noNotice;
    if (input.event === 'ready') notice = await orderNotice(tx, ctx, row, { kind: 'pickupReady' }, now);
    if (input.event === 'ship') notice = await orderNotice(tx, ctx, row, { kind: 'shipped' }, now);
    if (input.event === 'complete') notice = await orderNotice(tx, ctx, row, { kind: 'completed' }, now);
    await audit(tx, { staff: who, action: `console/orders/${input.event}`, orderNo: order.orderNo, storeId: order.storeId, details }, now);
    return { notice, moved: row };
  });
  await notice();
  return moved;
}

