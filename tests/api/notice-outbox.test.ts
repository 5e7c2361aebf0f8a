import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { twilioSms } from '../../server/providers/sms/twilio.ts';
import { startApi, type TestApi } from './harness.ts';
import { FIND, FIRST_DAY, installOrder, mailOrder, rows, SS2, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { startTwilioDouble, type TwilioDouble } from './twilio-double.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { CONSENT, planNow } from './reminder-fixtures.ts';

/**
 * Every SMS about an order goes through the outbox: written as to send with the move that
 * causes it, sent by Twilio's adapter (pointed at a local double of Twilio), tried again after
 * each wait, and shown on the order's timeline as sent only once Twilio took it, or as not sent
 * with the reason after the last try (the console's Attention list too).
 */

const ATTENTION = '/api/console/refunds/attention';
/** Waits between tries, short and fixed for the test: three tries in all. */
const DELAYS = [60_000, 120_000];

let twilio: TwilioDouble;
let api: TestApi;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  twilio = await startTwilioDouble();
  const sms = twilioSms({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiBase: twilio.base });
  api = await startApi({ sms, noticeRetryDelaysMs: DELAYS });
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
  k = await staffKeys(api);
});

interface Notice {
  kind: string;
  text: string;
  sent: boolean;
  state: string;
  status: string | null;
}
const timeline = async (orderNo: string, language = 'en_us') => (await api.request(FIND, { orderNo }, { userKey: k.customer, language })).data.notices as Notice[];
const about = (orderNo: string) => twilio.messages.filter((m) => m.body.includes(orderNo));
const stillToSend = async () => (await rows<{ n: number }>(api, sql`select count(*)::int as n from outbox_messages where state = 'sending'`))[0]!.n;

describe('an SMS about an order', () => {
  test('is sent once, and the timeline says sent; the deliverer finds it done', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect(about(orderNo)).toHaveLength(1);
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: true, state: 'sent', status: null })]);
    await api.runJobs();
    expect(about(orderNo)).toHaveLength(1);
    expect(twilio.requests).toHaveLength(1);
    expect(await stillToSend()).toBe(0);
  });

  test('refused once by Twilio, then taken: not sent yet in between, then sent once', async () => {
    twilio.failNext(1, 503);
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect(about(orderNo)).toEqual([]);
    const [waiting] = await timeline(orderNo);
    expect(waiting).toMatchObject({ sent: false, state: 'sending', status: 'Not sent yet: the SMS service could not take it. We will try again.' });
    expect((await timeline(orderNo, 'zh_cn'))[0]!.status).toBe('尚未发送：短信服务暂时无法接收，我们会自动重试。');

    // Not before its wait.
    await api.runJobs();
    expect(about(orderNo)).toEqual([]);
    api.advance(DELAYS[0]! / 1000);
    await api.runJobs();
    expect(about(orderNo)).toHaveLength(1);
    expect(twilio.requests).toHaveLength(2);
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ sent: true, state: 'sent', status: null })]);
    api.advance(3600);
    await api.runJobs();
    expect(about(orderNo)).toHaveLength(1);
  });

  test('failing every try ends not sent, with the reason, on the timeline and in the console’s Attention list', async () => {
    twilio.failNext(100, 503);
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    for (const wait of DELAYS) {
      expect((await timeline(orderNo))[0]!.state).toBe('sending');
      api.advance(wait / 1000);
      await api.runJobs();
    }
    expect(twilio.requests).toHaveLength(3);
    expect(twilio.messages).toEqual([]);
    expect(await timeline(orderNo)).toEqual([
      expect.objectContaining({ sent: false, state: 'failed', status: 'Not sent: the SMS service could not take it after 3 tries.' }),
    ]);
    expect((await timeline(orderNo, 'ms_my'))[0]!.status).toBe('Tidak dihantar: perkhidmatan SMS tidak dapat menerimanya selepas 3 kali cuba.');
    // No more tries.
    api.advance(24 * 3600);
    await api.runJobs();
    expect(twilio.requests).toHaveLength(3);
    expect(await stillToSend()).toBe(0);

    const attention = await api.request(ATTENTION, {}, { userKey: k.admin });
    expect(attention.data.notices).toEqual([
      { orderNo, kind: 'bookingConfirmed', phone: '+60123456789', at: expect.any(String), tries: 3, lastError: expect.stringContaining('SMS provider answered 503') },
    ]);
  });

  test('a number Twilio refuses for good is not tried again: not sent, and why', async () => {
    twilio.failNext(1, 400);
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    api.advance(24 * 3600);
    await api.runJobs();
    expect(twilio.requests).toHaveLength(1);
    expect((await timeline(orderNo))[0]).toMatchObject({ state: 'failed', status: 'Not sent: the SMS service refused this number or message.' });
    expect((await api.request(ATTENTION, {}, { userKey: k.admin })).data.notices[0].lastError).toContain('21211');
  });

  test('a closure’s SMS is recorded on the order’s timeline and sent through the outbox', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    const closed = await api.request(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, { userKey: k.admin });
    expect(closed.data.told).toBe(1);
    const notices = await timeline(orderNo);
    expect(notices.map((n) => [n.kind, n.state])).toEqual([
      ['bookingConfirmed', 'sent'],
      ['closure', 'sent'],
    ]);
    expect(about(orderNo).map((m) => m.body)).toEqual([expect.any(String), expect.stringContaining('Flood')]);
    expect(twilio.requests).toHaveLength(2);
  });
});

describe('a garage car\'s reminder', () => {
  /** The Myvi in the customer's garage, its road tax running out in 30 days, reminders on. */
  async function roadTaxDue() {
    const carId = await garageCar(api, k.customer);
    expect((await api.request(G.update, { carId, plate: 'WXY 1234', roadTaxExpiry: '2025-07-02' }, { userKey: k.customer })).code).toBe(200);
    expect((await api.request(CONSENT, { expiryReminders: true }, { userKey: k.customer })).code).toBe(200);
    return carId;
  }
  const history = async (carId: string) => (await api.request(G.history, { carId }, { userKey: k.customer })).data.reminders as { sent: boolean }[];
  const reminders = () => twilio.messages.filter((m) => m.body.includes('road tax'));

  test('goes through the outbox: refused once, tried again after its wait, taken once', async () => {
    const carId = await roadTaxDue();
    twilio.failNext(1, 503);
    await planNow(api);
    expect(reminders()).toEqual([]);
    api.advance(DELAYS[0]! / 1000);
    await api.runJobs();
    expect(reminders()).toHaveLength(1);
    expect(twilio.requests).toHaveLength(2);
    expect(await history(carId)).toEqual([expect.objectContaining({ sent: true })]);
    api.advance(3600);
    await api.runJobs();
    expect(reminders()).toHaveLength(1);
  });

  test('failing every try, it is listed as not sent in the car\'s history', async () => {
    const carId = await roadTaxDue();
    twilio.failNext(100, 503);
    await planNow(api);
    for (const wait of DELAYS) {
      api.advance(wait / 1000);
      await api.runJobs();
    }
    expect(twilio.requests).toHaveLength(3);
    expect(await history(carId)).toEqual([expect.objectContaining({ sent: false })]);
  });
});
