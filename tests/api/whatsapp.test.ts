import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import whatsappTemplates from '../../content/messages/whatsapp.json' with { type: 'json' };
import { twilioSms, twilioWhatsApp } from '../../server/providers/sms/twilio.ts';
import { startApi, type TestApi } from './harness.ts';
import { ADD, FIND, mailOrder, PAY, pressInSandbox, rows } from './order-fixtures.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { staffKeys } from './console-fixtures.ts';
import { startTwilioDouble, type SignedCallback, type TwilioDouble } from './twilio-double.ts';

/**
 * Order updates on WhatsApp (docs/contracts/running-the-business.md §3), sent by Twilio's adapter
 * to a local double of Twilio that knows the shop's approved templates: off until the customer
 * turns it on (a consent record), a template per kind and language with its variables and the
 * order's link, the SMS of the same notice once when WhatsApp fails for good (refused at once, or
 * reported failed later), delivery statuses on the timeline from signed callbacks, and STOP in
 * three languages.
 */

const PUBLIC_URL = 'https://www.servauto.test';
const STATUS_URL = `${PUBLIC_URL}/api/messages/twilio/status`;
const INBOUND_URL = `${PUBLIC_URL}/api/messages/twilio/inbound`;
const CHANNELS = '/api/app/user/channels';
const CHANNELS_SET = '/api/app/user/channels/set';
/** Waits between tries, short and fixed for the test: three tries in all. */
const DELAYS = [60_000, 120_000];
const PHONE = '+60123456789';

let twilio: TwilioDouble;
let api: TestApi;
let customer: string;

beforeAll(async () => {
  scratchDataDir();
  twilio = await startTwilioDouble();
  const account = { accountSid: twilio.accountSid, authToken: twilio.authToken, apiBase: twilio.base, statusCallback: STATUS_URL };
  api = await startApi({
    sms: twilioSms({ ...account, from: '+15005550006' }),
    whatsapp: twilioWhatsApp({ ...account, from: 'whatsapp:+60312345678' }),
    twilioAuthToken: twilio.authToken,
    publicUrl: PUBLIC_URL,
    noticeRetryDelaysMs: DELAYS,
  });
});
afterAll(async () => {
  await api?.close();
  await twilio?.close();
});
beforeEach(async () => {
  await api.reset();
  twilio.messages.length = 0;
  twilio.requests.length = 0;
  twilio.failNext(0);
  customer = (await api.login('0123456789')).userKey;
});

const languages = { en: 'en_us', 'zh-cn': 'zh_cn', ms: 'ms_my' } as const;
type Lang = keyof typeof languages;

/** Places a parcel order in `lang` (with the checkout's box when `whatsapp` is given) and pays it in the sandbox. */
async function paidOrder(lang: Lang = 'en', whatsapp?: boolean): Promise<string> {
  const language = languages[lang];
  const placed = await api.request(ADD, mailOrder(whatsapp === undefined ? {} : { whatsapp }), { userKey: customer, language });
  expect(placed.code, placed.msg).toBe(200);
  const pay = await api.request(PAY, { orderNo: placed.data.orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, { userKey: customer, language });
  expect(pay.code, pay.msg).toBe(200);
  await pressInSandbox(api, pay.data.redirectUrl);
  return placed.data.orderNo as string;
}

interface Notice {
  kind: string;
  channel: string;
  delivery: string | null;
  fallback: boolean;
  text: string;
  sent: boolean;
  state: string;
  status: string | null;
}
const timeline = async (orderNo: string, language = 'en_us') => (await api.request(FIND, { orderNo }, { userKey: customer, language })).data.notices as Notice[];
const about = (orderNo: string) => twilio.messages.filter((m) => m.body.includes(orderNo));
const turnOn = async () => expect((await api.request(CHANNELS_SET, { whatsapp: true }, { userKey: customer })).data.whatsapp).toBe(true);
/** Posts a callback made by the double as Twilio posts it. */
const post = (callback: SignedCallback, headers: Record<string, string> = {}) =>
  api.fetch(callback.url, { method: 'POST', headers: { ...callback.headers, ...headers }, body: callback.body });
const consents = () => rows<{ granted: boolean; source: string; wording: string }>(api, sql`select granted, source, wording from reminder_consents where purpose = 'whatsapp' order by id`);

describe('the choice', () => {
  test('off by default: order updates go by SMS, and the login code always does', async () => {
    expect((await api.request(CHANNELS, {}, { userKey: customer })).data).toMatchObject({ whatsapp: false, since: null, history: [] });
    const orderNo = await paidOrder();
    expect(about(orderNo)).toEqual([expect.objectContaining({ channel: 'sms', to: PHONE })]);
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', channel: 'sms', fallback: false, sent: true })]);

    await turnOn();
    api.advance(61);
    const before = twilio.requests.length;
    expect((await api.request('/api/app/user/send/sms', { phone: '0123456789', type: 'login' }, { address: '10.9.9.9' })).code).toBe(200);
    expect(api.smsLines.at(-1)).toMatch(/^\[sms\] OTP for \+60123456789: \d{6}$/);
    expect(twilio.requests.length, 'nothing on WhatsApp').toBe(before);
  });

  test('turned on and off in the account: each change a consent record with its time and words, a repeat records nothing', async () => {
    const on = await api.request(CHANNELS_SET, { whatsapp: true }, { userKey: customer, language: 'ms_my' });
    expect(on.data).toEqual({
      whatsapp: true,
      since: api.now().toISOString(),
      wording: 'Hantar kemas kini pesanan saya melalui WhatsApp',
      history: [{ whatsapp: true, at: api.now().toISOString(), wording: 'Hantar kemas kini pesanan saya melalui WhatsApp', how: 'account' }],
    });
    await api.request(CHANNELS_SET, { whatsapp: true }, { userKey: customer });
    api.advance(60);
    const off = await api.request(CHANNELS_SET, { whatsapp: false }, { userKey: customer });
    expect(off.data).toMatchObject({ whatsapp: false, since: api.now().toISOString(), wording: 'Send my order updates on WhatsApp' });
    expect(await consents()).toEqual([
      { granted: true, source: 'account', wording: 'Hantar kemas kini pesanan saya melalui WhatsApp' },
      { granted: false, source: 'account', wording: 'Send my order updates on WhatsApp' },
    ]);
  });

  test('bad input changes nothing; without a login, 708', async () => {
    for (const body of [{}, { whatsapp: 'yes' }, { whatsapp: true, sms: false }]) {
      const answer = await api.request(CHANNELS_SET, body, { userKey: customer });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).not.toBe('');
    }
    expect((await api.request(CHANNELS_SET, { whatsapp: true })).code).toBe(708);
    expect((await api.request(CHANNELS, {})).code).toBe(708);
    expect(await consents()).toEqual([]);
  });

  test("the checkout's box is recorded with the order, and only when the order is placed", async () => {
    const refused = await api.request(ADD, mailOrder({ whatsapp: true, contact: { name: 'Nur Aisyah', phone: '12' } }), { userKey: customer });
    expect(refused.code).toBe(400);
    expect(await consents()).toEqual([]);
    await paidOrder('zh-cn', true);
    expect(await consents()).toEqual([{ granted: true, source: 'checkout', wording: '通过 WhatsApp 发送我的订单动态' }]);
    // The box left as it is: the choice stays.
    await paidOrder('en', true);
    expect(await consents()).toHaveLength(1);
  });
});

describe('a notice on WhatsApp', () => {
  test.each(Object.keys(languages) as Lang[])('%s: the approved template of its kind and language, its variables, and the link to the order', async (lang) => {
    const orderNo = await paidOrder(lang, true);
    const [message, ...more] = about(orderNo);
    expect(more).toEqual([]);
    const prefix = lang === 'en' ? '' : `${lang}/`;
    expect(message).toMatchObject({
      channel: 'whatsapp',
      from: 'whatsapp:+60312345678',
      to: `whatsapp:${PHONE}`,
      contentSid: whatsappTemplates.bookingConfirmed[lang],
      template: { kind: 'bookingConfirmed', locale: lang },
      variables: { '1': expect.stringContaining(orderNo), '2': expect.stringContaining(`${PUBLIC_URL}/pc/${prefix}myorder-status/detail?orderNo=${orderNo}`) },
      statusCallback: STATUS_URL,
    });
    const words = { en: ['Order paid', 'Your order: '], 'zh-cn': ['订单已付款', '您的订单：'], ms: ['Pesanan dibayar', 'Pesanan anda: '] }[lang];
    for (const w of words) expect(message!.body).toContain(w);
    expect(message!.body).not.toMatch(/^RM0 /);
    expect(await timeline(orderNo, languages[lang])).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', channel: 'whatsapp', text: message!.body.replace(/\*/g, ''), sent: true, state: 'sent', delivery: null, fallback: false })]);
  });

  test('refused by Twilio for good (a 4xx): the SMS of the same notice goes instead, once, with no link', async () => {
    await turnOn();
    twilio.failNext(1, 400);
    const orderNo = await paidOrder();
    const sms = twilio.messages.filter((m) => m.channel === 'sms' && m.body.includes(orderNo));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^RM0 Servauto: order \S+ is paid\./);
    expect(sms[0]!.body).not.toMatch(/https?:|www\./);
    expect(await timeline(orderNo)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', state: 'failed', sent: false, status: 'Not delivered on WhatsApp: sent by SMS instead.' }),
      expect.objectContaining({ channel: 'sms', state: 'sent', fallback: true }),
    ]);
    api.advance(3600);
    await api.runJobs();
    expect(twilio.requests.filter((r) => r.body.includes(orderNo) || r.to.includes('whatsapp'))).toHaveLength(2);
  });

  test('a passing fault (429, 503): WhatsApp again after its wait, no SMS; after the last try, the SMS once', async () => {
    await turnOn();
    twilio.failNext(1, 429);
    const orderNo = await paidOrder();
    expect(twilio.messages).toEqual([]);
    expect((await timeline(orderNo))[0]).toMatchObject({ channel: 'whatsapp', state: 'sending', status: 'Not sent yet: WhatsApp could not take it. We will try again.' });
    api.advance(DELAYS[0]! / 1000);
    await api.runJobs();
    expect(about(orderNo)).toEqual([expect.objectContaining({ channel: 'whatsapp' })]);

    // Another order whose every try meets a fault: its SMS once the tries are spent.
    twilio.failNext(3, 503);
    const second = await paidOrder();
    api.advance(DELAYS[0]! / 1000);
    await api.runJobs();
    api.advance(DELAYS[1]! / 1000);
    await api.runJobs();
    expect(about(second)).toEqual([expect.objectContaining({ channel: 'sms' })]);
    await api.runJobs();
    expect(about(second)).toHaveLength(1);
  });

  test('not on WhatsApp: taken, then reported failed (63003): the SMS goes once, however often Twilio says it', async () => {
    await turnOn();
    const orderNo = await paidOrder();
    const [wa] = about(orderNo);
    expect(wa).toMatchObject({ channel: 'whatsapp' });
    const failed = twilio.statusCallback(wa!.sid, 'undelivered', '63003');
    expect((await post(failed)).status).toBe(204);
    expect((await post(failed)).status).toBe(204);
    expect((await post(twilio.statusCallback(wa!.sid, 'failed', '63003'))).status).toBe(204);
    await api.runJobs();
    expect(about(orderNo).map((m) => m.channel)).toEqual(['whatsapp', 'sms']);
    expect(await timeline(orderNo)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', state: 'sent', delivery: 'failed', status: 'Not delivered on WhatsApp: sent by SMS instead.' }),
      expect.objectContaining({ channel: 'sms', state: 'sent', fallback: true }),
    ]);

    // The console's Attention list: nothing while the SMS went; the SMS once Twilio says it was not delivered either.
    api.advance(61);
    const { admin } = await staffKeys(api);
    const attention = async () => (await api.request('/api/console/refunds/attention', {}, { userKey: admin })).data.notices as { orderNo: string; lastError: string | null }[];
    expect(await attention()).toEqual([]);
    const sms = about(orderNo).find((m) => m.channel === 'sms')!;
    await post(twilio.statusCallback(sms.sid, 'undelivered', '30003'));
    expect(await attention()).toEqual([expect.objectContaining({ orderNo, lastError: 'Twilio error 30003' })]);
  });
});

describe('at once (on PostgreSQL, concurrent transactions)', () => {
  test('the same failure reported four times at once: one SMS; the same STOP twice at once: one confirmation', async () => {
    await turnOn();
    const orderNo = await paidOrder();
    const [wa] = about(orderNo);
    const failed = twilio.statusCallback(wa!.sid, 'failed', '63016');
    expect((await Promise.all([post(failed), post(failed), post(twilio.statusCallback(wa!.sid, 'undelivered', '63003')), post(failed)])).map((r) => r.status)).toEqual([204, 204, 204, 204]);
    await api.runJobs();
    expect(about(orderNo).map((m) => m.channel)).toEqual(['whatsapp', 'sms']);

    const stop = twilio.inbound(INBOUND_URL, { from: `whatsapp:${PHONE}`, body: 'STOP' });
    expect((await Promise.all([post(stop), post(stop)])).map((r) => r.status)).toEqual([200, 200]);
    await api.runJobs();
    expect(twilio.messages.filter((m) => m.body.startsWith('You will no longer'))).toHaveLength(1);
    expect((await consents()).filter((c) => !c.granted)).toHaveLength(1);
  });
});

describe("Twilio's status callbacks", () => {
  test('delivered, then read, on the timeline; a late or repeated one changes nothing; an SMS has its statuses too', async () => {
    await turnOn();
    const orderNo = await paidOrder();
    const [wa] = about(orderNo);
    expect((await post(twilio.statusCallback(wa!.sid, 'sent'))).status).toBe(204);
    expect((await timeline(orderNo))[0]!.delivery).toBe('sent');
    await post(twilio.statusCallback(wa!.sid, 'delivered'));
    expect((await timeline(orderNo))[0]!.delivery).toBe('delivered');
    await post(twilio.statusCallback(wa!.sid, 'read'));
    await post(twilio.statusCallback(wa!.sid, 'delivered'));
    await post(twilio.statusCallback(wa!.sid, 'read'));
    expect((await timeline(orderNo))[0]).toMatchObject({ channel: 'whatsapp', delivery: 'read' });

    await api.request(CHANNELS_SET, { whatsapp: false }, { userKey: customer });
    const second = await paidOrder();
    const [sms] = about(second);
    await post(twilio.statusCallback(sms!.sid, 'delivered'));
    expect((await timeline(second))[0]).toMatchObject({ channel: 'sms', delivery: 'delivered' });
  });

  test('a missing, wrong or stale signature is 403 and changes nothing', async () => {
    await turnOn();
    const orderNo = await paidOrder();
    const [wa] = about(orderNo);
    const read = twilio.statusCallback(wa!.sid, 'read');
    const { 'X-Twilio-Signature': _, ...unsigned } = read.headers;
    expect((await api.fetch(read.url, { method: 'POST', headers: unsigned, body: read.body })).status).toBe(403);
    expect((await post(read, { 'X-Twilio-Signature': twilio.sign(read.url, new URLSearchParams(read.body), 'another-token') })).status).toBe(403);
    // Signed for another message's status: the form was changed on the way.
    const tampered = { ...read, body: read.body.replace('MessageStatus=read', 'MessageStatus=failed') };
    expect((await post(tampered)).status).toBe(403);
    // Signed for the address the request came to, where PUBLIC_URL names another: not Twilio's.
    const elsewhere = 'http://10.0.0.5:3000/api/messages/twilio/status';
    expect((await api.fetch(elsewhere, { method: 'POST', headers: { ...read.headers, 'X-Twilio-Signature': twilio.sign(elsewhere, new URLSearchParams(read.body)) }, body: read.body })).status).toBe(403);
    expect((await timeline(orderNo))[0]!.delivery).toBeNull();
    expect(about(orderNo)).toHaveLength(1);
    // Signed over PUBLIC_URL, whatever address it reached the server at (behind a proxy): taken.
    expect((await api.fetch(elsewhere, { method: 'POST', headers: read.headers, body: read.body })).status).toBe(204);
    expect((await timeline(orderNo))[0]!.delivery).toBe('read');
  });
});

describe('STOP', () => {
  test.each([
    ['STOP', 'en', 'You will no longer get Servauto order updates on WhatsApp'],
    ['berhenti', 'ms', 'Anda tidak akan lagi menerima kemas kini pesanan Servauto melalui WhatsApp'],
    ['停止', 'zh-cn', '您将不再通过 WhatsApp 收到 Servauto 的订单动态'],
  ])('%s turns WhatsApp off, is confirmed once in its language, and the next update goes by SMS', async (word, _lang, confirmation) => {
    await paidOrder('en', true);
    const reply = twilio.inbound(INBOUND_URL, { from: `whatsapp:${PHONE}`, body: ` ${word} `, waId: '60123456789' });
    const answer = await post(reply);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/xml/);
    expect((await post(reply)).status).toBe(200);
    const confirmations = twilio.messages.filter((m) => m.body.startsWith(confirmation));
    expect(confirmations).toEqual([expect.objectContaining({ channel: 'whatsapp', to: `whatsapp:${PHONE}` })]);
    expect(confirmations[0]!.contentSid).toBeUndefined();
    const choice = (await api.request(CHANNELS, {}, { userKey: customer })).data;
    expect(choice).toMatchObject({ whatsapp: false, since: api.now().toISOString() });
    expect(choice.history[0]).toMatchObject({ whatsapp: false, how: 'reply', wording: expect.stringContaining(word) });

    const next = await paidOrder();
    expect(about(next)).toEqual([expect.objectContaining({ channel: 'sms' })]);
  });

  test('other words are kept and change nothing; a sender that is no phone number is never read as one', async () => {
    await paidOrder('en', true);
    expect((await post(twilio.inbound(INBOUND_URL, { from: `whatsapp:${PHONE}`, body: 'Stop by at 3?' }))).status).toBe(200);
    // A WhatsApp username: its STOP cannot name this customer's phone, whatever digits ride along.
    expect((await post(twilio.inbound(INBOUND_URL, { from: 'whatsapp:@nur.aisyah', body: 'STOP', waId: '60123456789' }))).status).toBe(200);
    expect((await api.request(CHANNELS, {}, { userKey: customer })).data.whatsapp).toBe(true);
    expect(await rows(api, sql`select "from", from_phone, action from inbound_messages order by id`)).toEqual([
      { from: `whatsapp:${PHONE}`, from_phone: PHONE, action: 'none' },
      { from: 'whatsapp:@nur.aisyah', from_phone: null, action: 'stop' },
    ]);
    expect(twilio.messages.filter((m) => m.to === 'whatsapp:@nur.aisyah')).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to.includes('60123456789') && m.body.startsWith('You will no longer'))).toEqual([]);
  });

  test('an unsigned STOP is 403 and turns nothing off', async () => {
    await paidOrder('en', true);
    const reply = twilio.inbound(INBOUND_URL, { from: `whatsapp:${PHONE}`, body: 'STOP' });
    expect((await post(reply, { 'X-Twilio-Signature': 'AAAA' })).status).toBe(403);
    expect((await api.request(CHANNELS, {}, { userKey: customer })).data.whatsapp).toBe(true);
    expect(await rows(api, sql`select id from inbound_messages`)).toEqual([]);
  });
});
