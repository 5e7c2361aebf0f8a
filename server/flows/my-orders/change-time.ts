import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../contract/language.ts';
import { MAX_RESCHEDULES } from '../../../contract/my-orders-dto.ts';
import { bookedUnits } from '../../modules/booking/schema.ts';
import { holdAppointment, unitsOfOrder } from '../../modules/booking/service.ts';
import { checkChangeTime } from '../../modules/orders/actions.ts';
import { orders } from '../../modules/orders/schema.ts';
import { addHistory } from '../../modules/orders/service.ts';
import { scheduleReminder } from '../../jobs/appointment-reminder.ts';
import { calendarOf, workshopOf } from '../cart.ts';
import type { ShopContext } from '../context.ts';
import { customerView } from '../../queries/order-view.ts';
import { latestRefund } from '../../modules/refunds/service.ts';
import type { Db } from '../../db/client.ts';
import { isClosedDay } from '../../modules/booking/closures.ts';
import { answerOrder, lockOwnOrder, refuse } from './own-order.ts';

async function dropUnits(tx: Db, orderId: string, units: { date: string; unit: number; bay: number }[]) {
  for (const date of new Set(units.map((u) => u.date))) {
    for (const bay of new Set(units.filter((u) => u.date === date).map((u) => u.bay))) {
      const numbers = units.filter((u) => u.date === date && u.bay === bay).map((u) => u.unit);
      await tx
        .delete(bookedUnits)
        .where(and(eq(bookedUnits.orderId, orderId), eq(bookedUnits.date, date), eq(bookedUnits.bay, bay), inArray(bookedUnits.unit, numbers)));
    }
  }
}

/**
 * Moves a booked installation to another time, in one transaction: the new time is checked
 * and held exactly as a new booking is (dates offered, opening hours, the unique index over
 * booked units deciding a race), and only then are the old units given up. When the new time
 * overlaps the old one in the only bay free, the old units are given up first; if the new time
 * still cannot be held the transaction rolls back and the old booking stands.
 */
export async function changeInstallTime(ctx: ShopContext, customerId: string, input: { orderNo: string; date: string; time: string }, locale: Locale) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, input.orderNo);
    // A booking on a day the workshop closed since may move whenever, and does not count.
    const closed = order.method === 'install' && order.status === 'UPCOMING' && order.stage === 'BOOKED' && order.storeId !== null && order.appointmentDate !== null
      && (await isClosedDay(tx, order.storeId, order.appointmentDate));
    if (!closed) {
      const refused = checkChangeTime(customerView(order, (await latestRefund(tx, order.id))?.status ?? null), now);
      if (refused) refuse(refused);
      if (order.rescheduleCount >= MAX_RESCHEDULES) refuse({ ok: false, key: 'order.reschedulesUsed', params: { max: MAX_RESCHEDULES } });
    }
    if (order.appointmentDate === input.date && order.appointmentTime === input.time) refuse({ ok: false, key: 'order.sameTime' }, 'time');

    const workshop = workshopOf(ctx.indexes, order.storeId!);
    const old = await unitsOfOrder(tx, order.id);
    const request = { workshopId: workshop.id, calendar: calendarOf(workshop), fittingMinutes: order.fittingMinutes, appointment: input, orderId: order.id, now };
    let held = await holdAppointment(tx, request);
    let oldDropped = false;
    if (!held.ok && held.key === 'slot.full' && order.appointmentDate === input.date) {
      await dropUnits(tx, order.id, old);
      oldDropped = true;
      held = await holdAppointment(tx, request);
    }
    if (!held.ok) refuse(held, 'time');
    if (!oldDropped) await dropUnits(tx, order.id, old);
    // Paid for: the new units are booked, not merely held.
    await tx.update(bookedUnits).set({ state: 'booked' }).where(eq(bookedUnits.orderId, order.id));

    const [moved] = await tx
      .update(orders)
      .set({ appointmentDate: input.date, appointmentTime: input.time, rescheduleCount: order.rescheduleCount + (closed ? 0 : 1), updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await addHistory(
      tx,
      moved!,
      { by: 'customer', noteKey: 'history.timeChanged', noteParams: { from: `${order.appointmentDate} ${order.appointmentTime}`, to: `${input.date} ${input.time}` } },
      now,
    );
    await scheduleReminder(tx, moved!, now);
  });
  return answerOrder(ctx, customerId, input.orderNo, locale);
}
