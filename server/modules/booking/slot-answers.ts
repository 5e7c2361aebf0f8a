import { and, between, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { addDays, bookingDates, klDate } from '../../../contract/rules/kl-calendar.ts';
import { bookedUnits, storeClosures } from './schema.ts';
import { availableSlots, jobUnits, type BusyUnit, type WorkshopCalendar } from './slots.ts';

/**
 * A workshop's dates and times, read in one indexed query: the units held and booked over the
 * dates offered (one row, folded into text in the order of the unique index) and the days staff
 * closed it. Every call reads the database afresh, so N processes agree on what is free; what is
 * kept between calls is only the arithmetic done on that text, since the same units, closures,
 * opening hours, job length and first date always give the same dates and times.
 */

const from = sql.placeholder('from');
const to = sql.placeholder('to');
const workshop = sql.placeholder('workshop');

function prepareSlotDays(db: Db, moving: boolean) {
  return db
    .select({
      // "day offset.unit.bay", comma separated: a few bytes a unit, and one row to decode.
      busy: sql<string>`coalesce(string_agg(concat_ws('.', ${bookedUnits.date} - ${from}::date, ${bookedUnits.unit}, ${bookedUnits.bay}), ',' order by ${bookedUnits.date}, ${bookedUnits.unit}, ${bookedUnits.bay}), '')`,
      closed: sql<string>`(select coalesce(string_agg(${storeClosures.date}, ',' order by ${storeClosures.date}), '') from ${storeClosures} where ${storeClosures.workshopId} = ${workshop} and ${storeClosures.date} between ${from} and ${to})`,
    })
    .from(bookedUnits)
    .where(and(sql`${bookedUnits.workshopId} = ${workshop}`, between(bookedUnits.date, from, to), moving ? ne(bookedUnits.orderId, sql.placeholder('except')) : undefined))
    .prepare(moving ? 'booking_slot_days_moving' : 'booking_slot_days');
}

type SlotDaysQuery = ReturnType<typeof prepareSlotDays>;
const prepared = new WeakMap<Db, { booking: SlotDaysQuery; moving: SlotDaysQuery }>();

function slotDaysQuery(db: Db, moving: boolean): SlotDaysQuery {
  let queries = prepared.get(db);
  if (!queries) prepared.set(db, (queries = { booking: prepareSlotDays(db, false), moving: prepareSlotDays(db, true) }));
  return moving ? queries.moving : queries.booking;
}

function decodeBusy(busy: string, firstDate: string): BusyUnit[] {
  if (busy === '') return [];
  const dates: string[] = [];
  return busy.split(',').map((entry) => {
    const [offset, unit, bay] = entry.split('.').map(Number) as [number, number, number];
    return { date: (dates[offset] ??= addDays(firstDate, offset)), unit, bay };
  });
}

/** The dates offered change once a day: worked out again only when the date does. */
let offered = { today: '', dates: [] as string[] };
function datesOffered(now: Date): string[] {
  const today = klDate(now);
  if (offered.today !== today) offered = { today, dates: bookingDates(now) };
  return offered.dates;
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
 * The workshop's dates and times for a job of `fittingMinutes`, as the JSON of the answer's
 * `dates`, from the units held and booked now; those of `exceptOrderId` (an order being moved)
 * count as free.
 */
export async function workshopSlotsJson(db: Db, workshopId: string, calendar: WorkshopCalendar, fittingMinutes: number, now: Date, exceptOrderId?: string): Promise<string> {
  const dates = datesOffered(now);
  const firstDate = dates[0]!;
  const params = { workshop: workshopId, from: firstDate, to: dates.at(-1)!, except: exceptOrderId };
  const [row] = await slotDaysQuery(db, exceptOrderId !== undefined).execute(params);
  const busy = row?.busy ?? '';
  const closed = row?.closed ?? '';
  const key = `${workshopId}|${jobUnits(fittingMinutes)}|${firstDate}`;
  const last = worked.get(key);
  if (last && last.busy === busy && last.closed === closed && sameCalendar(last.calendar, calendar)) return last.json;
  const withClosures = closed === '' ? calendar : { ...calendar, closedOn: [...calendar.closedOn, ...closed.split(',')] };
  const json = JSON.stringify(availableSlots({ calendar: withClosures, fittingMinutes, busy: decodeBusy(busy, firstDate), now }));
  worked.set(key, { calendar, busy, closed, json });
  return json;
}
