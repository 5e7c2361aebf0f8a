import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingDates } from '../stores/hours.ts';
import { bookedUnits } from './schema.ts';
import { availableSlots, checkAppointment, chooseBay, jobUnits, unitOfTime, type AppointmentCheck, type BusyUnit, type WorkshopCalendar } from './slots.ts';

/**
 * Bay units in the database. The slot arithmetic (slots.ts) decides what is free from the
 * units read here; the unique index over (workshop, date, unit, bay) decides who gets a unit
 * when two orders want it at once.
 */

export async function busyUnits(db: Db, workshopId: string, from: string, to: string): Promise<BusyUnit[]> {
  return db
    .select({ date: bookedUnits.date, unit: bookedUnits.unit, bay: bookedUnits.bay })
    .from(bookedUnits)
    .where(and(eq(bookedUnits.workshopId, workshopId), between(bookedUnits.date, from, to)));
}

/** The workshop's dates and times for a job of `fittingMinutes`, from the units held and booked now. */
export async function workshopSlots(db: Db, workshopId: string, calendar: WorkshopCalendar, fittingMinutes: number, now: Date) {
  const dates = bookingDates(now);
  const busy = await busyUnits(db, workshopId, dates[0]!, dates.at(-1)!);
  return availableSlots({ calendar, fittingMinutes, busy, now });
}

class UnitTaken extends Error {}

/**
 * Inserts the units, all or none (a savepoint): false when another order holds one of them,
 * as the unique index says, after waiting for that order's transaction to end.
 */
async function insertUnits(tx: Db, workshopId: string, orderId: string, units: BusyUnit[], state: 'held' | 'booked', now: Date): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const inserted = await sp
        .insert(bookedUnits)
        .values(units.map((u) => ({ workshopId, orderId, state, date: u.date, unit: u.unit, bay: u.bay, createdAt: now })))
        .onConflictDoNothing()
        .returning({ unit: bookedUnits.unit });
      if (inserted.length !== units.length) throw new UnitTaken();
    });
    return true;
  } catch (err) {
    if (err instanceof UnitTaken) return false;
    throw err;
  }
}

export interface HoldRequest {
  workshopId: string;
  calendar: WorkshopCalendar;
  fittingMinutes: number;
  appointment: { date: string; time: string };
  orderId: string;
  now: Date;
  state?: 'held' | 'booked';
}

/**
 * Holds a bay for the whole job at the appointment: the lowest bay free in what this
 * transaction can see; when another order took it meanwhile, the next one, until none is
 * left ('slot.full').
 */
export async function holdAppointment(tx: Db, request: HoldRequest): Promise<AppointmentCheck> {
  const { workshopId, calendar, fittingMinutes, appointment, orderId, now, state = 'held' } = request;
  // Each pass sees what committed before it; bays + 1 passes try every bay at least once.
  for (let pass = 0; pass <= calendar.bays; pass++) {
    const busy = await busyUnits(tx, workshopId, appointment.date, appointment.date);
    const check = checkAppointment({ calendar, fittingMinutes, busy, now }, appointment);
    if (!check.ok) return check;
    if (await insertUnits(tx, workshopId, orderId, check.units, state, now)) return check;
  }
  return { ok: false, key: 'slot.full' };
}

/**
 * Books the appointment of an order paid after its hold was released, in any bay still free
 * for the whole job; null when none is. The booking window no longer applies: the customer
 * chose the time when it was offered, and has paid for it.
 */
export async function rebookAppointment(tx: Db, request: Omit<HoldRequest, 'calendar' | 'state'> & { bays: number }): Promise<number | null> {
  const { workshopId, fittingMinutes, appointment, orderId, now, bays } = request;
  const start = unitOfTime(appointment.time);
  const count = jobUnits(fittingMinutes);
  for (let pass = 0; pass <= bays; pass++) {
    const busy = await busyUnits(tx, workshopId, appointment.date, appointment.date);
    const bay = chooseBay(bays, busy, appointment.date, start, count);
    if (bay === null) return null;
    const units = Array.from({ length: count }, (_, i) => ({ date: appointment.date, unit: start + i, bay }));
    if (await insertUnits(tx, workshopId, orderId, units, 'booked', now)) return bay;
  }
  return null;
}

/** The order's held units become booked (it was paid); the number of units. */
export async function bookHeldUnits(tx: Db, orderId: string): Promise<number> {
  const rows = await tx.update(bookedUnits).set({ state: 'booked' }).where(eq(bookedUnits.orderId, orderId)).returning({ unit: bookedUnits.unit });
  return rows.length;
}

/** Frees what an unpaid order held. */
export async function releaseHeldUnits(tx: Db, orderId: string): Promise<number> {
  const rows = await tx
    .delete(bookedUnits)
    .where(and(eq(bookedUnits.orderId, orderId), eq(bookedUnits.state, 'held')))
    .returning({ unit: bookedUnits.unit });
  return rows.length;
}

export async function unitsOfOrder(db: Db, orderId: string) {
  return db.select().from(bookedUnits).where(eq(bookedUnits.orderId, orderId)).orderBy(bookedUnits.unit);
}

/** Units held or booked at a workshop, for checks in tests and the console. */
export async function countUnits(db: Db, workshopId: string, date: string, state?: 'held' | 'booked'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookedUnits)
    .where(and(eq(bookedUnits.workshopId, workshopId), eq(bookedUnits.date, date), state ? eq(bookedUnits.state, state) : undefined));
  return row?.n ?? 0;
}
