import { describe, expect, test } from 'vitest';
import { reminderAt } from '../../server/modules/notifications/reminder.ts';
import { noticeText, withoutLinks, type NoticeOrder } from '../../server/modules/notifications/texts.ts';

const order: NoticeOrder = {
  orderNo: 'SA2506021234',
  method: 'install',
  workshop: 'Tyre & Auto SS2',
  appointment: { date: '2025-06-05', time: '14:00' },
  pickupCode: '482913',
  expressCompany: 'J&T Express',
  expressNo: '630012345678',
  locale: 'en',
};

describe('SMS about an order', () => {
  test('each notice in each language, with the order number and no link', () => {
    const events = [
      { kind: 'bookingConfirmed' },
      { kind: 'reminder' },
      { kind: 'pickupReady' },
      { kind: 'shipped' },
      { kind: 'refundDecided', approved: true, amountSen: 9700 },
      { kind: 'refundDecided', approved: false, amountSen: 9700, note: 'Fitted already; see https://servauto.my/policy' },
      { kind: 'refundPaid', amountSen: 9700 },
      { kind: 'refundDue', amountSen: 9700 },
    ] as const;
    for (const locale of ['en', 'zh-cn', 'ms'] as const) {
      for (const event of events) {
        const text = noticeText({ ...order, locale }, event);
        expect(text).toContain('SA2506021234');
        expect(text).not.toMatch(/https?:|www\.|\{\w+\}/);
      }
    }
    expect(noticeText(order, { kind: 'reminder' })).toBe('RM0 Servauto: a reminder that order SA2506021234 is booked for installation at Tyre & Auto SS2 tomorrow, Thu, 5 Jun 2025 at 14:00.');
    expect(noticeText({ ...order, locale: 'ms' }, { kind: 'pickupReady' })).toBe(
      'RM0 Servauto: pesanan SA2506021234 sedia untuk diambil di Tyre & Auto SS2. Tunjukkan kod ambil 482913 di kaunter.',
    );
    expect(noticeText({ ...order, locale: 'zh-cn' }, { kind: 'shipped' })).toBe('RM0 Servauto: 订单 SA2506021234 已由 J&T Express 寄出，运单号 630012345678。');
    expect(noticeText(order, { kind: 'refundDecided', approved: true, amountSen: 9700 })).toContain('RM 97.00');
    expect(noticeText(order, { kind: 'refundDecided', approved: false, amountSen: 9700, note: 'Fitted already; see https://servauto.my/policy' })).toBe(
      'RM0 Servauto: your refund request for order SA2506021234 was not approved. Fitted already; see',
    );
  });

  test('withoutLinks drops web addresses and tidies the spaces', () => {
    expect(withoutLinks('Call us or visit www.servauto.my today, or http://x.y/z.')).toBe('Call us or visit today, or');
    expect(withoutLinks('  no  links here ')).toBe('no links here');
  });

  test('the reminder goes at 10:00 Kuala Lumpur time the day before, across a month end', () => {
    expect(reminderAt({ date: '2025-06-05', time: '14:00' }).toISOString()).toBe('2025-06-04T02:00:00.000Z');
    expect(reminderAt({ date: '2025-07-01', time: '08:30' }).toISOString()).toBe('2025-06-30T02:00:00.000Z');
  });
});
