import { moveBooking } from "../../modules/booking/service.ts";
import {
  bookedOnClosedDay,
  checkChangeTime,
  customerView,
} from "../../modules/orders/actions.ts";
import { addHistory, rescheduleOrder } from "../../modules/orders/service.ts";
import { scheduleReminder } from "../../jobs/appointment-reminder.ts";
import { orderNotice } from "../../modules/notifications/service.ts";
import { calendarOf, workshopOf } from "../cart.ts";
import type { ShopContext } from "../context.ts";
import { ledgerOf } from "../../modules/payments/ledger.ts";
import { latestRefund } from "../../modules/refunds/service.ts";
import { isClosedDay } from "../../modules/booking/closures.ts";
import { lockOwnOrder, refuse } from "./own-order.ts";
import { klDate } from "../../../contract/rules/kl-calendar.ts";
import { firstDateFor, holdsWarehouseUnits } from "../stock.ts";
import { holdWindow } from "../../modules/mobile/service.ts";
import type { MobileRules } from "../../../contract/rules/mobile.ts";

/**
 * Moves a booked installation to another time, in one transaction: booking moves its units
 * (moveBooking: the new time held before the old is given up); if the new time cannot be held
 * the transaction rolls back and the old booking stands. The customer gets an SMS with the new
 * date and time once it has committed. The caller answers with the order.
 */
export async function changeInstallTime(
  ctx: ShopContext,
  customerId: string,
  input: { orderNo: string; date: string; time: string },
): Promise<void> {
  const now = ctx.now();
  const told = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, input.orderNo);
    const closedDay =
      order.storeId !== null &&
      order.appointmentDate !== null &&
      (await isClosedDay(tx, order.storeId, order.appointmentDate));
    const view = customerView(
      order,
      await ledgerOf(tx, order.id),
      (await latestRefund(tx, order.id))?.status ?? null,
      closedDay,
    );
    const refused = checkChangeTime(view, now);
    if (refused) refuse(refused);
    // A booking on a day the workshop closed since does not count as a change.
    const closed = bookedOnClosedDay(view);
    if (
      order.appointmentDate === input.date &&
      order.appointmentTime === input.time
    )
      refuse({ ok: false, key: "order.sameTime" }, "time");

    // Units coming from the warehouse: not before the transfer date counted from the day it was placed.
    if (await holdsWarehouseUnits(tx, order.id)) {
      const first = await firstDateFor(tx, klDate(order.createdAt), true);
      if (input.date < first)
        refuse(
          { ok: false, key: "stock.transferDate", params: { date: first } },
          "date",
        );
    }
    const workshop = workshopOf(ctx.indexes, order.storeId!);
    const appointment = { date: input.date, time: input.time };
    if (order.method === "mobile") {
      // A van's window: the new one taken under the lock on its day, the old one given back with it.
      const rules = ctx.indexes.orderRules.mobile as MobileRules;
      const van = rules.vans.find((v) => v.id === order.vanId);
      if (!van) refuse({ ok: false, key: "order.changeTimeRefused" }, "time");
      const taken = await holdWindow(tx, {
        van: van!,
        rules,
        closedOn: workshop.closedOn,
        jobMinutes: order.fittingMinutes,
        window: { date: input.date, start: input.time },
        orderId: order.id,
        now,
      });
      if (!taken.ok) refuse(taken, "time");
    } else {
      const held = await moveBooking(tx, {
        workshopId: workshop.id,
        calendar: calendarOf(workshop),
        fittingMinutes: order.fittingMinutes,
        appointment,
        holder: { kind: "order", id: order.id },
        now,
        fromDate: order.appointmentDate,
      });
      if (!held.ok) refuse(held, "time");
    }

    const moved = await rescheduleOrder(tx, order, appointment, !closed, now);
    await addHistory(
      tx,
      moved,
      {
        by: "customer",
        noteKey: "history.timeChanged",
        noteParams: {
          from: `${order.appointmentDate} ${order.appointmentTime}`,
          to: `${input.date} ${input.time}`,
        },
      },
      now,
    );
    await scheduleReminder(tx, moved, now);
    // The customer is told the new time by SMS (the paid one named the old), listed in the timeline.
    return orderNotice(tx, ctx, moved, { kind: "timeChanged" }, now);
  });
  await told();
}
