import { describe, expect, test } from 'vitest';
import { orderEventsFor, transitionOrder, type OrderState } from '../../server/modules/orders/states.ts';
import { retryDelayMs } from '../../server/jobs/queue.ts';

const cancelled = (method: OrderState['method']): OrderState => ({ status: 'CANCELLED', stage: null, method });

describe('a payment that arrives after the time-out', () => {
  test.each([
    ['install', 'BOOKED'],
    ['pickup', 'PREPARING'],
    ['mail', 'TO_SHIP'],
  ] as const)('revives a cancelled %s order at %s, by the system only', (method, stage) => {
    expect(transitionOrder(cancelled(method), 'payLate', 'system')).toEqual({ ok: true, status: 'UPCOMING', stage, history: { status: 'UPCOMING', stage, by: 'system', note: '' } });
    expect(transitionOrder(cancelled(method), 'payLate', 'customer')).toEqual({ ok: false, key: 'order.notPermitted' });
  });

  test('never moves an order that is not cancelled', () => {
    for (const state of [
      { status: 'PENDING_PAYMENT', stage: null, method: 'install' },
      { status: 'UPCOMING', stage: 'BOOKED', method: 'install' },
      { status: 'REFUNDED', stage: null, method: 'install' },
    ] as OrderState[]) {
      expect(transitionOrder(state, 'payLate', 'system')).toEqual({ ok: false, key: 'order.payRefused' });
    }
  });

  test('is the only move the system has on a cancelled order', () => {
    expect(orderEventsFor(cancelled('install'), 'system')).toEqual(['payLate']);
    expect(orderEventsFor(cancelled('install'), 'customer')).toEqual([]);
  });
});

describe('a job that failed waits before its next try', () => {
  test('30 s, then doubling, never more than an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
