import { describe, expect, test } from 'vitest';
import { addDays } from '../../contract/rules/kl-calendar.ts';
import { purposeOf, reminderDueOn } from '../../contract/rules/reminder-moments.ts';

const due = '2025-07-31';
const on = (days: number) => addDays(due, days);

describe('which reminder a due date has on a day', () => {
  test('a service: 14 days before until the day before, then on the day; none after', () => {
    expect(reminderDueOn('service', due, on(-15))).toBeNull();
    expect(reminderDueOn('service', due, on(-14))).toBe(14);
    expect(reminderDueOn('service', due, on(-1))).toBe(14);
    expect(reminderDueOn('service', due, on(0))).toBe(0);
    expect(reminderDueOn('service', due, on(1))).toBeNull();
  });

  test.each(['roadTax', 'insurance'] as const)('%s: 30 days before until 8 days before, then 7 days before until the day; none after', (kind) => {
    expect(reminderDueOn(kind, due, on(-31))).toBeNull();
    expect(reminderDueOn(kind, due, on(-30))).toBe(30);
    expect(reminderDueOn(kind, due, on(-8))).toBe(30);
    expect(reminderDueOn(kind, due, on(-7))).toBe(7);
    expect(reminderDueOn(kind, due, on(0))).toBe(7);
    expect(reminderDueOn(kind, due, on(1))).toBeNull();
  });

  test('across a month end', () => {
    expect(reminderDueOn('roadTax', '2025-03-02', '2025-01-31')).toBe(30);
    expect(reminderDueOn('roadTax', '2025-03-02', '2025-01-30')).toBeNull();
  });

  test('each kind has its consent purpose', () => {
    expect(purposeOf('service')).toBe('serviceReminders');
    expect(purposeOf('roadTax')).toBe('expiryReminders');
    expect(purposeOf('insurance')).toBe('expiryReminders');
  });
});
