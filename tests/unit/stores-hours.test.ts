import { describe, expect, test } from 'vitest';
import { BOOKING_DATES, bookingDates, FIRST_BOOKING_DAY, klClock } from '../../contract/rules/kl-calendar.ts';
import { distanceKm, isOpenNow, nextBookableDate, type Hours } from '../../server/modules/stores/hours.ts';

/** A moment given as Kuala Lumpur wall-clock time (UTC+8). */
const kl = (local: string) => new Date(`${local}+08:00`);

/** A workshop in Petaling Jaya: weekdays 08:30–18:00, Saturday mornings, closed on Sunday. */
const pjHours: Hours = {
  mon: { open: '08:30', close: '18:00' },
  tue: { open: '08:30', close: '18:00' },
  wed: { open: '08:30', close: '18:00' },
  thu: { open: '08:30', close: '18:00' },
  fri: { open: '08:30', close: '18:00' },
  sat: { open: '08:30', close: '13:00' },
  sun: null,
};

/** Hari Raya Haji 2025 fell on Saturday 7 June. */
const HARI_RAYA_HAJI = '2025-06-07';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('the Kuala Lumpur clock', () => {
  test('is eight hours ahead of UTC', () => {
    expect(klClock(new Date('2025-06-02T02:00:00Z'))).toEqual({ date: '2025-06-02', day: 'mon', minute: 10 * 60 });
  });

  test('is already on the next day when it is still evening in UTC', () => {
    expect(klClock(new Date('2025-06-01T16:00:00Z'))).toEqual({ date: '2025-06-02', day: 'mon', minute: 0 });
  });

  test('a minute before KL midnight is still the day before', () => {
    expect(klClock(new Date('2025-06-01T15:59:00Z'))).toEqual({ date: '2025-06-01', day: 'sun', minute: 23 * 60 + 59 });
  });
});

describe('whether a workshop is open now', () => {
  test('open on a Monday morning', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-02T10:00:00'))).toBe(true);
  });

  test('open from the opening minute', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-02T08:30:00'))).toBe(true);
  });

  test('not yet open a minute before', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-02T08:29:00'))).toBe(false);
  });

  test('open in the last minute before closing', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-02T17:59:00'))).toBe(true);
  });

  test('closed at closing time', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-02T18:00:00'))).toBe(false);
  });

  test('closed on Sunday', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-08T10:00:00'))).toBe(false);
  });

  test('keeps the shorter Saturday hours', () => {
    expect(isOpenNow(pjHours, [], kl('2025-06-14T12:30:00'))).toBe(true);
    expect(isOpenNow(pjHours, [], kl('2025-06-14T14:00:00'))).toBe(false);
  });

  test('closed on a public holiday it observes', () => {
    expect(isOpenNow(pjHours, [HARI_RAYA_HAJI], kl('2025-06-07T10:00:00'))).toBe(false);
  });

  test('goes by Kuala Lumpur time, not UTC: 9 a.m. in KL is 1 a.m. UTC', () => {
    expect(isOpenNow(pjHours, [], new Date('2025-06-02T01:00:00Z'))).toBe(true);
  });

  test('goes by the Kuala Lumpur date for holidays', () => {
    // 01:00 UTC on 7 June is 09:00 in KL: within Saturday hours, but on the holiday; the day before is open.
    expect(isOpenNow(pjHours, [HARI_RAYA_HAJI], new Date('2025-06-07T01:00:00Z'))).toBe(false);
    expect(isOpenNow(pjHours, [HARI_RAYA_HAJI], new Date('2025-06-06T02:00:00Z'))).toBe(true);
  });
});

describe('the dates offered for an appointment', () => {
  const monday = kl('2025-06-02T10:00:00');

  test('are 30 dates', () => {
    expect(BOOKING_DATES).toBe(30);
    expect(bookingDates(monday)).toHaveLength(30);
  });

  test('start two days ahead', () => {
    expect(FIRST_BOOKING_DAY).toBe(2);
    expect(bookingDates(monday)[0]).toBe('2025-06-04');
  });

  test('leave out Sundays', () => {
    expect(bookingDates(monday).map(weekday)).not.toContain(0);
    expect(bookingDates(monday)).not.toContain('2025-06-08');
  });

  test('run on day by day otherwise, Saturdays included', () => {
    expect(bookingDates(monday).slice(0, 5)).toEqual(['2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-09']);
  });

  test('end on the 30th date that is not a Sunday', () => {
    expect(bookingDates(monday).at(-1)).toBe('2025-07-08');
  });

  test('skip the first day when two days ahead is a Sunday', () => {
    expect(bookingDates(kl('2025-06-06T10:00:00'))[0]).toBe('2025-06-09');
  });

  test('count from the Kuala Lumpur date, even late at night', () => {
    // 01:00 on Tuesday 3 June in KL is still Monday 2 June in UTC.
    expect(bookingDates(kl('2025-06-03T01:00:00'))[0]).toBe('2025-06-05');
  });

  test('cross into the next month and year', () => {
    const dates = bookingDates(kl('2025-12-20T10:00:00'));
    expect(dates[0]).toBe('2025-12-22');
    expect(dates).toContain('2026-01-02');
  });

  test('are in order, each once', () => {
    const dates = bookingDates(monday);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
  });
});

describe('the next date a workshop can take an appointment', () => {
  const monday = kl('2025-06-02T10:00:00');

  test('is the first offered date when the workshop is open then', () => {
    expect(nextBookableDate(pjHours, [], monday)).toBe('2025-06-04');
  });

  test('passes over a weekday it is closed', () => {
    const closedWednesdays = { ...pjHours, wed: null };
    expect(nextBookableDate(closedWednesdays, [], monday)).toBe('2025-06-05');
  });

  test('passes over a public holiday it observes', () => {
    // From Thursday 5 June the first offered date is Saturday 7 June, Hari Raya Haji.
    expect(nextBookableDate(pjHours, [HARI_RAYA_HAJI], kl('2025-06-05T10:00:00'))).toBe('2025-06-09');
  });

  test('is never a Sunday, even for a workshop open on Sundays', () => {
    const sundaysOnly: Hours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: { open: '09:00', close: '17:00' }, sun: { open: '09:00', close: '17:00' } };
    const date = nextBookableDate(sundaysOnly, [], monday);
    expect(date).toBe('2025-06-07');
    expect(weekday(date!)).not.toBe(0);
  });

  test('is none when the workshop opens only on Sundays', () => {
    const sundayMarket: Hours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: { open: '08:00', close: '14:00' } };
    expect(nextBookableDate(sundayMarket, [], monday)).toBeNull();
  });

  test('is none when the workshop is closed on every offered date', () => {
    expect(nextBookableDate(pjHours, bookingDates(monday), monday)).toBeNull();
  });
});

describe('the distance to a workshop', () => {
  const klcc = { lat: 3.1579, lng: 101.7116 };

  test('is nothing from the workshop itself', () => {
    expect(distanceKm(klcc, klcc)).toBe(0);
  });

  test('one degree of latitude is about 111.2 km', () => {
    expect(distanceKm({ lat: 3, lng: 101.5 }, { lat: 4, lng: 101.5 })).toBe(111.2);
  });

  test('is the same either way', () => {
    const jb = { lat: 1.4927, lng: 103.7414 };
    expect(distanceKm(klcc, jb)).toBe(distanceKm(jb, klcc));
  });

  test('KLCC to Johor Bahru is a little under 300 km as the crow flies', () => {
    const km = distanceKm(klcc, { lat: 1.4927, lng: 103.7414 });
    expect(km).toBeGreaterThan(285);
    expect(km).toBeLessThan(300);
  });

  test('is given to 0.1 km', () => {
    const km = distanceKm(klcc, { lat: 3.1073, lng: 101.6067 }); // to Petaling Jaya SS2
    expect(km).toBe(12.9);
    expect(Math.round(km * 10)).toBe(km * 10);
  });
});
