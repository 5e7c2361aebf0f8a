import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { stopWord, whatsappPhone } from '../../server/modules/notifications/callbacks.ts';
import { fillTemplate, orderLink, whatsappNotice, whatsappTemplateBody, whatsappTemplateProblems, whatsappTemplates } from '../../server/modules/notifications/whatsapp.ts';
import { twilioSignature, validTwilioSignature } from '../../server/providers/sms/twilio-signature.ts';

/** The pure parts of WhatsApp (docs/contracts/running-the-business.md §3). */

describe("Twilio's request signature", () => {
  // The worked example of Twilio's "Webhooks security" guide: its token, address, form and signature.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const form = new URLSearchParams({ To: '+18005551212', CallSid: 'CA1234567890ABCDE', Digits: '1234', From: '+12349013030', Caller: '+12349013030' });

  test("matches Twilio's published example, whatever order the form comes in", () => {
    expect(twilioSignature('12345', url, form)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(validTwilioSignature('12345', url, form, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  test('another token, address or value, or no signature at all: not valid', () => {
    expect(validTwilioSignature('54321', url, form, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(validTwilioSignature('12345', url.replace('bar=2', 'bar=3'), form, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    const changed = new URLSearchParams(form);
    changed.set('Digits', '9999');
    expect(validTwilioSignature('12345', url, changed, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(validTwilioSignature('12345', url, form, undefined)).toBe(false);
    expect(validTwilioSignature('12345', url, form, '0/KCTR6DLpKmkAf8muzZqo1nDgQ')).toBe(false);
  });
});

describe('STOP and the sender', () => {
  test.each([
    ['STOP', 'en'],
    ['stop', 'en'],
    [' Stop. ', 'en'],
    ['BERHENTI', 'ms'],
    ['berhenti!', 'ms'],
    ['停止', 'zh-cn'],
    ['停止。', 'zh-cn'],
  ])('%j stops, in %s', (body, locale) => {
    expect(stopWord(body)?.locale).toBe(locale);
  });

  test.each(['Stop by at 3?', 'STOPS', 'please stop', 'START', '', '停'])('%j does not stop', (body) => {
    expect(stopWord(body)).toBeNull();
  });

  test('a sender is a phone only when Twilio names one; a username stays what it is', () => {
    expect(whatsappPhone('whatsapp:+60123456789')).toBe('+60123456789');
    expect(whatsappPhone('whatsapp:@nur.aisyah')).toBeNull();
    expect(whatsappPhone('whatsapp:nur60123456789')).toBeNull();
    expect(whatsappPhone('whatsapp:60123456789')).toBeNull();
    expect(whatsappPhone('+60123456789')).toBeNull();
  });
});

describe('the templates', () => {
  test('content/messages/whatsapp.json names a Content SID for every kind of notice in every language', () => {
    const raw: unknown = JSON.parse(readFileSync(new URL('../../content/messages/whatsapp.json', import.meta.url), 'utf8'));
    expect(whatsappTemplateProblems(raw)).toEqual([]);
  });

  test('a missing language, a SID of another shape or an unknown kind is named', () => {
    const good = whatsappTemplates();
    const { ms: _, ...noMalay } = good.shipped;
    expect(whatsappTemplateProblems({ ...good, shipped: noMalay, completed: { ...good.completed, en: 'HX123' }, parcel: good.shipped })).toEqual([
      '"shipped"."ms" must be a Content SID (HX and 32 hexadecimal digits)',
      '"completed"."en" must be a Content SID (HX and 32 hexadecimal digits)',
      '"parcel" is no kind of notice',
    ]);
    expect(whatsappTemplateProblems([])).toEqual(['it must be an object of notice kinds']);
  });

  test('a body has two variables: what happened, and the link', () => {
    expect(whatsappTemplateBody('shipped', 'ms')).toBe('*Servauto · Dalam perjalanan*\n\n{{1}}\n\n{{2}}');
    expect(fillTemplate('{{1}} and {{2}}, {{3}}', { '1': 'a', '2': 'b' })).toBe('a and b, {{3}}');
  });
});

describe('the message a notice becomes', () => {
  const order = { orderNo: 'SV250602000001', locale: 'zh-cn' as const, status: 'UPCOMING' as const };

  test("the order's page in its language; the pay page while payment is awaited", () => {
    expect(orderLink(order)).toEqual({ url: 'http://localhost:3000/pc/zh-cn/myorder-status/detail?orderNo=SV250602000001', pay: false });
    expect(orderLink({ ...order, locale: 'en', status: 'PENDING_PAYMENT' })).toEqual({ url: 'http://localhost:3000/pc/pages-order?orderNo=SV250602000001', pay: true });
  });

  test("the SMS's sentence without the operator's start, one line, and the link line", () => {
    const sms = 'RM0 Servauto: 您的订单 SV250602000001 保修申请未被受理。\n原因：  轮胎  已磨损';
    const wa = whatsappNotice(order, 'warrantyRejected', sms);
    expect(wa.contentSid).toBe(whatsappTemplates().warrantyRejected['zh-cn']);
    expect(wa.variables).toEqual({ '1': '您的订单 SV250602000001 保修申请未被受理。 原因： 轮胎 已磨损', '2': '您的订单：http://localhost:3000/pc/zh-cn/myorder-status/detail?orderNo=SV250602000001' });
    expect(wa.text).toBe(`*Servauto · 保修申请*\n\n${wa.variables['1']}\n\n${wa.variables['2']}`);
    expect(whatsappNotice({ ...order, locale: 'en', status: 'PENDING_PAYMENT' }, 'timeChanged', 'RM0 Servauto: the installation moved.').variables).toEqual({
      '1': 'The installation moved.',
      '2': 'Pay for your order here: http://localhost:3000/pc/pages-order?orderNo=SV250602000001',
    });
  });
});
