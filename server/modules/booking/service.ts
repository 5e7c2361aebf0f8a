import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { closedDays, isClosedDay } from './closures.ts';
import { bookedUnits, type Holder } from './schema.ts';
import { checkAppointment, jobUnits, unitOfTime, type AppointmentCheck, type WorkshopCalendar } from './slots.ts';

/**
 * Bay units in the database. The slot arithmetic (slots.ts) decides what is free from the
 * units read by slot-answers.ts; the unique index over (workshop, date, unit, bay) decides who
 * gets a unit when two orders want it at once.
 */

/** The calendar with the days staff closed the workshop (console/stores/closure) among its closed days. */
async function withClosures(db: Db, workshopId: string, calendar: WorkshopCalendar, from: string): Promise<WorkshopCalendar> {
  const closed = await closedDays(db, workshopId, from);
  return closed.length ? { ...calendar, closedOn: [...calendar.closedOn, ...closed.map((c) => c.date)] } : calendar;
}

/**
 * Takes the job's units in the lowest bay where the unique index lets every one of them in:
 * one insert per bay tried, skipping units another order holds (after waiting for that order's
 * transaction to end). A bay it could only partly take is given back before the next is tried.
 * Keys are tried in one order (bay, then unit) by every order, so two orders never wait on
 * each other. Nothing is taken on a day staff closed the workshop, whoever asks.
 */
async function claimBay(tx: Db, job: { workshopId: string; holder: Holder; date: string; start: number; count: number; bays: number; state: 'held' | 'booked'; now: Date }) {
  const { workshopId, holder, date, start, count, bays, state, now } = job;
  if (await isClosedDay(tx, workshopId, date)) return null;
  for (let bay = 1; bay <= bays; bay++) {
    const units = Array.from({ length: count }, (_, i) => ({ workshopId, holder: holder.kind, holderId: holder.id, state, date, unit: start + i, bay, createdAt: now }));
    const taken = await tx.insert(bookedUnits).values(units).onConflictDoNothing().returning({ unit: bookedUnits.unit });
    if (taken.length === count) return bay;
    if (taken.length > 0) await tx.delete(bookedUnits).where(and(eq(bookedUnits.holderId, holder.id), eq(bookedUnits.bay, bay)));
  }
  return null;
}

export interface HoldRequest {
  workshopId: string;
  calendar: WorkshopCalendar;
  fittingMinutes: number;
  appointment: { date: string; time: string };
  /** The order, or the warranty claim whose free rework this is. */
  holder: Holder;
  now: Date;
}

/**
 * Holds a bay for the whole job at the appointment, for an unpaid order. The slot arithmetic
 * checks the time (a date offered, open, on the half hour, done by closing); the unique index
 * decides which bay is free, whatever other orders do at the same moment ('slot.full' when none).
 */
export async function holdAppointment(tx: Db, request: HoldRequest): Promise<AppointmentCheck> {
  const { workshopId, fittingMinutes, appointment, holder, now } = request;
  const calendar = await withClosures(tx, workshopId, request.calendar, appointment.date);
  const check = checkAppointment({ calendar, fittingMinutes, busy: [], now }, appointment);
  if (!check.ok) return check;
  const bay = await claimBay(tx, { workshopId, holder, date: appointment.date, start: check.units[0]!.unit, count: check.units.length, bays: calendar.bays, state: 'held', now });
  if (bay === null) return { ok: false, key: 'slot.full' };
  return { ok: true, bay, units: check.units.map((u) => ({ ...u, bay })) };
}

/**
 * Books the appointment of an order paid after its hold was released, in any bay still free
 * for the whole job; null when none is, or staff closed the workshop that day meanwhile. The
 * booking window no longer applies: the customer chose the time when it was offered, and has
 * paid for it.
 */
export async function rebookAppointment(tx: Db, request: Omit<HoldRequest, 'calendar'> & { bays: number }): Promise<number | null> {
  const { workshopId, fittingMinutes, appointment, holder, now, bays } = request;
  return claimBay(tx, { workshopId, holder, date: appointment.date, start: unitOfTime(appointment.time), count: jobUnits(fittingMinutes), bays, state: 'booked', now });
}

async function dropUnits(tx: Db, holderId: string, units: { date: string; unit: number; bay: number }[]) {
  for (const date of new Set(units.map((u) => u.date))) {
    for (const bay of new Set(units.filter((u) => u.date === date).map((u) => u.bay))) {
      const numbers = units.filter((u) => u.date === date && u.bay === bay).map((u) => u.unit);
      await tx
        .delete(bookedUnits)
        .where(and(eq(bookedUnits.holderId, holderId), eq(bookedUnits.date, date), eq(bookedUnits.bay, bay), inArray(bookedUnits.unit, numbers)));
    }
  }
}

/**
 * Moves a paid booking to another time: the new time is checked and held exactly as a new
 * booking is (dates offered, opening hours, the unique index over booked units deciding a
 * race), and only then are the old units given up. When the new time overlaps the old one in
 * the only bay free (same day, 'slot.full'), the old units are given up first. The new units are
 * booked, not merely held. On a refusal the caller's transaction must roll back: the old
 * booking then stands.
 */
export async function moveBooking(tx: Db, request: HoldRequest & { fromDate: string | null }): Promise<AppointmentCheck> {
  const old = await unitsOf(tx, request.holder.id);
  let held = await holdAppointment(tx, request);
  let oldDropped = false;
  if (!held.ok && held.key === 'slot.full' && request.fromDate === request.appointment.date) {
    await dropUnits(tx, request.holder.id, old);
    oldDropped = true;
    held = await holdAppointment(tx, request);
  }
  if (!held.ok) return held;
  if (!oldDropped) await dropUnits(tx, request.holder.id, old);
  await bookHeldUnits(tx, request.holder.id);
  return held;
}

/** The holder's held units become booked (the order was paid, the rework booked); the number of units. */
export async function bookHeldUnits(tx: Db, holderId: string): Promise<number> {
  const rows = await tx.update(bookedUnits).set({ state: 'booked' }).where(eq(bookedUnits.holderId, holderId)).returning({ unit: bookedUnits.unit });
  return rows.length;
}

/** Frees what an unpaid order held. */
export async function releaseHeldUnits(tx: Db, orderId: string): Promise<number> {
  const rows = await tx
    .delete(bookedUnits)
    .where(and(eq(bookedUnits.holderId, orderId), eq(bookedUnits.holder, 'order'), eq(bookedUnits.state, 'held')))
    .returning({ unit: bookedUnits.unit });
  return rows.length;
}

/** Frees every unit a holder took, held or booked: a free rework given up for a refund. */
export async function freeUnitsOf(tx: Db, holderId: string): Promise<number> {
  const rows = await tx.delete(bookedUnits).where(eq(bookedUnits.holderId, holderId)).returning({ unit: bookedUnits.unit });
  return rows.length;
}

/** The units a holder (an order, or a claim's rework) has taken. */
export async function unitsOf(db: Db, holderId: string) {
  return db.select().from(bookedUnits).where(eq(bookedUnits.holderId, holderId)).orderBy(bookedUnits.unit);
}
