import { Code } from '../../../contract/codes.ts';
import { isIsoDate, klDate } from '../../../contract/rules/kl-calendar.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { addHistory, lockBookedOn, lockOrder } from '../../modules/orders/service.ts';
import { reworksOn } from '../../modules/warranty/service.ts';
import { addClosure, closuresFrom } from '../../modules/booking/closures.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';
import { recordNotice, type Notice } from '../../modules/notifications/service.ts';
import { closureSms } from '../../modules/notifications/texts.ts';
import { requireAdmin } from '../../modules/staff/access.ts';

/**
 * Closes a workshop for a day (admins): no time is offered that day from now on (the booking
 * module reads the closures), the day's booked customers get a history note and an SMS, and
 * may move their booking free of the 24-hour rule and the change limit (checkChangeTime). The
 * customers of warranty claims whose free rework is booked that day are told the same way (they
 * move the rework from the claim, in My Orders).
 */
export async function closeStore(ctx: ShopContext, who: StaffRow, input: { storeId: string; date: string; reason: string }) {
  requireAdmin(who);
  const workshop = ctx.indexes.workshops.find((w) => w.id === input.storeId);
  if (!workshop) throw new DomainError(Code.NOT_FOUND, 'console.storeUnknown', {}, { field: 'storeId' });
  const now = ctx.now();
  if (!isIsoDate(input.date) || input.date < klDate(now)) throw warning('console.pastDate', {}, { field: 'date' });

  const booked = await ctx.db.transaction(async (tx) => {
    const closure = await addClosure(tx, { workshopId: workshop.id, date: input.date, reason: input.reason, staffId: who.id }, now);
    if (!closure) throw warning('console.alreadyClosed', { date: input.date }, { field: 'date' });
    const rows = await lockBookedOn(tx, workshop.id, input.date);
    // Free reworks of warranty claims booked that day: their orders are told too, once an order
    // (one whose installation and rework are both that day gets one SMS).
    const reworks = await reworksOn(tx, workshop.id, input.date);
    for (const claim of reworks) {
      if (rows.some((o) => o.id === claim.orderId)) continue;
      const order = await lockOrder(tx, { id: claim.orderId });
      if (order) rows.push(order);
    }
    const notices: Notice[] = [];
    for (const order of rows) {
      await addHistory(tx, order, { by: 'staff', noteKey: 'history.closure', noteParams: { date: input.date, reason: input.reason } }, now);
      // Written to send with the closure (the order's timeline shows it), sent by its job.
      const text = closureSms({ orderNo: order.orderNo, locale: order.language }, { workshop: workshop.name, date: input.date, reason: input.reason });
      notices.push(await recordNotice(tx, ctx, { order, kind: 'closure', text }, now));
    }
    await audit(tx, { staff: who, action: 'console/stores/closure', storeId: workshop.id, details: { date: input.date, reason: input.reason, told: rows.map((o) => o.orderNo) } }, now);
    return { told: rows.length, notices };
  });
  for (const notice of booked.notices) await notice();
  return { storeId: workshop.id, date: input.date, reason: input.reason, told: booked.told };
}

/** The workshops this staff member works on, with the days closed from today. */
export async function staffStores(ctx: ShopContext, who: StaffRow) {
  const today = klDate(ctx.now());
  const mine = ctx.indexes.workshops
    .filter((w) => who.role === 'admin' || w.id === who.storeId)
    .sort((a, b) => a.state.localeCompare(b.state) || a.city.localeCompare(b.city) || a.name.localeCompare(b.name));
  const closed = await closuresFrom(ctx.db, today);
  return mine.map((w) => ({
    id: w.id,
    name: w.name,
    city: w.city,
    state: w.state,
    bays: w.bays,
    closures: closed.filter((c) => c.workshopId === w.id).sort((a, b) => a.date.localeCompare(b.date)).map((c) => ({ date: c.date, reason: c.reason })),
  }));
}
