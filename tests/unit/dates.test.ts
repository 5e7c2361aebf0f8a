import { describe, expect, test } from 'vitest';
import { dateTimeWords, dateWords, dayMonthWords, dayTimeWords, dayWords, momentWords } from '../../contract/rules/dates.ts';
import { message } from '../../contract/rules/messages.ts';

/** One way to write a date for people, in the customer's language, on the Kuala Lumpur calendar. */
describe('dates in words', () => {
  test('a calendar date with its weekday, in each language', () => {
    expect(dateWords('2026-11-28', 'en')).toBe('Sat, 28 Nov 2026');
    expect(dateWords('2026-11-28', 'ms')).toBe('Sab, 28 Nov 2026');
    expect(dateWords('2026-11-28', 'zh-cn')).toBe('2026年11月28日（周六）');
  });

  test('Malay months and weekdays are Malay words, not English ones', () => {
    expect(dateWords('2026-08-31', 'ms')).toBe('Isn, 31 Ogo 2026');
    expect(dateWords('2026-03-05', 'ms')).toBe('Kha, 5 Mac 2026');
    expect(dateWords('2026-12-25', 'ms')).toBe('Jum, 25 Dis 2026');
    expect(dateWords('2026-05-03', 'ms')).toBe('Ahd, 3 Mei 2026');
  });

  test('a leap day and a year end', () => {
    expect(dateWords('2028-02-29', 'en')).toBe('Tue, 29 Feb 2028');
    expect(dateWords('2026-12-31', 'zh-cn')).toBe('2026年12月31日（周四）');
  });

  test('without the year, for a chart axis', () => {
    expect(dayMonthWords('2026-09-16', 'en')).toBe('16 Sep');
    expect(dayMonthWords('2026-08-16', 'ms')).toBe('16 Ogo');
    expect(dayMonthWords('2026-09-16', 'zh-cn')).toBe('9月16日');
  });

  test('a date and a time', () => {
    expect(dateTimeWords('2026-11-28', '10:30', 'en')).toBe('Sat, 28 Nov 2026, 10:30');
    expect(dateTimeWords('2026-11-28', '10:30', 'ms')).toBe('Sab, 28 Nov 2026, 10:30');
    expect(dateTimeWords('2026-11-28', '10:30', 'zh-cn')).toBe('2026年11月28日（周六）10:30');
    // Within the coming weeks the year goes unsaid.
    expect(dayTimeWords('2026-11-27', '09:00', 'en')).toBe('Fri, 27 Nov, 09:00');
    expect(dayTimeWords('2026-11-27', '09:00', 'ms')).toBe('Jum, 27 Nov, 09:00');
    expect(dayTimeWords('2026-11-27', '09:00', 'zh-cn')).toBe('11月27日（周五）09:00');
    expect(dayWords('2027-01-03', 'en')).toBe('Sun, 3 Jan');
  });

  test('an instant is the KL date and time, whichever side of KL midnight it falls (UTC+8)', () => {
    // 15:59 UTC is 23:59 in KL; a minute later it is the next day there.
    expect(momentWords('2026-11-27T15:59:00Z', 'en')).toBe('Fri, 27 Nov 2026, 23:59');
    expect(momentWords('2026-11-27T16:00:00Z', 'en')).toBe('Sat, 28 Nov 2026, 00:00');
    expect(momentWords(new Date('2026-11-27T16:00:00Z'), 'zh-cn')).toBe('2026年11月28日（周六）00:00');
    expect(momentWords('2026-12-31T16:05:00.000Z', 'ms')).toBe('Jum, 1 Jan 2027, 00:05');
  });

  test('something that is not a date is left as it came', () => {
    expect(dateWords('soon', 'en')).toBe('soon');
    expect(dateWords('2026-02-30', 'en')).toBe('2026-02-30');
    expect(momentWords('not a time', 'en')).toBe('not a time');
  });

  test('a message given a date writes it in words in its own language', () => {
    expect(message('en', 'coupon.expired', { date: '2026-09-16' })).toBe('This coupon expired on Wed, 16 Sep 2026.');
    expect(message('ms', 'coupon.expired', { date: '2026-09-16' })).toBe('Kupon ini telah tamat tempoh pada Rab, 16 Sep 2026.');
    expect(message('zh-cn', 'coupon.expired', { date: '2026-09-16' })).toBe('此优惠券已于2026年9月16日（周三）过期。');
    expect(message('en', 'history.closure', { date: '2026-11-28', reason: 'Flood' })).toContain('closed on Sat, 28 Nov 2026 (Flood)');
  });

  test('a date, or a date and time, under any name is written in words: a history note kept with "YYYY-MM-DD HH:MM" reads in words', () => {
    const times = { from: '2026-12-01 10:00', to: '2026-12-03 14:30' };
    expect(message('en', 'history.timeChanged', times)).toBe('Installation time changed from Tue, 1 Dec 2026, 10:00 to Thu, 3 Dec 2026, 14:30.');
    expect(message('ms', 'history.timeChanged', times)).toBe('Masa pemasangan ditukar daripada Sel, 1 Dis 2026, 10:00 kepada Kha, 3 Dis 2026, 14:30.');
    expect(message('zh-cn', 'history.timeChanged', times)).toBe('安装时间由 2026年12月1日（周二）10:00 改为 2026年12月3日（周四）14:30。');
    expect(message('en', 'einvoice.monthOver', { until: '2026-11-30' })).toContain('the last day was Mon, 30 Nov 2026.');
  });
});
