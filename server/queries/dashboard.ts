import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { addDays, klDate, klInstant, KL_UTC_OFFSET_HOURS } from '../../contract/rules/kl-calendar.ts';
import { bookedUnits, storeClosures } from '../modules/booking/schema.ts';
import { openUnits } from '../modules/booking/slots.ts';
import { orderLineTyres, orders } from '../modules/orders/schema.ts';
import { warrantyClaims } from '../modules/warranty/schema.ts';
import { TYRE_NEAR_LIMIT_MONTHS } from '../../contract/console-dashboard.ts';
import { paymentReturns, payments } from '../modules/payments/schema.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';
import { requireAdmin } from '../modules/staff/access.ts';

export const DASHBOARD_DAYS = 30;
const MAIL = 'mail';

/** The KL dates of the last `n` days, today last. */
export function lastDays(now: Date, n: number): string[] {
  const today = klDate(now);
  return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)));
}

interface Figure {
  date: string;
  store: string;
  orders: number;
  revenueSen: number;
  refundedSen: number;
}

/** Per day and store, zeros filled in. Pure. */
export function figuresByDay(dates: string[], figures: Figure[], store: string | null) {
  return dates.map((date) => {
    const mine = figures.filter((f) => f.date === date && (store === null || f.store === store));
    return {
      date,
      orders: mine.reduce((s, f) => s + f.orders, 0),
      revenueSen: mine.reduce((s, f) => s + f.revenueSen, 0),
      refundedSen: mine.reduce((s, f) => s + f.refundedSen, 0),
    };
  });
}

// Malaysia keeps one offset all year.
const klDay = (column: unknown) => sql<string>`to_char((${column} at time zone 'UTC') + ${sql.raw(`interval '${KL_UTC_OFFSET_HOURS} hours'`)}, 'YYYY-MM-DD')`;

/**
 * The admin's last 30 days, its money from the ledger (payments and their returns, never the
 * refunds' own figures): orders paid, money taken (paid sen) and refunds paid back, per
 * day, in total and per workshop (parcels under "mail"); and each workshop's bay use: units
 * booked over units open in those days; and how its work holds up: warranty claims per 100 jobs
 * completed, and tyres fitted near the shop's age promise or past it.
 */
export async function dashboard(ctx: ReadContext, who: StaffRow, maxTyreAgeMonths: number) {
  requireAdmin(who);
  const dates = lastDays(ctx.now(), DASHBOARD_DAYS);
  const from = klInstant(dates[0]!);
  const paidDay = klDay(payments.paidAt);
  const refundDay = klDay(paymentReturns.settledAt);
  const store = sql<string>`coalesce(${orders.storeId}, ${sql.raw(`'${MAIL}'`)})`;
  const [paid, returned, units, closures, jobs, claims, tyres] = await Promise.all([
    ctx.db
      .select({ date: paidDay, store, orders: sql<number>`count(distinct ${orders.id})::int`, revenueSen: sql<number>`sum(${payments.amountSen})::int` })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.state, 'succeeded'), eq(payments.refundDue, false), gte(payments.paidAt, from)))
      .groupBy(paidDay, store),
    // Refunds paid back: the ledger's returns on a refund confirmed back, on the day they were
    // (money the shop returned unasked, paid twice or too late, was never counted as taken).
    ctx.db
      .select({ date: refundDay, store, refundedSen: sql<number>`sum(${paymentReturns.amountSen})::int` })
      .from(paymentReturns)
      .innerJoin(orders, eq(orders.id, paymentReturns.orderId))
      .where(and(eq(paymentReturns.state, 'succeeded'), isNotNull(paymentReturns.refundId), gte(paymentReturns.settledAt, from)))
      .groupBy(refundDay, store),
    ctx.db
      .select({ store: bookedUnits.workshopId, n: sql<number>`count(*)::int` })
      .from(bookedUnits)
      .where(and(eq(bookedUnits.state, 'booked'), gte(bookedUnits.date, dates[0]!), sql`${bookedUnits.date} <= ${dates.at(-1)!}`))
      .groupBy(bookedUnits.workshopId),
    ctx.db.select().from(storeClosures).where(gte(storeClosures.date, dates[0]!)),
    ctx.db
      .select({ store: orders.storeId, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.method, 'install'), eq(orders.status, 'COMPLETED'), gte(orders.completedAt, from)))
      .groupBy(orders.storeId),
    ctx.db
      .select({ store: warrantyClaims.workshopId, n: sql<number>`count(*)::int` })
      .from(warrantyClaims)
      .where(gte(warrantyClaims.createdAt, from))
      .groupBy(warrantyClaims.workshopId),
    ctx.db
      .select({
        store: orders.storeId,
        fitted: sql<number>`count(*)::int`,
        near: sql<number>`count(*) filter (where ${orderLineTyres.ageMonthsAtFitting} >= ${maxTyreAgeMonths - TYRE_NEAR_LIMIT_MONTHS} or ${orderLineTyres.beyondPromise})::int`,
      })
      .from(orderLineTyres)
      .innerJoin(orders, eq(orders.id, orderLineTyres.orderId))
      .where(gte(orderLineTyres.recordedAt, from))
      .groupBy(orders.storeId),
  ]);
  const figures: Figure[] = [
    ...paid.map((p) => ({ date: p.date, store: p.store, orders: p.orders, revenueSen: p.revenueSen, refundedSen: 0 })),
    ...returned.map((r) => ({ date: r.date, store: r.store, orders: 0, revenueSen: 0, refundedSen: r.refundedSen })),
  ];
  const stores = ctx.indexes.workshops.map((w) => {
    const calendar = { hours: w.hours, bays: w.bays, closedOn: [...w.closedOn, ...closures.filter((c) => c.workshopId === w.id).map((c) => c.date)] };
    const openUnitCount = dates.reduce((sum, date) => {
      const open = openUnits(calendar, date);
      return sum + (open ? (open.lastEnd - open.first) * w.bays : 0);
    }, 0);
    const booked = units.find((u) => u.store === w.id)?.n ?? 0;
    const done = jobs.find((j) => j.store === w.id)?.n ?? 0;
    const claimed = claims.find((c) => c.store === w.id)?.n ?? 0;
    const tyre = tyres.find((t) => t.store === w.id);
    const warranty = { jobs: done, claims: claimed, claimsPer100Jobs: done ? Math.round((claimed / done) * 1000) / 10 : 0, tyresFitted: tyre?.fitted ?? 0, tyresNearLimit: tyre?.near ?? 0 };
    return { id: w.id, name: w.name, days: figuresByDay(dates, figures, w.id), bookedUnits: booked, openUnits: openUnitCount, bayUse: openUnitCount ? Math.min(1, booked / openUnitCount) : 0, warranty };
  });
  const mail = { id: MAIL, name: 'Mail', days: figuresByDay(dates, figures, MAIL), bookedUnits: 0, openUnits: 0, bayUse: 0, warranty: { jobs: 0, claims: 0, claimsPer100Jobs: 0, tyresFitted: 0, tyresNearLimit: 0 } };
  return { from: dates[0]!, to: dates.at(-1)!, days: figuresByDay(dates, figures, null), stores: [...stores, mail], workshops: stores.length, quiet: quietWorkshops(stores) };
}

type Sums = Pick<Figure, 'orders' | 'revenueSen' | 'refundedSen'>;

/**
 * How many workshops (parcels are not one) had nothing to show in each list, and so are counted
 * rather than listed: every list counts out of the same workshops. Pure.
 */
export function quietWorkshops(stores: { days: Sums[]; bookedUnits: number }[]) {
  const quiet = (busy: (s: (typeof stores)[number]) => boolean) => stores.filter((s) => !busy(s)).length;
  const any = (m: keyof Sums) => (s: { days: Sums[] }) => s.days.some((d) => d[m] > 0);
  return { orders: quiet(any('orders')), revenueSen: quiet(any('revenueSen')), refundedSen: quiet(any('refundedSen')), bayUse: quiet((s) => s.bookedUnits > 0) };
}
