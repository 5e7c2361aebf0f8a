import type { z } from 'zod';
import type { consoleMobileDay } from '../../../contract/console-mobile.ts';
import { Code } from '../../../contract/codes.ts';
import { klDate, klInstant } from '../../../contract/rules/kl-calendar.ts';
import { ringgit } from '../../../contract/rules/order-total.ts';
import { windowStarts, type MobileRules, type Van } from '../../../contract/rules/mobile.ts';
import { audit } from '../../modules/audit/service.ts';
import { closedAccounts } from '../../modules/auth/service.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import { orderNotice } from '../../modules/notifications/service.ts';
import { breaksUnique, linesOf, markOnTheWay, moveOrder, vanOrdersOn } from '../../modules/orders/service.ts';
import { releaseWindow } from '../../modules/mobile/service.ts';
import { insertRefund } from '../../modules/refunds/service.ts';
import { releaseUnits } from '../../modules/stock/service.ts';
import { decideRefund } from '../refunds/review.ts';
import { lockStaffOrder, requireStoreAccess } from '../../modules/staff/access.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';

type Day = z.infer<typeof consoleMobileDay.response>;

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The van of the content; 404 when there is none. Workshop staff only see the vans based at their workshop. */
function vanFor(ctx: Pick<ShopContext, 'indexes'>, who: StaffRow, vanId: string): Van {
  const van = (ctx.indexes.orderRules.mobile as MobileRules).vans.find((v) => v.id === vanId);
  if (!van) throw new DomainError(Code.NOT_FOUND, 'mobile.unknownVan', {}, { field: 'vanId' });
  requireStoreAccess(who, van.baseStoreId);
  return van;
}

/** Where the technician goes: the address as one line, for the map links. */
const addressLine = (a: { line1: string; line2?: string | null; postcode: string; city: string; state: string }) =>
  [a.line1, a.line2, `${a.postcode} ${a.city}`, a.state, 'Malaysia'].filter(Boolean).join(', ');

/**
 * console/mobile/day: a van's jobs on a date by window, each with the address, its landmark and
 * map links, the lines to fit and whether the technician set off.
 */
export async function vanDay(ctx: ShopContext, who: StaffRow, input: { vanId: string; date: string }): Promise<Day> {
  const van = vanFor(ctx, who, input.vanId);
  const rules = ctx.indexes.orderRules.mobile as MobileRules;
  const orders = await vanOrdersOn(ctx.db, van.id, input.date);
  const lines = await Promise.all(orders.map((o) => linesOf(ctx.db, o.id)));
  const closed = await closedAccounts(ctx.db, orders.map((o) => o.customerId));
  const starts = windowStarts(van, rules.windowHours);
  return {
    van: { id: van.id, name: van.name, baseStoreId: van.baseStoreId },
    date: input.date,
    windows: starts.map((start) => ({
      start,
      end: clock(minuteOf(start) + rules.windowHours * 60),
      jobs: orders
        .map((order, i) => ({ order, lines: lines[i]! }))
        .filter(({ order }) => order.appointmentTime === start)
        .map(({ order, lines: ls }) => {
          const a = order.address!;
          const where = addressLine(a);
          return {
            orderNo: order.orderNo,
            status: order.status,
            stage: order.stage,
            customer: order.contact.name,
            phone: order.contact.phone,
            address: { line1: a.line1, line2: a.line2 ?? null, postcode: a.postcode, city: a.city, state: a.state, landmark: a.landmark ?? null },
            items: ls.map((l) => ({ name: l.name, quantity: l.quantity })),
            minutes: order.fittingMinutes,
            carPlate: order.carPlate,
            mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`,
            wazeUrl: `https://waze.com/ul?q=${encodeURIComponent(where)}&navigate=yes`,
            onTheWayAt: order.onTheWayAt?.toISOString() ?? null,
            etaMinutes: order.etaMinutes,
            ...(closed.has(order.customerId) ? { closedAccount: true as const } : {}),
          };
        }),
    })),
  };
}

/**
 * console/mobile/on-the-way: the technician set off for a job booked at the customer's place
 * today; the customer is told (WhatsApp or SMS, through the outbox), once.
 */
export async function onTheWay(ctx: ShopContext, who: StaffRow, input: { orderNo: string; etaMinutes: number }) {
  const now = ctx.now();
  const { row, notice } = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    if (order.method !== 'mobile' || order.status !== 'UPCOMING' || order.stage !== 'BOOKED' || order.appointmentDate !== klDate(now)) throw warning('mobile.notToday', {}, { field: 'orderNo' });
    const marked = await markOnTheWay(tx, order, input.etaMinutes, now);
    if (!marked) throw warning('mobile.alreadyOnTheWay', {}, { field: 'orderNo' });
    const told = await orderNotice(tx, ctx, marked, { kind: 'onTheWay', etaMinutes: input.etaMinutes }, now, `on-the-way:${order.id}`);
    await audit(tx, { staff: who, action: 'console/mobile/on-the-way', orderNo: order.orderNo, storeId: order.storeId, details: { etaMinutes: input.etaMinutes } }, now);
    return { row: marked, notice: told };
  });
  await notice();
  return { orderNo: row.orderNo, onTheWayAt: row.onTheWayAt!.toISOString(), etaMinutes: row.etaMinutes! };
}

/** How long into its window a technician waits before the customer counts as not there. */
export const MISSED_AFTER_MINUTES = 15;

/**
 * console/mobile/missed: the customer was not there, from 15 minutes into the window. In one
 * transaction: the order is cancelled by staff, its van window and reserved stock given back, and
 * a refund of all but the visit fee and its tax is recorded and approved (paid back through the
 * provider after the commit, as any refund); the customer is told once, and it is audited.
 */
export async function missedVisit(ctx: ShopContext, who: StaffRow, input: { orderNo: string; reason: string }) {
  const now = ctx.now();
  const { answer, afterCommit } = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    if (order.method === 'mobile' && order.appointmentDate && order.appointmentTime) {
      const from = new Date(klInstant(order.appointmentDate, order.appointmentTime).getTime() + MISSED_AFTER_MINUTES * 60_000);
      if (now < from) throw warning('mobile.missTooEarly', { time: clock(minuteOf(order.appointmentTime) + MISSED_AFTER_MINUTES) }, { field: 'orderNo' });
    }
    const keptSen = order.visitFeeSen + order.visitFeeTaxSen;
    const refundSen = order.totalSen - keptSen;
    const moved = await moveOrder(tx, order, 'miss', 'staff', { noteKey: 'history.visitMissed', noteParams: { reason: input.reason, amount: ringgit(refundSen) }, changes: { cancelledBy: 'staff' } }, now);
    await releaseWindow(tx, order.id);
    await releaseUnits(tx, order, 'staff', now);
    const refund = await insertRefund(
      tx,
      { orderId: order.id, customerId: order.customerId, amountSen: refundSen, reason: `Customer not there: ${input.reason}`.slice(0, 500), contact: order.contact.phone, imageKeys: [] },
      { by: 'staff', noteKey: 'mobile.refundNote' },
      now,
    ).catch((err: unknown) => {
      if (breaksUnique(err, 'refunds_one_open_key')) throw warning('order.refundOpen', {}, { field: 'orderNo' });
      throw err;
    });
    const reviewed = await decideRefund(tx, ctx, moved, { decision: 'approve', amountSen: refundSen, note: input.reason, untold: true }, now);
    const told = await orderNotice(tx, ctx, moved, { kind: 'visitMissed', amountSen: refundSen }, now);
    await audit(tx, { staff: who, action: 'console/mobile/missed', orderNo: order.orderNo, storeId: order.storeId, details: { reason: input.reason, refundSen, keptSen, refundNo: reviewed.refundNo } }, now);
    return {
      answer: { orderNo: order.orderNo, refundNo: reviewed.refundNo, refundSen: refund.amountSen, keptSen },
      afterCommit: async () => {
        await told();
        await reviewed.afterCommit();
      },
    };
  });
  await afterCommit();
  return answer;
}
