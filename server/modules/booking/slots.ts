import type { MessageKey } from '../../../contract/rules/messages.ts';
import { bookingDates, weekdayOf } from '../../../contract/rules/kl-calendar.ts';
import type { Hours } from '../stores/hours.ts';

/**
 * Appointment slots as date-range arithmetic. A workshop day is cut into 30-minute units
 * counted from midnight (unit 17 is 08:30–09:00), so the same unit numbers name a time in
 * the hold and booking rows and in their unique index over (workshop, date, unit, bay).
 * A job takes one bay for all its units and must end by closing time; a time is offered
 * where some bay is free for every unit of the job.
 */
export const UNIT_MINUTES = 30;

/** A unit held by an unpaid order or booked by a paid one. */
export interface BusyUnit {
  date: string;
  unit: number;
  bay: number;
}

export interface WorkshopCalendar {
  hours: Hours;
  /** Dates it is closed (public holidays it observes, closures by staff), YYYY-MM-DD. */
  closedOn: readonly string[];
  /** Bays are numbered from 1. */
  bays: number;
}

export interface SlotTime {
  time: string;
  available: boolean;
}

export interface SlotDate {
  date: string;
  /** Some time that day can take the job. */
  available: boolean;
  /** The start times the job ends by closing from; none when the day is shorter than the job. */
  times: SlotTime[];
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function unitOfTime(hhmm: string): number {
  return Math.floor(minuteOf(hhmm) / UNIT_MINUTES);
}

export function timeOfUnit(unit: number): string {
  const minute = unit * UNIT_MINUTES;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The units a job of `fittingMinutes` takes: always at least one, part units rounded up. */
export function jobUnits(fittingMinutes: number): number {
  if (!Number.isFinite(fittingMinutes) || fittingMinutes < 0) throw new RangeError(`fitting time must be minutes, not ${fittingMinutes}`);
  return Math.max(1, Math.ceil(fittingMinutes / UNIT_MINUTES));
}

/**
 * The units a workshop can start jobs in on `date`: from the first whole unit at or after
 * opening to the last one before closing, with `lastEnd` the unit a job must end by.
 * Null when it is closed that day.
 */
export function openUnits(calendar: WorkshopCalendar, date: string): { first: number; lastEnd: number } | null {
  if (calendar.closedOn.includes(date)) return null;
  const hours = calendar.hours[weekdayOf(date)];
  if (!hours) return null;
  const first = Math.ceil(minuteOf(hours.open) / UNIT_MINUTES);
  const lastEnd = Math.floor(minuteOf(hours.close) / UNIT_MINUTES);
  return lastEnd > first ? { first, lastEnd } : null;
}

/** The units taken, by date: numbers, not strings, since a date's times check them thousands of times. */
type Taken = Map<string, Set<number>>;

const unitKey = (unit: number, bay: number) => bay * 65_536 + unit;

function takenUnits(busy: Iterable<BusyUnit>): Taken {
  const taken: Taken = new Map();
  for (const b of busy) {
    let day = taken.get(b.date);
    if (!day) taken.set(b.date, (day = new Set()));
    day.add(unitKey(b.unit, b.bay));
  }
  return taken;
}

function firstFreeBay(bays: number, day: ReadonlySet<number> | undefined, startUnit: number, units: number): number | null {
  if (!day) return bays >= 1 ? 1 : null;
  for (let bay = 1; bay <= bays; bay++) {
    let free = true;
    for (let u = startUnit; u < startUnit + units && free; u++) free = !day.has(unitKey(u, bay));
    if (free) return bay;
  }
  return null;
}

/** The lowest-numbered bay free for `units` units from `startUnit` on `date`, or null. */
export function chooseBay(bays: number, busy: Iterable<BusyUnit>, date: string, startUnit: number, units: number): number | null {
  return firstFreeBay(bays, takenUnits(busy).get(date), startUnit, units);
}

export interface SlotQuery {
  calendar: WorkshopCalendar;
  fittingMinutes: number;
  busy: Iterable<BusyUnit>;
  now: Date;
}

/**
 * The spec's dates (30 from 2 days ahead, no Sundays) the workshop is open, each with the
 * start times from which the whole job ends by closing and whether a bay is free for it there.
 * A time the job would run past closing is left out, so "full" means only that.
 */
export function availableSlots({ calendar, fittingMinutes, busy, now }: SlotQuery): SlotDate[] {
  const units = jobUnits(fittingMinutes);
  const taken = takenUnits(busy);
  const out: SlotDate[] = [];
  for (const date of bookingDates(now)) {
    const open = openUnits(calendar, date);
    if (!open) continue;
    const day = taken.get(date);
    const times: SlotTime[] = [];
    for (let start = open.first; start + units <= open.lastEnd; start++) {
      times.push({ time: timeOfUnit(start), available: firstFreeBay(calendar.bays, day, start, units) !== null });
    }
    out.push({ date, available: times.some((t) => t.available), times });
  }
  return out;
}

export type AppointmentCheck = { ok: true; bay: number; units: BusyUnit[] } | { ok: false; key: MessageKey };

/**
 * Whether `appointment` can take the job now, and the bay and units to hold for it. Placing
 * an order and changing its time both ask this; the unique index has the last word.
 */
export function checkAppointment(query: SlotQuery, appointment: { date: string; time: string }): AppointmentCheck {
  const { date, time } = appointment;
  if (!bookingDates(query.now).includes(date)) return { ok: false, key: 'slot.dateNotOffered' };
  const open = openUnits(query.calendar, date);
  if (!open) return { ok: false, key: 'slot.closed' };
  const start = unitOfTime(time);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time) || timeOfUnit(start) !== time || start < open.first || start >= open.lastEnd) {
    return { ok: false, key: 'slot.timeNotOffered' };
  }
  const units = jobUnits(query.fittingMinutes);
  if (start + units > open.lastEnd) return { ok: false, key: 'slot.tooLate' };
  const bay = chooseBay(query.calendar.bays, query.busy, date, start, units);
  if (bay === null) return { ok: false, key: 'slot.full' };
  return { ok: true, bay, units: Array.from({ length: units }, (_, i) => ({ date, unit: start + i, bay })) };
}
