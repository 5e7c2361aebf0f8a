import { describe, expect, test } from 'vitest';
import {
  appointmentStart,
  checkChangeTime,
  checkDelete,
  checkPay,
  customerActions,
  type CustomerOrderView,
} from '../../server/modules/orders/actions.ts';
import { approvableSen, checkRefundRequest } from '../../server/modules/refunds/refundable.ts';

/** A moment given as Kuala Lumpur wall-clock time. */
const kl = (local: string) => new Date(`${local}+08:00`);

/** A basic service for a Perodua Myvi at a Petaling Jaya workshop, booked for Thursday 4 June 2026 at 10:00. */
const booked: CustomerOrderView = {
  status: 'UPCOMING',
  stage: 'BOOKED',
  method: 'install',
  payBefore: kl('2026-06-01T10:30:00'),
  appointment: { date: '2026-06-04', time: '10:00' },
  completedAt: null,
  refundableSen: 15900,
  refundStatus: null,
};
const unpaid: CustomerOrderView = { ...booked, status: 'PENDING_PAYMENT', stage: null, refundableSen: 0 };
const completed: CustomerOrderView = { ...booked, status: 'COMPLETED', stage: null, completedAt: kl('2026-06-04T11:15:00') };

const actions = (order: CustomerOrderView, now: Date) =>
  Object.entries(customerActions(order, now))
    .filter(([, allowed]) => allowed)
    .map(([name]) => name);

describe('what the customer can do, by state', () => {
  test('an unpaid order can be paid or cancelled', () => {
    expect(actions(unpaid, kl('2026-06-01T10:10:00'))).toEqual(['pay', 'cancel']);
  });

  test('once the payment time is over it can only be cancelled (the system cancels it soon)', () => {
    expect(actions(unpaid, kl('2026-06-01T10:30:00'))).toEqual(['cancel']);
  });

  test('a booked installation can change its time or ask for a refund', () => {
    expect(actions(booked, kl('2026-06-02T09:00:00'))).toEqual(['changeTime', 'refund']);
  });

  test('a completed order can be refunded within 30 days, and deleted', () => {
    expect(actions(completed, kl('2026-06-20T09:00:00'))).toEqual(['refund', 'delete']);
    expect(actions(completed, kl('2026-07-05T09:00:00'))).toEqual(['delete']);
  });

  test('a refund waiting for review can be revoked, and keeps the order from being deleted', () => {
    expect(actions({ ...completed, refundStatus: 'PENDING_REVIEW' }, kl('2026-06-10T09:00:00'))).toEqual(['revokeRefund']);
  });

  test('a refund being processed can no longer be revoked', () => {
    expect(actions({ ...booked, refundStatus: 'PROCESSING' }, kl('2026-06-02T09:00:00'))).toEqual(['changeTime']);
  });

  test('a cancelled order can only be deleted', () => {
    expect(actions({ ...unpaid, status: 'CANCELLED' }, kl('2026-06-02T09:00:00'))).toEqual(['delete']);
  });

  test('a refunded order can only be deleted', () => {
    expect(actions({ ...completed, status: 'REFUNDED', refundableSen: 0, refundStatus: 'COMPLETED' }, kl('2026-06-10T09:00:00'))).toEqual(['delete']);
  });
});

describe('paying', () => {
  test('until payBefore, not at it', () => {
    expect(checkPay(unpaid, kl('2026-06-01T10:29:59'))).toBeNull();
    expect(checkPay(unpaid, kl('2026-06-01T10:30:00'))).toEqual({ ok: false, key: 'order.payRefused' });
  });

  test('never twice', () => {
    expect(checkPay(booked, kl('2026-06-01T10:00:00'))).toEqual({ ok: false, key: 'order.payRefused' });
  });
});

describe('changing the installation time', () => {
  test('the appointment is Kuala Lumpur time', () => {
    expect(appointmentStart({ date: '2026-06-04', time: '10:00' }).toISOString()).toBe('2026-06-04T02:00:00.000Z');
  });

  test('until exactly 24 hours before', () => {
    expect(checkChangeTime(booked, kl('2026-06-03T10:00:00'))).toBeNull();
    expect(checkChangeTime(booked, kl('2026-06-03T10:00:01'))).toEqual({ ok: false, key: 'order.changeTimeRefused' });
  });

  test('a server in UTC counts the 24 hours the same way', () => {
    // 01:59 UTC on 3 June is 09:59 in Kuala Lumpur: still more than 24 h before 10:00 on 4 June.
    expect(checkChangeTime(booked, new Date('2026-06-03T01:59:00Z'))).toBeNull();
    expect(checkChangeTime(booked, new Date('2026-06-03T02:01:00Z'))).not.toBeNull();
  });

  test('not once the job has started, nor for pickup or mailing', () => {
    expect(checkChangeTime({ ...booked, status: 'IN_PROGRESS', stage: 'IN_SERVICE' }, kl('2026-06-01T09:00:00'))).not.toBeNull();
    expect(checkChangeTime({ ...booked, method: 'pickup', stage: 'PREPARING', appointment: null }, kl('2026-06-01T09:00:00'))).not.toBeNull();
    expect(checkChangeTime(unpaid, kl('2026-06-01T09:00:00'))).not.toBeNull();
  });
});

describe('deleting', () => {
  test.each(['PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS'] as const)('not while %s', (status) => {
    expect(checkDelete({ ...booked, status })).toEqual({ ok: false, key: 'order.deleteRefused' });
  });

  test('not while a refund is under way', () => {
    expect(checkDelete({ ...completed, refundStatus: 'REVIEWED' })).toEqual({ ok: false, key: 'order.refundOpen' });
  });

  test('a rejected refund does not stop it', () => {
    expect(checkDelete({ ...completed, refundStatus: 'REJECTED' })).toBeNull();
  });
});

describe('asking for a refund', () => {
  const now = kl('2026-06-10T09:00:00');

  test('all that is refundable by default', () => {
    expect(checkRefundRequest(booked, { reason: 'Cannot make it' }, now)).toEqual({ ok: true, amountSen: 15900 });
  });

  test('part of it when asked', () => {
    expect(checkRefundRequest({ ...completed, refundableSen: 10900 }, { reason: 'One wiper squeaks', amountSen: 4500 }, now)).toEqual({ ok: true, amountSen: 4500 });
  });

  test('never more than what is left', () => {
    expect(checkRefundRequest({ ...completed, refundableSen: 10900 }, { reason: 'Noise', amountSen: 12000 }, now)).toEqual({
      ok: false,
      key: 'refund.amount',
      params: { max: 'RM 109.00' },
    });
  });

  test('with a reason', () => {
    expect(checkRefundRequest(booked, { reason: '  ' }, now)).toEqual({ ok: false, key: 'refund.reasonRequired' });
  });

  test('within 30 days of completion', () => {
    expect(checkRefundRequest(completed, { reason: 'Noise' }, kl('2026-07-04T11:15:00')).ok).toBe(true);
    expect(checkRefundRequest(completed, { reason: 'Noise' }, kl('2026-07-04T11:15:01'))).toEqual({ ok: false, key: 'refund.warrantyOver', params: { days: 30 } });
  });

  test('one open request at a time', () => {
    expect(checkRefundRequest({ ...booked, refundStatus: 'PENDING_REVIEW' }, { reason: 'Again' }, now)).toEqual({ ok: false, key: 'order.refundOpen' });
  });

  test('a new request after a rejected one', () => {
    expect(checkRefundRequest({ ...booked, refundStatus: 'REJECTED' }, { reason: 'Again, with photos' }, now).ok).toBe(true);
  });

  test('not for unpaid or cancelled orders', () => {
    expect(checkRefundRequest(unpaid, { reason: 'x' }, now)).toEqual({ ok: false, key: 'refund.notRefundable' });
    expect(checkRefundRequest({ ...unpaid, status: 'CANCELLED' }, { reason: 'x' }, now)).toEqual({ ok: false, key: 'refund.notRefundable' });
  });

  test('not when everything has been returned', () => {
    expect(checkRefundRequest({ ...booked, refundableSen: 0, refundStatus: 'COMPLETED' }, { reason: 'x' }, now)).toEqual({ ok: false, key: 'refund.nothingLeft' });
  });
});

describe('approving a refund', () => {
  test('at most what was asked and what is still paid', () => {
    expect(approvableSen(5000, { usedSen: 12000 })).toBe(5000);
    expect(approvableSen(12000, { usedSen: 8000 })).toBe(8000);
    expect(approvableSen(1000, { usedSen: 0 })).toBe(0);
  });
});
