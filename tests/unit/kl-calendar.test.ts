import { describe, expect, test } from 'vitest';
import {
  addDays,
  addWorkingDays,
  bookingDates,
  isIsoDate,
  isWorkingDay,
  klClock,
  klDate,
  klInstant,
  weekdayOf,
} from '../../contract/rules/kl-calendar.ts';

/** The shop's one Kuala Lumpur clock, used alike by the server and the pages. */
describe('the Kuala Lumpur calendar', () => {
  test('today in KL turns over at 16:00 UTC', () => {
    expect(klDate(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(klDate(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(klClock(new Date('2026-11-27T16:30:00Z'))).toEqual({ date: '2026-11-28', day: 'sat', minute: 30 });
  });

  test('a KL date and time is the instant 8 hours earlier in UTC, across midnight too', () => {
    expect(klInstant('2026-11-25', '10:30').toISOString()).toBe('2026-11-25T02:30:00.000Z');
    expect(klInstant('2026-12-01', '07:00').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(klInstant('2026-12-01').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(klInstant('2026-12-01', '23:59:59.999').toISOString()).toBe('2026-12-01T15:59:59.999Z');
  });

  test('a date and the instant it starts agree both ways', () => {
    for (const date of ['2026-01-01', '2026-02-28', '2026-12-31']) expect(klDate(klInstant(date))).toBe(date);
  });

  test('weekdays and day arithmetic ignore the machine’s time zone', () => {
    expect(weekdayOf('2026-11-23')).toBe('mon');
    expect(weekdayOf('2026-11-29')).toBe('sun');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  test('only real YYYY-MM-DD dates are dates', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-11-23T00:00')).toBe(false);
  });

  test('working days skip weekends and the holidays given', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false);
    expect(addWorkingDays(new Date('2026-11-27T09:00:00Z'), 3)).toBe('2026-12-02');
    expect(addWorkingDays(new Date('2026-11-27T09:00:00Z'), 3, new Set(['2026-12-01']))).toBe('2026-12-03');
  });

  test('appointments start two KL days ahead: late on a KL evening counts as the next day', () => {
    // 23:30 on Monday 23 Nov in KL is still Monday 15:30 UTC… and 00:30 Tuesday in KL is Monday 16:30 UTC.
    expect(bookingDates(new Date('2026-11-23T15:30:00Z'))[0]).toBe('2026-11-25');
    expect(bookingDates(new Date('2026-11-23T16:30:00Z'))[0]).toBe('2026-11-26');
  });
});
