import { describe, expect, test } from 'vitest';
import { findCourier, trackingLink } from '../../../contract/rules/couriers.ts';
import { hasMore, orderTabs, searchOfTab, tabFilter, tabOfSearch } from '../../../src/lib/my-orders.ts';
import { addWorkingDays, isWorkingDay, klDate } from '../../../contract/rules/kl-calendar.ts';

describe('the My Orders tabs in the address', () => {
  test('each tab survives a round trip through ?status', () => {
    for (const tab of orderTabs) expect(tabOfSearch(searchOfTab(tab))).toBe(tab);
  });
  test('All has no status in the address, and an unknown or missing status is All', () => {
    expect(searchOfTab('all')).toBe('');
    expect(tabOfSearch('')).toBe('all');
    expect(tabOfSearch('?status=shipped')).toBe('all');
    expect(tabOfSearch('?status=%3Cscript%3E')).toBe('all');
  });
  test('a status typed in capitals still finds its tab', () => {
    expect(tabOfSearch('?status=UPCOMING')).toBe('upcoming');
  });
  test('each tab asks the server for its status, Refunds for orders with a refund, All for none', () => {
    expect(tabFilter('all')).toBeUndefined();
    expect(tabFilter('pending-payment')).toBe('PENDING_PAYMENT');
    expect(tabFilter('in-progress')).toBe('IN_PROGRESS');
    expect(tabFilter('refunds')).toBe('REFUND');
  });
  test('"more" is offered only while orders are left', () => {
    expect(hasMore(10, 11)).toBe(true);
    expect(hasMore(11, 11)).toBe(false);
  });
});

describe('the refund review date: 3 working days, weekends skipped, in Kuala Lumpur', () => {
  test('a request on a Monday is reviewed by Thursday', () => {
    expect(addWorkingDays(new Date('2026-11-23T02:00:00Z'), 3)).toBe('2026-11-26');
  });
  test('a request on a Friday is reviewed by the Wednesday after', () => {
    expect(addWorkingDays(new Date('2026-11-27T09:00:00Z'), 3)).toBe('2026-12-02');
  });
  test('a request on a Saturday or Sunday counts from Monday', () => {
    expect(addWorkingDays(new Date('2026-11-28T09:00:00Z'), 3)).toBe('2026-12-02');
    expect(addWorkingDays(new Date('2026-11-29T09:00:00Z'), 3)).toBe('2026-12-02');
  });
  test('late on Friday evening UTC is already Saturday in Kuala Lumpur', () => {
    // 17:00 UTC Friday = 01:00 Saturday in KL.
    expect(klDate(new Date('2026-11-27T17:00:00Z'))).toBe('2026-11-28');
    expect(addWorkingDays(new Date('2026-11-27T17:00:00Z'), 3)).toBe('2026-12-02');
  });
  test('holidays given are skipped like weekends', () => {
    const holidays = new Set(['2026-11-24']);
    expect(isWorkingDay('2026-11-24', holidays)).toBe(false);
    expect(addWorkingDays(new Date('2026-11-23T02:00:00Z'), 3, holidays)).toBe('2026-11-27');
  });
});

describe('courier tracking links', () => {
  test('the common Malaysian couriers are found by their usual spellings', () => {
    expect(findCourier('Pos Laju')?.id).toBe('poslaju');
    expect(findCourier('POSLAJU')?.id).toBe('poslaju');
    expect(findCourier('J&T Express')?.id).toBe('jnt');
    expect(findCourier('DHL eCommerce')?.id).toBe('dhl-ecommerce');
    expect(findCourier('NinjaVan')?.id).toBe('ninjavan');
    expect(findCourier('City-Link Express')?.id).toBe('citylink');
    expect(findCourier('GD Express')?.id).toBe('gdex');
  });
  test('each link opens the courier’s own page with the number, escaped', () => {
    expect(trackingLink('Pos Laju', 'ER123456789MY')).toEqual({ courier: 'Pos Laju', url: 'https://tracking.pos.com.my/tracking/ER123456789MY' });
    expect(trackingLink('J&T', '630012345678')?.url).toBe('https://www.jtexpress.my/tracking/630012345678');
    expect(trackingLink('Ninja Van', 'NV MY 1/2')?.url).toBe('https://www.ninjavan.co/en-my/tracking?id=NV%20MY%201%2F2');
  });
  test('an unknown courier or a missing number gives no link', () => {
    expect(trackingLink('Lalamove', 'X1')).toBeNull();
    expect(trackingLink('GDEX', '  ')).toBeNull();
    expect(trackingLink(null, 'X1')).toBeNull();
  });
});
