import { describe, expect, test } from 'vitest';
import { checkStaffEntry, staffPhone } from '../../server/modules/staff/service.ts';
import { refundDeadline } from '../../server/modules/refunds/deadline.ts';
import { figuresByDay, lastDays } from '../../server/queries/dashboard.ts';

const stores = new Set(['petaling-jaya-ss2-tyre-auto']);

describe('staff entries', () => {
  test('phones as people write them, 010 numbers included', () => {
    expect(staffPhone('+60 10-000 0001')).toEqual({ ok: true, phone: '+60100000001' });
    expect(staffPhone('010-000 0002')).toEqual({ ok: true, phone: '+60100000002' });
    expect(staffPhone('015 1234567').ok).toBe(false);
  });

  test('a role, and a known workshop for workshop staff only', () => {
    expect(checkStaffEntry({ phone: '0123456789', role: 'admin' }, stores)).toEqual({ ok: true, entry: { phone: '+60123456789', role: 'admin', storeId: null } });
    expect(checkStaffEntry({ phone: '0123456789', role: 'workshop', store: 'petaling-jaya-ss2-tyre-auto' }, stores)).toMatchObject({ ok: true, entry: { storeId: 'petaling-jaya-ss2-tyre-auto' } });
    const problems = [
      checkStaffEntry({ role: 'admin' }, stores),
      checkStaffEntry({ phone: '015 1234567', role: 'admin' }, stores),
      checkStaffEntry({ phone: '0123456789', role: 'boss' }, stores),
      checkStaffEntry({ phone: '0123456789', role: 'workshop' }, stores),
      checkStaffEntry({ phone: '0123456789', role: 'workshop', store: 'nowhere' }, stores),
      checkStaffEntry({ phone: '0123456789', role: 'admin', store: 'petaling-jaya-ss2-tyre-auto' }, stores),
    ].map((r) => (r.ok ? 'accepted' : r.problem));
    expect(problems).toEqual([
      'a phone number is required (--phone "+60 12-345 6789")',
      '"015 1234567" is not a Malaysian mobile number',
      'the role must be admin or workshop (--role)',
      'workshop staff need their workshop (--store <id>)',
      'there is no workshop "nowhere"',
      'an admin works for every workshop: leave out --store',
    ]);
  });
});

describe('what staff read', () => {
  test('a refund is due by the end of the third working day, Kuala Lumpur time, weekends skipped', () => {
    // Thursday 5 June 2025, 23:30 KL: Friday, Monday, Tuesday.
    expect(refundDeadline(new Date('2025-06-05T15:30:00Z')).toISOString()).toBe('2025-06-10T15:59:59.999Z');
  });

  test('the last 30 days, KL dates, zeros filled in', () => {
    const days = lastDays(new Date('2025-06-01T17:00:00Z'), 30);
    expect([days[0], days.at(-1), days.length]).toEqual(['2025-05-04', '2025-06-02', 30]);
    const figures = [
      { date: '2025-06-02', store: 'a', orders: 2, revenueSen: 500, refundedSen: 0 },
      { date: '2025-06-02', store: 'b', orders: 1, revenueSen: 100, refundedSen: 50 },
    ];
    expect(figuresByDay(['2025-06-01', '2025-06-02'], figures, null)).toEqual([
      { date: '2025-06-01', orders: 0, revenueSen: 0, refundedSen: 0 },
      { date: '2025-06-02', orders: 3, revenueSen: 600, refundedSen: 50 },
    ]);
    expect(figuresByDay(['2025-06-02'], figures, 'b')).toEqual([{ date: '2025-06-02', orders: 1, revenueSen: 100, refundedSen: 50 }]);
  });
});
