import { describe, expect, test } from 'vitest';
import { klInstant } from '../../contract/rules/kl-calendar.ts';
import { transitionWarranty, warrantyDaysLeft, warrantyEventsFor, warrantyLastDay } from '../../contract/rules/warranty.ts';

describe('the warranty window (Kuala Lumpur calendar, the 30th day included)', () => {
  // Completed at 23:30 on 1 June in KL: that is still 1 June, whatever UTC says.
  const completed = klInstant('2025-06-01', '23:30');

  test('ends at the end of the 30th day after the day of completion', () => {
    expect(warrantyLastDay(completed, 30)).toBe('2025-07-01');
    expect(warrantyDaysLeft(completed, 30, klInstant('2025-06-01', '23:59'))).toBe(30);
    expect(warrantyDaysLeft(completed, 30, klInstant('2025-07-01', '00:00'))).toBe(0);
    expect(warrantyDaysLeft(completed, 30, klInstant('2025-07-01', '23:59:59.999'))).toBe(0);
    expect(warrantyDaysLeft(completed, 30, klInstant('2025-07-02', '00:00'))).toBe(-1);
  });
});

describe('the claim state table', () => {
  test.each([
    ['SUBMITTED', 'accept', 'workshop', 'ACCEPTED'],
    ['SUBMITTED', 'reject', 'admin', 'REJECTED'],
    ['SUBMITTED', 'refund', 'admin', 'REFUND_OFFERED'],
    ['ACCEPTED', 'refund', 'admin', 'REFUND_OFFERED'],
    ['ACCEPTED', 'resolve', 'workshop', 'RESOLVED'],
  ] as const)('%s + %s by %s → %s', (from, event, role, to) => {
    expect(transitionWarranty(from, event, role)).toEqual({ ok: true, status: to });
  });

  test.each([
    ['ACCEPTED', 'accept', 'admin', 'warranty.notSubmitted'],
    ['REJECTED', 'reject', 'admin', 'warranty.notSubmitted'],
    ['RESOLVED', 'refund', 'admin', 'warranty.notOpen'],
    ['REFUND_OFFERED', 'refund', 'admin', 'warranty.notOpen'],
    ['SUBMITTED', 'resolve', 'admin', 'warranty.notAccepted'],
  ] as const)('%s + %s: refused (%s)', (from, event, role, key) => {
    expect(transitionWarranty(from, event, role)).toEqual({ ok: false, key });
  });

  test('an offered refund is the admin’s alone', () => {
    expect(transitionWarranty('SUBMITTED', 'refund', 'workshop')).toEqual({ ok: false, key: 'console.adminOnly', forbidden: true });
    expect(warrantyEventsFor('SUBMITTED', 'workshop')).toEqual(['accept', 'reject']);
    expect(warrantyEventsFor('SUBMITTED', 'admin')).toEqual(['accept', 'reject', 'refund']);
    expect(warrantyEventsFor('ACCEPTED', 'admin')).toEqual(['refund', 'resolve']);
    expect(warrantyEventsFor('RESOLVED', 'admin')).toEqual([]);
  });
});
