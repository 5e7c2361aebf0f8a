import { describe, expect, test } from 'vitest';
import { calendarDate } from '../../contract/calendar-date.ts';
import { isIsoDate } from '../../contract/rules/kl-calendar.ts';
import { describeIssue } from '../../server/http/validation.ts';
import { z } from 'zod';

/** Dates a person or a client might send that are not on any calendar. */
const notDates = [
  ['a 30 February', '2026-02-30'],
  ['a thirteenth month', '2026-13-01'],
  ['a month and day without their zeros', '2026-1-1'],
  ['month zero', '2026-00-10'],
  ['day zero', '2026-06-00'],
  ['a 31 April', '2026-04-31'],
  ['29 February of a common year', '2026-02-29'],
  ['29 February of a century that is not a leap year', '2100-02-29'],
  ['year zero', '0000-01-01'],
  ['a time after the date', '2026-06-04T10:00'],
  ['a date with spaces', ' 2026-06-04'],
  ['a day-first date', '04/06/2026'],
  ['digits of another script', '２０２６-０６-０４'],
  ['nothing', ''],
] as const;

describe('isIsoDate: calendar dates only', () => {
  test.each(notDates)('%s (%s) is not a date', (_, text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  test.each([
    ['an ordinary day', '2026-06-04'],
    ['29 February of a leap year', '2028-02-29'],
    ['29 February of a leap century', '2000-02-29'],
    ['the last day of a 31-day month', '2026-12-31'],
    ['the first year', '0001-01-01'],
    ['the last day written with four digits', '9999-12-31'],
  ])('%s (%s) is a date', (_, text) => {
    expect(isIsoDate(text)).toBe(true);
  });
});

describe('calendarDate: the schema of every date in a request', () => {
  const problem = (value: unknown, locale: 'en' | 'zh-cn' | 'ms' = 'en') => {
    const parsed = z.strictObject({ date: calendarDate }).safeParse({ date: value }, { reportInput: true });
    return parsed.success ? null : describeIssue(parsed.error.issues[0]!, locale, { date: { en: 'Date', 'zh-cn': '日期', ms: 'Tarikh' } });
  };

  test.each(notDates)('%s (%s) is refused, naming the field', (_, text) => {
    expect(problem(text)).toEqual({ field: 'date', msg: 'Date must be a real date, written YYYY-MM-DD.' });
  });

  test('in the customer’s language', () => {
    expect(problem('2026-02-30', 'zh-cn')).toEqual({ field: 'date', msg: '日期必须是真实存在的日期，格式为 YYYY-MM-DD。' });
    expect(problem('2026-02-30', 'ms')).toEqual({ field: 'date', msg: 'Tarikh mestilah tarikh yang wujud, ditulis YYYY-MM-DD.' });
  });

  test('a number is refused as a number', () => {
    expect(problem(20260604)).toEqual({ field: 'date', msg: 'Date must be text.' });
  });

  test('a real date is kept as written', () => {
    expect(calendarDate.parse('2028-02-29')).toBe('2028-02-29');
  });
});
