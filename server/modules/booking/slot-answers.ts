import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { addDays, bookingDates, klDate } from '../../../contract/rules/kl-calendar.ts';
import { bookedUnits, storeClosures } from './schema.ts';
import { availableSlots, jobUnits, type BusyUnit, type SlotDate, type WorkshopCalendar } from './slots.ts';

/**
 * A workshop's dates and times, read in one indexed query: the units held and booked over the
 * dates offered (one row, folded into text in the order of the unique index) and the days staff
 * closed it. Every call reads the database afresh, so N processes agree on what is free; what is
 * kept between calls is only the arithmetic done on that text, since the same units, closures,
 * opening hours, job length and first date always give the same dates and times.
 */

/** The dates offered change once a day: worked out again only when the date does. */
let offered = { today: '', dates: [] as string[] };
function datesOffered(now: Date): string[] {
  const today = klDate(now);
  if (offered.today !== today) offered = { today, dates: bookingDates(now) };
  return offered.dates;
}

const from = sql.placeholder('from');
const to = sql.placeholder('to');
const workshop = sql.placeholder('workshop');

/** Units as "day offset.unit.bay", comma separated (a few bytes a unit); then ';' and the closed dates. */
const slotDaysText = (moving: boolean) => sql<string>`(
  select coalesce(string_agg(concat_ws('.', ${bookedUnits.date} - ${from}::date, ${bookedUnits.unit}, ${bookedUnits.bay}), ',' order by ${bookedUnits.date}, ${bookedUnits.unit}, ${bookedUnits.bay}), '')
  from ${bookedUnits}
  where ${bookedUnits.workshopId} = ${workshop} and ${bookedUnits.date} between ${from} and ${to}${moving ? sql` and ${bookedUnits.holderId} <> ${sql.placeholder('except')}` : sql``}
) || ';' || (
  select coalesce(string_agg(${storeClosures.date}, ',' order by ${storeClosures.date}), '')
  from ${storeClosures}
  where ${storeClosures.workshopId} = ${workshop} and ${storeClosures.date} between ${from} and ${to}
)`;
const texts = { booking: slotDaysText(false), moving: slotDaysText(true) };

/** The read of a workshop's units and closed days over the dates offered, by itself or within another statement. */
export interface SlotDaysRead {
  name: string;
  sql: SQL<string>;
  params: { workshop: string; from: string; to: string; except?: string };
}

export function slotDaysRead(workshopId: string, now: Date, exceptOrderId?: string): SlotDaysRead {
  const dates = datesOffered(now);
  const moving = exceptOrderId !== undefined;
  return {
    name: moving ? 'booking_slot_days_moving' : 'booking_slot_days',
    sql: moving ? texts.moving : texts.booking,
    params: { workshop: workshopId, from: dates[0]!, to: dates.at(-1)!, ...(moving ? { except: exceptOrderId } : {}) },
  };
}

const prepared = new WeakMap<Db, Map<string, { execute(params: SlotDaysRead['params']): Promise<{ days: string }[]> }>>();

/** Runs the read by itself: one row, prepared once per database and kind of read. */
export async function readSlotDays(db: Db, read: SlotDaysRead): Promise<string> {
  let queries = prepared.get(db);
  if (!queries) prepared.set(db, (queries = new Map()));
  let query = queries.get(read.name);
  if (!query) queries.set(read.name, (query = db.select({ days: read.sql }).from(sql`(values (1)) as one (x)`).prepare(read.name)));
  const [row] = await query.execute(read.params);
  return row!.days;
}

function decodeBusy(busy: string, firstDate: string): BusyUnit[] {
  if (busy === '') return [];
  const dates: string[] = [];
  return busy.split(',').map((entry) => {
    const [offset, unit, bay] = entry.split('.').map(Number) as [number, number, number];
    return { date: (dates[offset] ??= addDays(firstDate, offset)), unit, bay };
  });
}

interface Worked {
  calendar: WorkshopCalendar;
  busy: string;
  closed: string;
  json: string;
}

/** The arithmetic's last answer per workshop, job length and first date; about 20 KB each. */
const worked = new LRUCache<string, Worked>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (w, key) => 2 * (key.length + w.busy.length + w.closed.length + w.json.length) });

const sameCalendar = (a: WorkshopCalendar, b: WorkshopCalendar) => a.hours === b.hours && a.closedOn === b.closedOn && a.bays === b.bays;

/**
 * The dates' JSON with every date before `notBefore` (and its times) not available: an
 * installation whose units come from the warehouse waits for their transfer. Unchanged when null.
 */
export function notBeforeJson(json: string, notBefore: string | null): string {
  if (!notBefore) return json;
  const dates = JSON.parse(json) as SlotDate[];
  return JSON.stringify(dates.map((d) => (d.date < notBefore ? { ...d, available: false, times: d.times.map((t) => ({ ...t, available: false })) } : d)));
}

/**
 * The workshop's dates and times for a job of `fittingMinutes`, as the JSON of the answer's
 * `dates`, from the text of `slotDaysRead` read just now (units held and booked; those of an
 * order being moved left out).
 */
export function slotsJson(days: string, read: SlotDaysRead, calendar: WorkshopCalendar, fittingMinutes: number, now: Date): string {
  const firstDate = read.params.from;
  const split = days.indexOf(';');
  const busy = days.slice(0, split);
  const closed = days.slice(split + 1);
  const key = `${read.params.workshop}|${jobUnits(fittingMinutes)}|${firstDate}`;
  const last = worked.get(key);
  if (last && last.busy === busy && last.closed === closed && sameCalendar(last.calendar, calendar)) return last.json;
  const withClosures = closed === '' ? calendar : { ...calendar, closedOn: [...calendar.closedOn, ...closed.split(',')] };
  const json = JSON.stringify(availableSlots({ calendar: withClosures, fittingMinutes, busy: decodeBusy(busy, firstDate), now }));
  worked.set(key, { calendar, busy, closed, json });
  return json;
}
