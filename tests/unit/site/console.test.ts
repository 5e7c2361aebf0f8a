import { describe, expect, it } from 'vitest';
import { EXPRESS_NO } from '../../../contract/console.ts';
import { addDays, isIsoDate } from '../../../contract/rules/kl-calendar.ts';
import { TYRE_NEAR_LIMIT_MONTHS as CONTRACT_NEAR_LIMIT } from '../../../contract/console-dashboard.ts';
import { vans, vansFor } from '../../../src/lib/console-vans.ts';
import { counterLookup, mayOpen, niceScale, pagesFor, pickupCodeOf, staffRole, TRACKING_NO, TYRE_NEAR_LIMIT_MONTHS } from '../../../src/lib/console.ts';

describe('console pages by role', () => {
  it('shows workshop staff the day, their van\'s day, the counter, mail orders, their warranty claims, their stock and reviews only', () => {
    expect(pagesFor('workshop').map((p) => p.id)).toEqual(['today', 'van', 'counter', 'mail', 'warranty', 'stock', 'reviews']);
    expect(mayOpen('workshop', 'refunds')).toBe(false);
    expect(mayOpen('workshop', 'dashboard')).toBe(false);
  });
  it('shows admins every page, and customers none', () => {
    expect(pagesFor('admin').map((p) => p.page)).toEqual(['console', 'console/van', 'console/counter', 'console/mail', 'console/refunds', 'console/warranty', 'console/stock', 'console/closures', 'console/dashboard', 'console/reviews', 'console/einvoices', 'console/content']);
    expect(pagesFor(null)).toEqual([]);
    expect(mayOpen(null, 'today')).toBe(false);
  });
  it('reads a role from the user, an unknown one as none', () => {
    expect(staffRole({ role: 'admin' })).toBe('admin');
    expect(staffRole({ role: 'owner' })).toBeNull();
    expect(staffRole({ role: null })).toBeNull();
    expect(staffRole(null)).toBeNull();
  });
});

describe('the vans a staff member may open', () => {
  it('admins every van; workshop staff the vans based at their workshop, or none', () => {
    expect(vansFor({ role: 'admin', storeId: null }).map((v) => v.id)).toEqual(vans.map((v) => v.id));
    expect(vansFor({ role: 'workshop', storeId: 'petaling-jaya-ss2-tyre-auto' }).map((v) => v.id)).toEqual(['van-petaling-jaya']);
    expect(vansFor({ role: 'workshop', storeId: 'kuala-lumpur-segambut-maju-jaya' }).map((v) => v.id)).toEqual(['van-kuala-lumpur']);
    expect(vansFor({ role: 'workshop', storeId: 'a-workshop-without-a-van' })).toEqual([]);
  });
});

describe('days', () => {
  it('steps across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('23/11/2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('the counter’s search box', () => {
  it('reads a pickup code typed with spaces or dashes, or scanned', () => {
    expect(pickupCodeOf(' 123 456 ')).toBe('123456');
    expect(pickupCodeOf('123-456')).toBe('123456');
    expect(pickupCodeOf('12345')).toBeNull();
    expect(pickupCodeOf('12345a')).toBeNull();
  });
  it('looks up six digits as a pickup code and anything else as an order number', () => {
    expect(counterLookup('482 113')).toEqual({ pickupCode: '482113' });
    expect(counterLookup(' sv261123048113 ')).toEqual({ orderNo: 'SV261123048113' });
    expect(counterLookup('')).toBeNull();
    expect(counterLookup('SV 26')).toBeNull();
  });
});

describe('shipping', () => {
  it('checks a tracking number as the server does', () => {
    expect(TRACKING_NO.source).toBe(EXPRESS_NO.source);
    expect(TRACKING_NO.test('EP123456789MY')).toBe(true);
    expect(TRACKING_NO.test('12345')).toBe(false);
  });
});

describe('the dashboard’s tyres near the age limit', () => {
  it('counts the months as the server does', () => {
    expect(TYRE_NEAR_LIMIT_MONTHS).toBe(CONTRACT_NEAR_LIMIT);
  });
});

describe('chart scales', () => {
  it('rounds the top up to a tidy step, ticks from zero', () => {
    expect(niceScale(7)).toEqual({ top: 8, steps: [0, 2, 4, 6, 8] });
    expect(niceScale(123_456)).toEqual({ top: 150_000, steps: [0, 50_000, 100_000, 150_000] });
    expect(niceScale(3)).toEqual({ top: 3, steps: [0, 1, 2, 3] });
  });
  it('draws an empty chart with a scale of one', () => {
    expect(niceScale(0)).toEqual({ top: 1, steps: [0, 1] });
  });
});
