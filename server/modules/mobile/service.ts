import { and, eq, gte } from 'drizzle-orm';
import { vanWindows, windowVerdict, type MobileRules, type Van, type VanJob, type VanWindow } from '../../../contract/rules/mobile.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { closedDays } from '../booking/closures.ts';
import { vanBookings } from './schema.ts';
import { vanDaysOf } from './van-days-memory.ts';

/**
 * The vans' bookings: what each holds or has booked, and the one way a window is taken or given
 * back. Only this file writes `van_bookings`.
 */

/** What a van holds or has booked from `fromDate` on, but the job of `exceptOrderId` (an order being moved). */
export async function vanJobs(db: Db, vanId: string, fromDate: string, exceptOrderId?: string): Promise<VanJob[]> {
  const rows = await db
    .select({ orderId: vanBookings.orderId, date: vanBookings.date, start: vanBookings.start, minutes: vanBookings.minutes })
    .from(vanBookings)
    .where(and(eq(vanBookings.vanId, vanId), gte(vanBookings.date, fromDate)));
  return rows.filter((r) => r.orderId !== exceptOrderId).map(({ date, start, minutes }) => ({ date, start, minutes }));
}

export interface WindowRequest {
  van: Van;
  rules: MobileRules;
  /** The base workshop's holidays in the content (closures staff added are read here). */
  closedOn: readonly string[];
  jobMinutes: number;
  window: { date: string; start: string };
  orderId: string;
  now: Date;
}

export type WindowHold = { ok: true; minutes: number } | { ok: false; key: 'mobile.windowNotOffered' | 'mobile.windowFull' };

/**
 * Takes a window for an order in the caller's transaction: under a lock on the van's day (every
 * API process takes the same one), the day's jobs are read and the window must still be offered
 * and free for the job; then it is held (an unpaid order) with its minutes, labour plus the drive.
 * An order that held a window before (a change of window) gives it back in the same transaction.
 */
export async function holdWindow(tx: Db, request: WindowRequest): Promise<WindowHold> {
  const { van, rules, window, orderId, now } = request;
  await lockKey(tx, 'van-day', `${van.id}:${window.date}`);
  const jobs = (await vanJobs(tx, van.id, window.date, orderId)).filter((j) => j.date === window.date);
  const closed = (await closedDays(tx, van.baseStoreId, window.date)).map((c) => c.date);
  const verdict = windowVerdict({ van, rules, closedOn: [...request.closedOn, ...closed], jobs, jobMinutes: request.jobMinutes, now }, window);
  if (verdict !== 'ok') return { ok: false, key: verdict };
  const [before] = await tx.select({ state: vanBookings.state }).from(vanBookings).where(eq(vanBookings.orderId, orderId));
  const minutes = request.jobMinutes + rules.travelMinutes;
  await tx.delete(vanBookings).where(eq(vanBookings.orderId, orderId));
  await tx.insert(vanBookings).values({ orderId, vanId: van.id, date: window.date, start: window.start, minutes, state: before?.state ?? 'held', createdAt: now });
  return { ok: true, minutes };
}

/** A paid order's window: booked, no longer held. */
export async function bookHeldWindow(tx: Db, orderId: string): Promise<number> {
  return (await tx.update(vanBookings).set({ state: 'booked' }).where(eq(vanBookings.orderId, orderId)).returning({ orderId: vanBookings.orderId })).length;
}

/** Gives an order's window back (cancelled, timed out, missed): the van's minutes are free again. */
export async function releaseWindow(tx: Db, orderId: string): Promise<number> {
  return (await tx.delete(vanBookings).where(eq(vanBookings.orderId, orderId)).returning({ orderId: vanBookings.orderId })).length;
}

/**
 * The windows a van offers a job of `jobMinutes` from `firstDate` on: what it holds and its base
 * workshop's closures (content's `closedOn` and those staff added), read through the van-days
 * memory where the database tells of changes.
 */
export async function windowsOf(
  db: Db,
  query: { van: Van; rules: MobileRules; closedOn: readonly string[]; jobMinutes: number; now: Date; firstDate: string; exceptOrderId?: string },
): Promise<VanWindow[]> {
  const { van, firstDate } = query;
  const days = await vanDaysOf(db, van.id, firstDate, async () => {
    const [jobs, closures] = await Promise.all([
      db
        .select({ orderId: vanBookings.orderId, date: vanBookings.date, start: vanBookings.start, minutes: vanBookings.minutes })
        .from(vanBookings)
        .where(and(eq(vanBookings.vanId, van.id), gte(vanBookings.date, firstDate))),
      closedDays(db, van.baseStoreId, firstDate),
    ]);
    return { jobs, closedOn: closures.map((c) => c.date) };
  });
  const jobs = query.exceptOrderId ? days.jobs.filter((j) => j.orderId !== query.exceptOrderId) : days.jobs;
  return vanWindows({ van, rules: query.rules, closedOn: [...query.closedOn, ...days.closedOn], jobs, jobMinutes: query.jobMinutes, now: query.now });
}
