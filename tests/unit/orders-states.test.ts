import { describe, expect, test } from 'vitest';
import { message } from '../../contract/rules/messages.ts';
import { orderStatuses, refundStatuses, type Actor, type FulfilmentMethod, type RefundStatus } from '../../contract/rules/order-status.ts';
import {
  orderEventsFor,
  PAYMENT_EXPIRED_NOTE,
  transitionOrder,
  type OrderEvent,
  type OrderState,
} from '../../server/modules/orders/states.ts';
import { transitionRefund, type RefundEvent } from '../../server/modules/refunds/states.ts';

const pending = (method: FulfilmentMethod): OrderState => ({ status: 'PENDING_PAYMENT', stage: null, method });
const booked: OrderState = { status: 'UPCOMING', stage: 'BOOKED', method: 'install' };
const inService: OrderState = { status: 'IN_PROGRESS', stage: 'IN_SERVICE', method: 'install' };
const preparing: OrderState = { status: 'UPCOMING', stage: 'PREPARING', method: 'pickup' };
const ready: OrderState = { status: 'UPCOMING', stage: 'READY', method: 'pickup' };
const toShip: OrderState = { status: 'UPCOMING', stage: 'TO_SHIP', method: 'mail' };
const shipped: OrderState = { status: 'IN_PROGRESS', stage: 'SHIPPED', method: 'mail' };
const completed: OrderState = { status: 'COMPLETED', stage: null, method: 'install' };
const cancelled: OrderState = { status: 'CANCELLED', stage: null, method: 'install' };
const refunded: OrderState = { status: 'REFUNDED', stage: null, method: 'install' };

describe('paying an order', () => {
  test.each([
    ['install', 'BOOKED'],
    ['pickup', 'PREPARING'],
    ['mail', 'TO_SHIP'],
  ] as const)('a paid %s order is upcoming, %s', (method, stage) => {
    expect(transitionOrder(pending(method), 'pay', 'system')).toEqual({
      ok: true,
      status: 'UPCOMING',
      stage,
      history: { status: 'UPCOMING', stage, by: 'system', note: '' },
    });
  });

  test("is never the customer's word: only the system, after the provider, marks it paid", () => {
    expect(transitionOrder(pending('install'), 'pay', 'customer')).toEqual({ ok: false, key: 'order.notPermitted' });
    expect(transitionOrder(pending('install'), 'pay', 'staff')).toEqual({ ok: false, key: 'order.notPermitted' });
  });

  test('a second payment callback does not move a paid order again', () => {
    expect(transitionOrder(booked, 'pay', 'system')).toEqual({ ok: false, key: 'order.payRefused' });
  });

  test('a cancelled order cannot be paid', () => {
    expect(transitionOrder(cancelled, 'pay', 'system')).toEqual({ ok: false, key: 'order.payRefused' });
  });
});

describe('cancelling', () => {
  test('the customer cancels an unpaid order with a reason, kept in the history', () => {
    expect(transitionOrder(pending('install'), 'cancel', 'customer', { note: '  Booked the wrong day  ' })).toEqual({
      ok: true,
      status: 'CANCELLED',
      stage: null,
      history: { status: 'CANCELLED', stage: null, by: 'customer', note: 'Booked the wrong day' },
    });
  });

  test.each([undefined, '', '   '])('needs a reason (%j)', (note) => {
    expect(transitionOrder(pending('install'), 'cancel', 'customer', { note })).toEqual({ ok: false, key: 'order.reasonRequired' });
  });

  test('a paid order cannot be cancelled (a refund is asked for instead)', () => {
    expect(transitionOrder(booked, 'cancel', 'customer', { note: 'Changed my mind' })).toEqual({ ok: false, key: 'order.cancelRefused' });
  });

  test('the system cancels an order whose payment time ran out', () => {
    const move = transitionOrder(pending('install'), 'expire', 'system');
    expect(move).toMatchObject({ ok: true, status: 'CANCELLED', history: { by: 'system', note: PAYMENT_EXPIRED_NOTE } });
    expect(PAYMENT_EXPIRED_NOTE).toBe('payment time expired');
  });

  test('a time-out that comes after the payment changes nothing', () => {
    expect(transitionOrder(booked, 'expire', 'system')).toEqual({ ok: false, key: 'order.payRefused' });
  });

  test('a customer cannot expire an order', () => {
    expect(transitionOrder(pending('mail'), 'expire', 'customer')).toEqual({ ok: false, key: 'order.notPermitted' });
  });
});

describe('at the workshop: installation', () => {
  test('staff start a booked installation', () => {
    expect(transitionOrder(booked, 'start', 'staff')).toMatchObject({ ok: true, status: 'IN_PROGRESS', stage: 'IN_SERVICE' });
  });

  test('and complete it', () => {
    expect(transitionOrder(inService, 'complete', 'staff')).toMatchObject({ ok: true, status: 'COMPLETED', stage: null });
  });

  test('a booked installation cannot be completed before it starts', () => {
    expect(transitionOrder(booked, 'complete', 'staff')).toEqual({ ok: false, key: 'order.completeRefused' });
  });

  test('customers do not start jobs', () => {
    expect(transitionOrder(booked, 'start', 'customer')).toEqual({ ok: false, key: 'order.notPermitted' });
  });
});

describe('at the workshop: self pickup', () => {
  test('preparing, then ready, then completed when collected', () => {
    const readied = transitionOrder(preparing, 'ready', 'staff');
    expect(readied).toMatchObject({ ok: true, status: 'UPCOMING', stage: 'READY' });
    expect(transitionOrder(ready, 'complete', 'staff')).toMatchObject({ ok: true, status: 'COMPLETED' });
  });

  test('cannot be collected before it is ready', () => {
    expect(transitionOrder(preparing, 'complete', 'staff')).toEqual({ ok: false, key: 'order.completeRefused' });
  });

  test('is never shipped or started', () => {
    expect(transitionOrder(preparing, 'ship', 'staff')).toEqual({ ok: false, key: 'order.shipRefused' });
    expect(transitionOrder({ ...preparing, stage: 'BOOKED' }, 'start', 'staff')).toEqual({ ok: false, key: 'order.startRefused' });
  });
});

describe('mailing', () => {
  test('shipped, then completed', () => {
    expect(transitionOrder(toShip, 'ship', 'staff')).toMatchObject({ ok: true, status: 'IN_PROGRESS', stage: 'SHIPPED' });
    expect(transitionOrder(shipped, 'complete', 'staff')).toMatchObject({ ok: true, status: 'COMPLETED' });
  });

  test('is never marked ready for pickup', () => {
    expect(transitionOrder(toShip, 'ready', 'staff')).toEqual({ ok: false, key: 'order.readyRefused' });
  });
});

describe('refunded orders', () => {
  test.each([booked, inService, ready, shipped, completed])('a paid order ($status) is refunded when every paid sen is back', (state) => {
    expect(transitionOrder(state, 'refund', 'system', { paidSen: 15900, returnedSen: 15900 })).toMatchObject({ ok: true, status: 'REFUNDED', stage: null });
  });

  test('not while part of the payment is still with the shop', () => {
    expect(transitionOrder(completed, 'refund', 'system', { paidSen: 15900, returnedSen: 5000 })).toEqual({ ok: false, key: 'order.notFullyRefunded' });
  });

  test('an unpaid, cancelled or refunded order cannot become refunded', () => {
    for (const state of [pending('install'), cancelled, refunded]) {
      expect(transitionOrder(state, 'refund', 'system', { paidSen: 100, returnedSen: 100 })).toEqual({ ok: false, key: 'order.refundedRefused' });
    }
  });
});

describe('the table as a whole', () => {
  const every: OrderEvent[] = ['pay', 'cancel', 'expire', 'start', 'ready', 'ship', 'complete', 'refund'];
  const actors: Actor[] = ['customer', 'staff', 'system'];

  test('ended orders never move', () => {
    for (const state of [cancelled, refunded]) {
      for (const event of every) for (const by of actors) expect(transitionOrder(state, event, by, { note: 'x', paidSen: 1, returnedSen: 1 }).ok).toBe(false);
    }
  });

  test('a completed order only becomes refunded', () => {
    expect(orderEventsFor(completed, 'system')).toEqual(['refund']);
    expect(orderEventsFor(completed, 'staff')).toEqual([]);
    expect(orderEventsFor(completed, 'customer')).toEqual([]);
  });

  test('what each side may do with an unpaid order', () => {
    expect(orderEventsFor(pending('install'), 'customer')).toEqual(['cancel']);
    expect(orderEventsFor(pending('install'), 'system')).toEqual(['pay', 'expire']);
    expect(orderEventsFor(pending('install'), 'staff')).toEqual([]);
  });

  test('every move lands on a status of docs/contracts/orders.md §1', () => {
    for (const event of every) {
      const move = transitionOrder(booked, event, 'staff', { note: 'x' });
      if (move.ok) expect(orderStatuses).toContain(move.status);
    }
  });

  test('every refusal has a text in three languages', () => {
    for (const event of every) {
      const move = transitionOrder(refunded, event, 'system');
      if (move.ok) throw new Error('refunded orders do not move');
      expect(message('en', move.key)).not.toBe(move.key);
      expect(message('zh-cn', move.key)).not.toBe(message('en', move.key));
      expect(message('ms', move.key)).not.toBe(message('en', move.key));
    }
  });
});

describe('refunds', () => {
  test('staff approve a pending request with an amount up to what is refundable', () => {
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', { amountSen: 15900, refundableSen: 15900, note: 'Workshop error' })).toEqual({
      ok: true,
      status: 'REVIEWED',
      history: { status: 'REVIEWED', stage: null, by: 'staff', note: 'Workshop error' },
    });
  });

  test.each([undefined, 0, -100, 15901, 10.5])('not for %j sen of RM 159.00', (amountSen) => {
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', { amountSen, refundableSen: 15900 })).toEqual({
      ok: false,
      key: 'refund.amount',
      params: { max: 'RM 159.00' },
    });
  });

  test('approving less than was asked needs a note the customer reads', () => {
    const partial = { amountSen: 9000, refundableSen: 15900, requestedSen: 15900 };
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', partial)).toEqual({ ok: false, key: 'refund.partialNoteRequired' });
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', { ...partial, note: '  ' })).toEqual({ ok: false, key: 'refund.partialNoteRequired' });
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', { ...partial, note: 'One blade was not fitted' })).toMatchObject({ ok: true, status: 'REVIEWED' });
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'staff', { ...partial, amountSen: 15900 })).toMatchObject({ ok: true, status: 'REVIEWED' });
  });

  test('then the provider pays it out: processing, completed', () => {
    expect(transitionRefund('REVIEWED', 'process', 'system')).toMatchObject({ ok: true, status: 'PROCESSING' });
    expect(transitionRefund('PROCESSING', 'complete', 'system')).toMatchObject({ ok: true, status: 'COMPLETED' });
  });

  test('staff reject with a reason for the customer', () => {
    expect(transitionRefund('PENDING_REVIEW', 'reject', 'staff', { note: 'Fitted as ordered; no fault found' })).toMatchObject({ ok: true, status: 'REJECTED' });
    expect(transitionRefund('PENDING_REVIEW', 'reject', 'staff', { note: ' ' })).toEqual({ ok: false, key: 'refund.noteRequired' });
  });

  test('the customer may revoke only while it waits for review', () => {
    expect(transitionRefund('PENDING_REVIEW', 'revoke', 'customer')).toMatchObject({ ok: true, status: 'REVOKED' });
    expect(transitionRefund('REVIEWED', 'revoke', 'customer')).toEqual({ ok: false, key: 'refund.notPending' });
  });

  test('nobody but the customer revokes, and customers do not approve their own refunds', () => {
    expect(transitionRefund('PENDING_REVIEW', 'revoke', 'staff')).toEqual({ ok: false, key: 'refund.notPermitted' });
    expect(transitionRefund('PENDING_REVIEW', 'approve', 'customer', { amountSen: 100, refundableSen: 100 })).toEqual({ ok: false, key: 'refund.notPermitted' });
  });

  test('steps cannot be skipped', () => {
    expect(transitionRefund('PENDING_REVIEW', 'process', 'system')).toEqual({ ok: false, key: 'refund.processRefused' });
    expect(transitionRefund('REVIEWED', 'complete', 'system')).toEqual({ ok: false, key: 'refund.completeRefused' });
  });

  test('ended refunds never move', () => {
    const events: RefundEvent[] = ['approve', 'reject', 'process', 'complete', 'revoke'];
    const ended: RefundStatus[] = ['COMPLETED', 'REJECTED', 'REVOKED'];
    for (const status of ended) for (const event of events) expect(transitionRefund(status, event, 'staff', { note: 'x', amountSen: 1, refundableSen: 1 }).ok).toBe(false);
    expect(refundStatuses).toEqual(expect.arrayContaining(ended));
  });
});
