import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { freePort } from '../api/free-port.ts';
import { FIND } from '../api/order-fixtures.ts';
import { killServer, placeAndPressPay, scratchData, serverCall, serverLogin, startServer as startApiServer, type Running, until } from '../api/server-process.ts';
import { startTwilioDouble, type TwilioDouble } from '../api/twilio-double.ts';
import { pgliteOnly } from '../api/pglite-only.ts';

/**
 * The real server (server/main.ts) sending its SMS through Twilio's adapter to a local double
 * of Twilio, killed with SIGKILL between the commit that wrote a notice and its sending, then
 * started again on the same PGlite folder: the outbox's deliverer sends it, once, and the
 * timeline says sent. Also killed after Twilio took the message and before the shop recorded
 * it: once the dead process's claim has lapsed the next server sends it again, and since Twilio
 * keeps no idempotency key for a message (nor does the double), the customer gets it twice: the
 * one window in which the outbox sends a message more than once.
 */

let twilio: TwilioDouble;
beforeAll(async () => {
  twilio = await startTwilioDouble();
});
afterAll(() => twilio?.close());
beforeEach(() => {
  twilio.messages.length = 0;
  twilio.requests.length = 0;
  twilio.hold(false);
  twilio.stall(false);
});

/** The server sending its SMS through Twilio's adapter to the double, its worker looking every second. */
const startServer = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  startApiServer(dataDir, port, {
    SMS_PROVIDER: 'twilio',
    TWILIO_API_BASE: twilio.base,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+15005550006',
    JOB_INTERVAL_SECONDS: '1',
    ...env,
  });

/** Logs in with the code the double received. */
const login = (server: Running, phone: string) => serverLogin(server, phone, () => /\b(\d{6})\b/.exec(twilio.messages.at(-1)?.body ?? '')?.[1]);


const about = (orderNo: string) => twilio.messages.filter((m) => m.body.includes(orderNo));

pgliteOnly('a crash between a notice and its sending', () => {
  test('kill -9 after the commit, before the send: the next server sends it once, and the timeline says sent', { timeout: 120_000 }, async () => {
    const dataDir = await scratchData('notice-crash');
    const port = await freePort();
    // Nothing sends notices in this process: neither a nudge after the commit nor a worker.
    const first = await startServer(dataDir, port, { NOTICE_NUDGE: '0', JOB_WORKER: '0' });
    const userKey = await login(first, '0123456789');
    const { orderNo, press } = await placeAndPressPay(first, userKey);
    expect((await press).status).toBe(303);
    const paid = await serverCall(first, FIND, { orderNo }, userKey);
    expect(paid.status).toBe('UPCOMING');
    expect(paid.notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: false, state: 'sending', status: 'Waiting to be sent.' })]);
    expect(about(orderNo)).toEqual([]);

    await killServer(first);
    const second = await startServer(dataDir, port);
    await until(() => about(orderNo).length > 0, 'the notice sent', second);
    await until(async () => (await serverCall(second, FIND, { orderNo }, userKey)).notices[0].sent, 'the notice recorded as sent', second);
    expect((await serverCall(second, FIND, { orderNo }, userKey)).notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: true, state: 'sent', status: null })]);
    expect(about(orderNo)).toHaveLength(1);
    expect(twilio.requests.filter((r) => r.body.includes(orderNo))).toHaveLength(1);
  });

  test('kill -9 after Twilio took it, before the shop recorded it: sent again once its claim has lapsed', { timeout: 120_000 }, async () => {
    const dataDir = await scratchData('notice-crash');
    const port = await freePort();
    // Its claims on the messages it sends lapse after a second.
    const first = await startServer(dataDir, port, { JOB_WORKER: '0', OUTBOX_LEASE_SECONDS: '1' });
    const userKey = await login(first, '0123456789');
    // Twilio takes the message and never answers: the shop is left waiting when it dies.
    twilio.hold(true);
    const { orderNo, press } = await placeAndPressPay(first, userKey);
    press.catch(() => {});
    await until(() => about(orderNo).length > 0, 'Twilio taking the notice', first);
    await killServer(first);
    twilio.hold(false);

    const second = await startServer(dataDir, port);
    await until(async () => (await serverCall(second, FIND, { orderNo }, userKey)).notices[0]?.sent === true, 'the notice recorded as sent', second);
    expect(twilio.requests.filter((r) => r.body.includes(orderNo)), 'sent twice').toHaveLength(2);
    expect(about(orderNo), 'two messages at Twilio, which de-duplicates nothing').toHaveLength(2);
    expect((await serverCall(second, FIND, { orderNo }, userKey)).notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: true, state: 'sent' })]);
  });

  test('WhatsApp: kill -9 between the claim and the send: the next server sends it once, on WhatsApp', { timeout: 120_000 }, async () => {
    const dataDir = await scratchData('notice-crash');
    const port = await freePort();
    const whatsapp = { WHATSAPP_PROVIDER: 'twilio', TWILIO_WHATSAPP_FROM: 'whatsapp:+60312345678', OUTBOX_LEASE_SECONDS: '1' };
    const first = await startServer(dataDir, port, { ...whatsapp, JOB_WORKER: '0' });
    const userKey = await login(first, '0123456789');
    expect((await serverCall(first, '/api/app/user/channels/set', { whatsapp: true }, userKey)).whatsapp).toBe(true);
    // The shop has claimed the message and is sending it; Twilio has not read the request yet when the shop dies.
    twilio.stall(true);
    const { orderNo, press } = await placeAndPressPay(first, userKey);
    press.catch(() => {});
    await until(() => twilio.stalled > 0, 'the shop sending to Twilio', first);
    await killServer(first);
    twilio.stall(false);

    const second = await startServer(dataDir, port, whatsapp);
    await until(async () => (await serverCall(second, FIND, { orderNo }, userKey)).notices[0]?.sent === true, 'the notice recorded as sent', second);
    expect(about(orderNo), 'once, on WhatsApp').toEqual([expect.objectContaining({ channel: 'whatsapp', to: 'whatsapp:+60123456789' })]);
    expect(twilio.messages.filter((m) => m.channel === 'sms' && m.body.includes(orderNo))).toEqual([]);
    expect((await serverCall(second, FIND, { orderNo }, userKey)).notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', channel: 'whatsapp', sent: true, state: 'sent' })]);
  });
});
