import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLOSURE_REASON_MAX, EXPRESS_NO, STAFF_NOTE_MAX } from '../../contract/console.ts';
import { couriers } from '../../contract/rules/couriers.ts';
import { WARRANTY_REASON_MAX } from '../../contract/rules/warranty.ts';
import { dateWords } from '../../contract/rules/dates.ts';
import { addDays } from '../../contract/rules/kl-calendar.ts';
import { locales, type Locale } from '../../contract/rules/language.ts';
import { normalisePlate, vanitySeries } from '../../contract/rules/plate.ts';
import { hasLink, hasPhoneNumber, smsCount, smsMaxSegments, withoutLinksOrPhones } from '../../contract/rules/sms.ts';
import { reminderText } from '../../server/jobs/car-reminders.ts';
import { orderNumber, pickupCode } from '../../server/modules/orders/numbers.ts';
import { accountClosedSms, closeCodeSms, closureSms, noticeText, otpSms, type NoticeOrder, type OrderNoticeEvent } from '../../server/modules/notifications/texts.ts';
import { shopBrand } from '../../server/modules/seller/details.ts';

/**
 * Every SMS the shop sends, in every language, with the values filled in at their longest:
 * what Malaysian operators deliver (docs/contracts/going-live.md §4, rules/sms.ts).
 */

const content = (dir: string) =>
  readdirSync(path.resolve('content', dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.resolve('content', dir, f), 'utf8')) as Record<string, unknown>);
const longest = (values: Iterable<string>) => [...values].reduce((a, b) => (b.length > a.length ? b : a), '');

// The longest value each placeholder can take.
const orderNo = orderNumber(new Date('2026-12-31T00:00:00+08:00'), (n) => '9'.repeat(n));
const workshop = longest(content('stores').flatMap((f) => (f.workshops as { name: string }[]).map((w) => w.name)));
const company = longest(couriers.map((c) => c.name));
const trackingNo = 'MYABCDEFGHJKLMNPQRSTUVWXYZ-123';
const amountSen = 9_999_999; // RM 99,999.99
const code = pickupCode((n) => '9'.repeat(n));
const time = '10:00';
/** Per language, the date whose words are longest (over two years, every month and weekday). */
const longestDate = (locale: Locale) => {
  const days = Array.from({ length: 731 }, (_, i) => addDays('2026-01-01', i));
  return days.reduce((a, b) => (dateWords(b, locale).length > dateWords(a, locale).length ? b : a));
};
const plate = longest(vanitySeries.map((w) => normalisePlate(`${w} 9999 A`) ?? normalisePlate(`${w} 9999`) ?? ''));
const car = `${longest(content('vehicles').flatMap((b) => (b.models as { name: string }[]).map((m) => `${b.name as string} ${m.name}`)))} (${plate})`;
/** Staff notes and closure reasons at their maximum length, in words (in Chinese, in Chinese). */
const words = {
  note: { en: 'Fitted and used already, see the photos on the order. ', zh: '已安装使用的商品不能退款，详情请查看订单照片。' },
  reason: { en: 'Flooded after heavy rain, the workshop is being cleaned. ', zh: '暴雨后车厂被淹，正在清理。' },
};
const freeText = (locale: Locale, max: number, kind: keyof typeof words = max === CLOSURE_REASON_MAX ? 'reason' : 'note') =>
  words[kind][locale === 'zh-cn' ? 'zh' : 'en'].repeat(max).slice(0, max);

export function everySms(locale: Locale): { name: string; text: string }[] {
  const date = longestDate(locale);
  const base: NoticeOrder = { orderNo, method: 'install', workshop, appointment: { date, time }, pickupCode: code, expressCompany: company, expressNo: trackingNo, locale };
  const orders: Record<NoticeOrder['method'], NoticeOrder> = {
    install: base,
    pickup: { ...base, method: 'pickup', appointment: null },
    mail: { ...base, method: 'mail', workshop: null, appointment: null, pickupCode: null },
    mobile: { ...base, method: 'mobile', workshop: null, appointment: { date, time, end: time }, pickupCode: null },
  };
  const note = freeText(locale, STAFF_NOTE_MAX);
  const { install, pickup, mail, mobile } = orders;
  const everyOrder = [install, pickup, mail, mobile];
  // Every kind of order notice, on the orders it is sent about: a kind left out does not compile.
  const events: Record<OrderNoticeEvent['kind'], [OrderNoticeEvent, NoticeOrder[]][]> = {
    bookingConfirmed: [[{ kind: 'bookingConfirmed' }, everyOrder]],
    onTheWay: [[{ kind: 'onTheWay', etaMinutes: 240 }, [mobile]]],
    visitMissed: [[{ kind: 'visitMissed', amountSen }, [mobile]]],
    timeChanged: [[{ kind: 'timeChanged' }, [install, mobile]]],
    reminder: [[{ kind: 'reminder' }, [install, mobile]]],
    pickupReady: [[{ kind: 'pickupReady' }, [pickup]]],
    shipped: [[{ kind: 'shipped' }, [mail]]],
    refundDecided: [
      [{ kind: 'refundDecided', approved: true, amountSen }, [install]],
      [{ kind: 'refundDecided', approved: false, amountSen, note }, [install]],
      [{ kind: 'refundDecided', approved: false, amountSen }, [install]],
    ],
    refundPaid: [[{ kind: 'refundPaid', amountSen }, [install]]],
    refundDue: [
      [{ kind: 'refundDue', amountSen }, [install]],
      [{ kind: 'refundDue', amountSen, why: 'coupon' }, [install]],
    ],
    moneyReturned: [[{ kind: 'moneyReturned', amountSen }, [install]]],
    completed: [[{ kind: 'completed' }, everyOrder]],
    warrantyAccepted: [[{ kind: 'warrantyAccepted' }, [install]]],
    warrantyRejected: [[{ kind: 'warrantyRejected', reason: freeText(locale, WARRANTY_REASON_MAX) }, [install]]],
    warrantyRefund: [[{ kind: 'warrantyRefund', amountSen }, [install]]],
    warrantyBooked: [[{ kind: 'warrantyBooked', date, time }, [install]]],
    warrantyResolved: [[{ kind: 'warrantyResolved' }, [install]]],
  };
  const label = (event: OrderNoticeEvent) =>
    event.kind === 'refundDecided' ? `refundDecided ${event.approved ? 'approved' : event.note ? 'rejected with a note' : 'rejected'}` : event.kind === 'refundDue' && event.why ? `refundDue ${event.why}` : event.kind;
  const notices = Object.values(events)
    .flat()
    .flatMap(([event, on]) => on.map((order) => ({ name: `${label(event)} (${order.method})`, text: noticeText(order, event) })));
  return [
    ...notices,
    { name: 'closure', text: closureSms({ orderNo, locale }, { workshop, date, reason: freeText(locale, CLOSURE_REASON_MAX) }) },
    ...(['service', 'roadTax', 'insurance'] as const).map((kind) => ({ name: `car reminder ${kind}`, text: reminderText(kind, car, date, locale).text })),
    { name: 'login code', text: otpSms(locale, '999999') },
    { name: 'closing code', text: closeCodeSms(locale, '999999') },
    { name: 'account closed', text: accountClosedSms(locale) },
  ];
}

describe('every SMS, at its longest, is one Malaysian operators deliver', () => {
  test('the worst-case values are the longest ones', () => {
    expect(orderNo).toBe('SV261231999999');
    expect(workshop.length).toBeGreaterThanOrEqual(30);
    expect(EXPRESS_NO.test(trackingNo) && trackingNo.length).toBe(30);
    expect(plate).toBe('PUTRAJAYA 9999 A');
    expect(shopBrand()).toBe('Servauto');
  });

  for (const locale of locales) {
    describe(locale, () => {
      for (const { name, text } of everySms(locale)) {
        test(`${name}: RM0 and the brand first, no link, no phone number, ${smsMaxSegments(locale)} segment(s) at most`, () => {
          expect(text.startsWith(`RM0 ${shopBrand()}: `), text).toBe(true);
          expect(text).not.toMatch(/\{\w+\}/);
          expect(hasLink(text), text).toBe(false);
          expect(hasPhoneNumber(text), text).toBe(false);
          const count = smsCount(text);
          expect(count.segments, `${count.units} ${count.encoding}: ${text}`).toBeLessThanOrEqual(smsMaxSegments(locale));
          // English and Malay stay in GSM-7: a curly quote or a dash would make them UCS-2 (70 a segment).
          if (locale !== 'zh-cn') expect(count.encoding, text).toBe('GSM-7');
        });
      }
    });
  }
});

describe('a staff-typed text in an SMS', () => {
  const order: NoticeOrder = { orderNo, method: 'install', workshop, appointment: null, pickupCode: null, expressCompany: null, expressNo: null, locale: 'en' };
  const rejected = (note: string, locale: Locale = 'en') => noticeText({ ...order, locale }, { kind: 'refundDecided', approved: false, amountSen, note });

  test('a long refund note is cut at a word, with an ellipsis, so the SMS fits one segment', () => {
    const text = rejected(freeText('en', STAFF_NOTE_MAX));
    expect(smsCount(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(text).toMatch(/ Fitted and used already, see the .*\.\.\.$/);
  });

  test('a long closure reason keeps its start: at least 12 characters of it in the worst case', () => {
    for (const locale of locales) {
      const date = longestDate(locale);
      const text = closureSms({ orderNo, locale }, { workshop, date, reason: freeText(locale, CLOSURE_REASON_MAX) });
      const kept = freeText(locale, CLOSURE_REASON_MAX).slice(0, 12);
      expect(text, text).toContain(kept);
    }
  });

  test('a short note is kept whole', () => {
    expect(rejected('Fitted already.')).toMatch(/ Fitted already\.$/);
  });

  test('a Chinese note is cut to two segments with the Chinese ellipsis', () => {
    const text = rejected(freeText('zh-cn', STAFF_NOTE_MAX), 'zh-cn');
    expect(smsCount(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(text.endsWith('…')).toBe(true);
  });

  test('curly quotes and dashes typed in a note keep an English SMS in GSM-7', () => {
    const text = rejected('The tyre’s “DOT” code – see photo… It was fitted.');
    expect(text).toContain(`The tyre's "DOT" code - see photo... It was fitted.`);
    expect(smsCount(text).encoding).toBe('GSM-7');
  });

  test('phone numbers and links typed in a note or a closure reason are left out', () => {
    const note = 'Call 03-1234 5678 or +60 12-345 6789, or see https://servauto.my/help and www.servauto.my.';
    for (const locale of locales) {
      const texts = [rejected(note, locale), closureSms({ orderNo, locale }, { workshop, date: '2026-12-30', reason: `Flood. ${note}` })];
      for (const text of texts) {
        expect(hasPhoneNumber(text), text).toBe(false);
        expect(hasLink(text), text).toBe(false);
        expect(text).not.toMatch(/5678|6789|servauto\.my/);
      }
    }
    // A date or a code is not a phone number.
    expect(withoutLinksOrPhones('Closed until 2026-12-30 (ref SV261231999999, code 482913).')).toBe('Closed until 2026-12-30 (ref SV261231999999, code 482913).');
  });
});

describe('counting SMS segments', () => {
  test('GSM-7: 160 in one, 153 a part when split; the extension table counts twice', () => {
    expect(smsCount('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsCount('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsCount('a'.repeat(306)).segments).toBe(2);
    expect(smsCount('a'.repeat(307)).segments).toBe(3);
    expect(smsCount('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsCount('a'.repeat(159) + '[')).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    // An escaped character is never split between parts: 152 + "{" moves "{" to the next part.
    expect(smsCount('a'.repeat(152) + '{' + 'a'.repeat(152)).segments).toBe(3);
    expect(smsCount('Ça coûte').encoding).toBe('UCS-2'); // "û" is not in GSM-7
    expect(smsCount('Ça é à ü Ä ñ @ £ ¿').encoding).toBe('GSM-7');
  });

  test('one character outside GSM-7 (a curly quote, an en dash, a bullet, Chinese) makes the whole text UCS-2', () => {
    for (const ch of ['’', '–', '•', '…', '订']) expect(smsCount('a'.repeat(100) + ch)).toEqual({ encoding: 'UCS-2', units: 101, segments: 2 });
  });

  test('UCS-2: 70 in one, 67 a part when split; a character beyond the BMP counts twice and is not split', () => {
    expect(smsCount('订'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsCount('订'.repeat(71)).segments).toBe(2);
    expect(smsCount('订'.repeat(134)).segments).toBe(2);
    expect(smsCount('订'.repeat(135)).segments).toBe(3);
    expect(smsCount('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsCount('订'.repeat(66) + '😀' + '订'.repeat(66)).segments).toBe(3);
  });
});
