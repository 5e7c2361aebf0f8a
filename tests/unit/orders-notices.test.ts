import { describe, expect, test } from 'vitest';
import { locales } from '../../contract/rules/language.ts';
import { dateWords } from '../../contract/rules/dates.ts';
import { closureSms, paidSms, refundDueSms } from '../../server/modules/notifications/texts.ts';

const install = { orderNo: 'SV250602048113', method: 'install' as const, workshop: 'SS2 Tyre & Auto Service', appointment: { date: '2025-06-04', time: '10:00' } };
const link = /https?:\/\/|www\.|\.(com|my)\b/i;

describe('the SMS of a paid order', () => {
  test('installation: order number, workshop, date and time, in each language', () => {
    expect(paidSms({ ...install, locale: 'en' })).toBe('RM0 Servauto: order SV250602048113 is paid. Installation at SS2 Tyre & Auto Service on Wed, 4 Jun 2025 at 10:00.');
    expect(paidSms({ ...install, locale: 'ms' })).toBe('RM0 Servauto: pesanan SV250602048113 telah dibayar. Pemasangan di SS2 Tyre & Auto Service pada Rab, 4 Jun 2025 jam 10:00.');
    expect(paidSms({ ...install, locale: 'zh-cn' })).toContain('SV250602048113');
    expect(paidSms({ ...install, locale: 'zh-cn' })).toBe('RM0 Servauto: 订单 SV250602048113 已付款。安装地点 SS2 Tyre & Auto Service，时间2025年6月4日（周三）10:00。');
  });

  test('a closed day is said in words in the customer’s language, never as 2025-06-04', () => {
    const closure = { workshop: 'SS2 Tyre & Auto Service', date: '2025-06-04', reason: 'Flood' };
    expect(closureSms({ orderNo: 'SV250602048113', locale: 'en' }, closure)).toContain('closed on Wed, 4 Jun 2025 (Flood)');
    expect(closureSms({ orderNo: 'SV250602048113', locale: 'ms' }, closure)).toContain('tutup Rab, 4 Jun 2025 (Flood)');
    expect(closureSms({ orderNo: 'SV250602048113', locale: 'zh-cn' }, closure)).toContain('于2025年6月4日（周三）停业');
    for (const locale of locales) expect(closureSms({ orderNo: 'SV250602048113', locale }, closure)).not.toContain('2025-06-04');
  });

  test('pickup and mailing say what comes next', () => {
    expect(paidSms({ ...install, method: 'pickup', appointment: null, locale: 'en' })).toBe(
      'RM0 Servauto: order SV250602048113 is paid. We will tell you when it is ready to collect at SS2 Tyre & Auto Service.',
    );
    expect(paidSms({ ...install, method: 'mail', workshop: null, appointment: null, locale: 'en' })).toBe('RM0 Servauto: order SV250602048113 is paid. We will tell you when it is on its way.');
  });

  test('no SMS carries a link, in any language (Malaysian rules refuse them)', () => {
    for (const locale of locales) {
      for (const method of ['install', 'pickup', 'mail'] as const) expect(paidSms({ ...install, method, locale })).not.toMatch(link);
      expect(refundDueSms('SV250602048113', 24800, locale)).not.toMatch(link);
    }
  });

  test('money owed back is named in ringgit', () => {
    expect(refundDueSms('SV250602048113', 24800, 'en')).toBe('RM0 Servauto: we received RM 248.00 for order SV250602048113 that it cannot use. It will be refunded in full.');
  });

  test('dates are the Kuala Lumpur calendar date whatever the server’s zone', () => {
    expect(dateWords('2025-06-04', 'en')).toBe('Wed, 4 Jun 2025');
    expect(dateWords('2025-12-31', 'en')).toBe('Wed, 31 Dec 2025');
  });
});
