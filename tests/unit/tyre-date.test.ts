import { describe, expect, test } from 'vitest';
import { addMonths, beyondPromise, isoWeekMonday, isoWeeksIn, readDotDate, readDotFull, wholeMonths } from '../../contract/rules/tyre-date.ts';

describe('a DOT date code', () => {
  test.each([
    // ISO weeks: week 1 holds the year's first Thursday.
    [2025, 1, '2024-12-30'],
    [2025, 32, '2025-08-04'],
    [2026, 1, '2025-12-29'],
    [2026, 53, '2026-12-28'],
    [2021, 1, '2021-01-04'],
  ])('week %i/%i begins on Monday %s', (year, week, monday) => {
    expect(isoWeekMonday(year, week)).toBe(monday);
  });

  test('3225 fitted on 2026-11-27: week 32 of 2025, 15 months old', () => {
    expect(readDotDate('3225', '2026-11-27')).toEqual({ date: { dot: '3225', madeWeek: 32, madeYear: 2025, madeOn: '2025-08-04', ageMonthsAtFitting: 15 } });
  });

  test.each([
    ['325', 'tyre.dotFormat'],
    ['32 25', 'tyre.dotFormat'],
    ['4926', 'tyre.dotFuture'],
    ['0127', 'tyre.dotFuture'],
  ])('%s fitted on 2026-11-27: %s', (dot, problem) => {
    expect(readDotDate(dot, '2026-11-27')).toEqual({ problem });
  });

  test.each([
    [2015, 53],
    [2020, 53],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2032, 53],
    [2100, 52],
  ])('%i has %i ISO weeks', (year, weeks) => {
    expect(isoWeeksIn(year)).toBe(weeks);
    // The week after a year's last one is week 1 of the next year.
    expect(isoWeekMonday(year, weeks + 1)).toBe(isoWeekMonday(year + 1, 1));
  });

  test.each([
    ['0026', '00', 2026, 53],
    ['5426', '54', 2026, 53],
    ['5325', '53', 2025, 52],
    ['5324', '53', 2024, 52],
  ])('%s fitted on 2026-11-27: no such week', (dot, week, year, weeks) => {
    expect(readDotDate(dot, '2026-11-27')).toEqual({ problem: 'tyre.dotWeek', params: { week, year, weeks } });
  });

  test('week 53 of a year that has it is read', () => {
    expect(readDotDate('5320', '2026-11-27')).toMatchObject({ date: { madeWeek: 53, madeYear: 2020, madeOn: '2020-12-28' } });
    expect(readDotDate('5226', '2026-12-27')).toMatchObject({ date: { madeOn: '2026-12-21' } });
    expect(readDotDate('5326', '2026-12-27')).toEqual({ problem: 'tyre.dotFuture' });
    expect(readDotDate('5326', '2026-12-28')).toMatchObject({ date: { madeWeek: 53, madeYear: 2026, madeOn: '2026-12-28' } });
  });

  test('the week that began on the day of fitting is not in the future', () => {
    expect(readDotDate('4826', '2026-11-23')).toMatchObject({ date: { madeOn: '2026-11-23', ageMonthsAtFitting: 0 } });
    expect(readDotDate('4826', '2026-11-22')).toEqual({ problem: 'tyre.dotFuture' });
  });
});

describe('the age promise', () => {
  test('a tyre exactly 12 months old on the day is within a 12-month promise; a day more is not', () => {
    expect(beyondPromise({ madeOn: '2025-11-24' }, '2026-11-24', 12)).toBe(false);
    expect(beyondPromise({ madeOn: '2025-11-24' }, '2026-11-25', 12)).toBe(true);
  });

  test('months are whole calendar months, kept to the end of short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-15', 2)).toBe('2028-02-15');
    expect(wholeMonths('2026-01-31', '2026-02-28')).toBe(1);
    expect(wholeMonths('2026-08-03', '2026-12-02')).toBe(3);
    expect(wholeMonths('2026-08-03', '2026-12-03')).toBe(4);
    expect(wholeMonths('2026-12-03', '2026-08-03')).toBe(0);
  });
});

describe('the whole DOT code', () => {
  test('kept in capitals with single spaces when it ends with the date code', () => {
    expect(readDotFull('  dot  4b9v   abcd 3225 ', '3225')).toEqual({ dotFull: 'DOT 4B9V ABCD 3225' });
    expect(readDotFull('DOT4B9VABCD3225', '3225')).toEqual({ dotFull: 'DOT4B9VABCD3225' });
  });

  test.each([
    ['DOT 4B9V ABCD 3224', 'tyre.dotFullMismatch'],
    ['DOT-4B9V-3225', 'tyre.dotFullFormat'],
    ['DOT 4B9V ABCD EFGH IJKL 3225', 'tyre.dotFullFormat'],
  ])('%s: %s', (typed, problem) => {
    expect(readDotFull(typed, '3225')).toEqual({ problem });
  });
});
