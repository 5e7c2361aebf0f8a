import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { twilioSms, twilioWhatsApp } from '../../server/providers/sms/twilio.ts';
import { startApi, type TestApi } from './harness.ts';
import { ADD, mailOrder, PAY, pressInSandbox } from './order-fixtures.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { startTwilioDouble, type TwilioDouble } from './twilio-double.ts';

/**
 * Without PUBLIC_URL, Twilio's signature is checked over the address the callback came to: its
 * own scheme, host, path and query (docs/contracts/running-the-business.md §3).
 */

let twilio: TwilioDouble;
let api: TestApi;
let customer: string;
const OWN = 'http://shop.internal:3000/api/messages/twilio/status';

beforeAll(async () => {
  scratchDataDir();
  twilio = await startTwilioDouble();
  const account = { accountSid: twilio.accountSid, authToken: twilio.authToken, apiBase: twilio.base, statusCallback: OWN };
  api = await startApi({ sms: twilioSms({ ...account, from: '+15005550006' }), whatsapp: twilioWhatsApp({ ...account, from: 'whatsapp:+60312345678' }), twilioAuthToken: twilio.authToken });
});
afterAll(async () => {
  await api?.close();
  await twilio?.close();
});
beforeEach(async () => {
  await api.reset();
  twilio.messages.length = 0;
  customer = (await api.login('0123456789')).userKey;
});

test('signed over the address it came to: taken; over another, or with its query changed: 403', async () => {
  await api.request('/api/app/user/channels/set', { whatsapp: true }, { userKey: customer });
  const placed = await api.request(ADD, mailOrder(), { userKey: customer });
  const pay = await api.request(PAY, { orderNo: placed.data.orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, { userKey: customer });
  await pressInSandbox(api, pay.data.redirectUrl);
  const [wa] = twilio.messages.filter((m) => m.channel === 'whatsapp');
  const read = twilio.statusCallback(wa!.sid, 'read');
  const send = (url: string, signedFor = url) =>
    api.fetch(url, { method: 'POST', headers: { ...read.headers, 'X-Twilio-Signature': twilio.sign(signedFor, new URLSearchParams(read.body)) }, body: read.body });
  expect((await send('http://elsewhere.test/api/messages/twilio/status', OWN)).status).toBe(403);
  expect((await send(`${OWN}?attempt=2`, `${OWN}?attempt=1`)).status).toBe(403);
  expect((await send(`${OWN}?attempt=2`)).status).toBe(204);
  expect((await api.request('/api/app/order/vehicle/order/app/find', { orderNo: placed.data.orderNo }, { userKey: customer })).data.notices[0]).toMatchObject({ channel: 'whatsapp', delivery: 'read' });
});
