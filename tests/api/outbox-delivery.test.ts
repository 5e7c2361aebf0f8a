import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { claimDue, DEFAULT_LEASE_MS, outboxIdle } from '../../server/modules/notifications/outbox.ts';
import { SmsSendError, type SmsProvider } from '../../server/providers/sms/index.ts';
import { startApi, type TestApi } from './harness.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { FIND, mailOrder, rows } from './order-fixtures.ts';

/**
 * The outbox sends after the commit, with no transaction open: a payment's webhook is answered
 * while the SMS provider still holds the message it caused, the customer's pages read the
 * database meanwhile, and a message claimed by a process that died before sending it is sent
 * by another once the claim's lease has passed. Calls answer here as the server gives them
 * (awaitMessages: false), messages possibly still on their way.
 */

/** An SMS provider a test holds: a held send waits until released; a failing one answers 503. */
function heldSms() {
  const sent: string[] = [];
  let calls = 0;
  let failing = 0;
  let held: Promise<void> | null = null;
  let release = () => {};
  const waiting: { count: number; resolve: () => void }[] = [];
  const provider: SmsProvider = {
    name: 'held',
    sendOtp: async () => {},
    async send({ text }) {
      calls++;
      for (const w of waiting.filter((w) => calls >= w.count)) w.resolve();
      if (held) await held;
      if (failing > 0) {
        failing--;
        throw new SmsSendError('SMS provider answered 503: busy', false);
      }
      sent.push(text);
      return { ref: `SM${sent.length}` };
    },
  };
  return {
    provider,
    sent,
    hold() {
      held = new Promise<void>((resolve) => (release = () => resolve()));
    },
    release() {
      held = null;
      release();
    },
    failNext(count: number) {
      failing = count;
    },
    /** Resolves once the provider has been called `count` times in all. */
    called: (count: number) => (calls >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }))),
    reset() {
      sent.length = 0;
      calls = 0;
      failing = 0;
      waiting.length = 0;
      this.release();
    },
  };
}

const sms = heldSms();
let api: TestApi;
let customer: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi({ sms: sms.provider, awaitMessages: false });
});
afterAll(async () => {
  sms.release();
  await api?.close();
});
beforeEach(async () => {
  await api.reset();
  sms.reset();
  customer = (await api.login('0123456789')).userKey;
});

const timeline = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: customer })).data.notices as { state: string; status: string | null }[];

/** PostgreSQL's sessions of this database inside a transaction that is doing nothing (none on PGlite, which has one session). */
const idleInTransaction = async () =>
  process.env.DATABASE_URL
    ? (await rows<{ n: number }>(api, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`))[0]!.n
    : 0;

describe('the outbox sends outside transactions', () => {
  test('a payment webhook answers while the SMS provider holds the message it caused; the timeline says waiting, then sent', async () => {
    sms.hold();
    // The sandbox's callback is answered (the order is paid) though the provider has not answered.
    const orderNo = await paidOrder(api, customer, mailOrder());
    await sms.called(1);
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ state: 'sending', status: 'Waiting to be sent.' })]);
    expect(await idleInTransaction()).toBe(0);

    sms.release();
    await outboxIdle(api.db);
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ state: 'sent', status: null })]);
    expect(sms.sent).toHaveLength(1);
  });

  test('while the deliverer waits for the provider, My Orders answers and no transaction is open', async () => {
    sms.failNext(1);
    const orderNo = await paidOrder(api, customer, mailOrder());
    await outboxIdle(api.db);
    expect((await timeline(orderNo))[0]!.status).toBe('Not sent yet: the SMS service could not take it. We will try again.');

    api.advance(30);
    sms.hold();
    const round = api.runJobs();
    await sms.called(2);
    expect((await timeline(orderNo))[0]!.status).toBe('Not sent yet: the SMS service could not take it. We will try again.');
    expect(await idleInTransaction()).toBe(0);

    sms.release();
    await round;
    expect(await timeline(orderNo)).toEqual([expect.objectContaining({ state: 'sent', status: null })]);
    expect(sms.sent).toHaveLength(1);
  });

  test('a message claimed by a process that died before sending it is sent once the lease has passed', async () => {
    process.env.NOTICE_NUDGE = '0';
    try {
      const orderNo = await paidOrder(api, customer, mailOrder());
      // A process claims it, and dies before it calls the provider.
      expect(await claimDue(api.db, api.now(), { limit: 10 })).toHaveLength(1);
      await api.runJobs();
      expect(sms.sent).toEqual([]);
      expect((await timeline(orderNo))[0]!.status).toBe('Waiting to be sent.');

      api.advance(DEFAULT_LEASE_MS / 1000 - 1);
      await api.runJobs();
      expect(sms.sent).toEqual([]);
      api.advance(1);
      await api.runJobs();
      expect(sms.sent).toEqual([expect.stringContaining(orderNo)]);
      expect(await timeline(orderNo)).toEqual([expect.objectContaining({ state: 'sent', status: null })]);
      await api.runJobs();
      expect(sms.sent).toHaveLength(1);
    } finally {
      delete process.env.NOTICE_NUDGE;
    }
  });
});
