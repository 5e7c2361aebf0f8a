import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, FIND, installOrder, placeAndStartPaying, pressInSandbox, rows, SLOTS, SS2, unitsAt, WIPERS, BASIC_SERVICE } from './order-fixtures.ts';

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

const find = async (orderNo: string, language?: string) => (await api.request(FIND, { orderNo }, { userKey, language })).data;
const jobs = () => rows<{ kind: string; attempts: number; done: boolean; last_error: string | null }>(api, sql`select kind, attempts, done_at is not null as done, last_error from jobs order by id`);
const offeredAt10 = async () => {
  const { data } = await api.request(SLOTS, { storeId: SS2, items: [WIPERS, BASIC_SERVICE] }, { userKey });
  return data.dates[0].times.find((t: { time: string }) => t.time === '10:00').available as boolean;
};

describe('an order not paid in time', () => {
  test('is cancelled by the system 30 minutes after it was placed: its bay is free again', async () => {
    const { data } = await api.request(ADD, installOrder(), { userKey });
    expect(await offeredAt10()).toBe(true);
    api.advance(29 * 60 + 59);
    expect(await api.runJobs()).toBe(0);
    expect((await find(data.orderNo)).status).toBe('PENDING_PAYMENT');

    api.advance(1);
    expect(await api.runJobs()).toBe(1);
    const order = await find(data.orderNo);
    expect(order).toMatchObject({ status: 'CANCELLED', stage: null, payBefore: null, actions: { pay: false, cancel: false, delete: true } });
    expect(order.history.at(-1)).toEqual({ status: 'CANCELLED', stage: null, at: '2025-06-02T02:30:00.000Z', by: 'system', note: 'Payment time expired.' });
    expect(await unitsAt(api, SS2, '2025-06-04')).toEqual([]);
    expect(await jobs()).toEqual([{ kind: 'payment.timeout', attempts: 1, done: true, last_error: null }]);
    // The reason is kept as the state table words it.
    expect(await rows(api, sql`select note from order_history where status = 'CANCELLED'`)).toEqual([{ note: 'payment time expired' }]);
  });

  test('the reason reads in the customer’s language', async () => {
    const { data } = await api.request(ADD, installOrder(), { userKey });
    api.advance(30 * 60);
    await api.runJobs();
    expect((await find(data.orderNo, 'zh_cn')).history.at(-1).note).toBe('付款时间已过。');
    expect((await find(data.orderNo, 'ms_my')).history.at(-1).note).toBe('Masa pembayaran telah tamat.');
  });

  test('its checkout at the provider is closed, so it can no longer be paid there', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.advance(30 * 60);
    await api.runJobs();
    const ref = (await rows<{ provider_ref: string }>(api, sql`select provider_ref from payments where order_no = ${orderNo}`))[0]!.provider_ref;
    expect((await api.payments.paymentStatus(ref)).state).toBe('expired');
    const page = await (await api.fetch(redirectUrl)).text();
    expect(page).not.toContain('value="pay"');
  });

  test('a paid order’s time-out changes nothing', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    await pressInSandbox(api, redirectUrl);
    api.advance(30 * 60);
    expect(await api.runJobs()).toBe(1);
    expect(await find(orderNo)).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED' });
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['booked', 'booked', 'booked']);
  });

  test('each time-out runs once, however often the worker looks', async () => {
    for (let i = 0; i < 3; i++) await api.request(ADD, installOrder({ appointment: { date: '2025-06-04', time: `1${i}:00` } }), { userKey });
    api.advance(30 * 60);
    expect(await api.runJobs()).toBe(3);
    expect(await api.runJobs()).toBe(0);
    expect(await rows(api, sql`select count(*)::int as n from order_history where status = 'CANCELLED'`)).toEqual([{ n: 3 }]);
  });

  test('a job that fails is tried again later and does not hold up the others', async () => {
    await api.db.execute(sql`insert into jobs (kind, run_at, payload, created_at) values ('reminder.unknown', '2025-06-01T00:00:00Z', '{}', '2025-06-01T00:00:00Z')`);
    const { data } = await api.request(ADD, installOrder(), { userKey });
    api.advance(30 * 60);
    expect(await api.runJobs()).toBe(2);
    expect((await find(data.orderNo)).status).toBe('CANCELLED');
    expect(await jobs()).toEqual([
      { kind: 'reminder.unknown', attempts: 1, done: false, last_error: 'no handler for jobs of kind "reminder.unknown"' },
      { kind: 'payment.timeout', attempts: 1, done: true, last_error: null },
    ]);
    // Not again at once: it waits before its next try.
    expect(await api.runJobs()).toBe(0);
    api.advance(30);
    expect(await api.runJobs()).toBe(1);
  });
});

describe('PAYMENT_TIMEOUT_MINUTES', () => {
  test('sets how long an order waits for payment', async () => {
    const quick = await startApi({ paymentTimeoutMinutes: 10 });
    try {
      const { userKey: key } = await quick.login('0123456789');
      const { data } = await quick.request(ADD, installOrder(), { userKey: key });
      expect(data.payBefore).toBe('2025-06-02T02:10:00.000Z');
      quick.advance(10 * 60);
      expect(await quick.runJobs()).toBe(1);
    } finally {
      await quick.close();
    }
  });
});
