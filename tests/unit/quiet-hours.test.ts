import { describe, expect, test } from 'vitest';
import { klInstant } from '../../contract/rules/kl-calendar.ts';
import { isQuiet, sendableAt } from '../../contract/rules/quiet-hours.ts';

const kl = (date: string, time: string) => klInstant(date, time);

describe('no reminder at night: between 21:00 and 09:00 Kuala Lumpur time it waits for 09:00', () => {
  test.each([
    ['20:59', '2025-06-02', false, kl('2025-06-02', '20:59')],
    ['21:00', '2025-06-02', true, kl('2025-06-03', '09:00')],
    ['23:59', '2025-06-02', true, kl('2025-06-03', '09:00')],
    ['00:00', '2025-06-03', true, kl('2025-06-03', '09:00')],
    ['08:59', '2025-06-03', true, kl('2025-06-03', '09:00')],
    ['09:00', '2025-06-03', false, kl('2025-06-03', '09:00')],
    ['12:30', '2025-06-03', false, kl('2025-06-03', '12:30')],
  ])('at %s on %s: quiet %s, sent at the answer', (time, date, quiet, at) => {
    expect(isQuiet(kl(date, time))).toBe(quiet);
    expect(sendableAt(kl(date, time))).toEqual(at);
  });

  test('a night across the end of a month and a year waits for 09:00 the next day', () => {
    expect(sendableAt(kl('2025-12-31', '22:15'))).toEqual(kl('2026-01-01', '09:00'));
    expect(sendableAt(kl('2025-02-28', '21:00'))).toEqual(kl('2025-03-01', '09:00'));
  });

  test('KL time, not UTC: 20:59 KL is 12:59 UTC, 09:00 KL is 01:00 UTC', () => {
    expect(isQuiet(new Date('2025-06-02T12:59:00Z'))).toBe(false);
    expect(isQuiet(new Date('2025-06-02T13:00:00Z'))).toBe(true);
    expect(isQuiet(new Date('2025-06-03T00:59:00Z'))).toBe(true);
    expect(isQuiet(new Date('2025-06-03T01:00:00Z'))).toBe(false);
  });
});
