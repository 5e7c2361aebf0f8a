import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ledgerOf, type Ledger } from '../../server/modules/payments/ledger.ts';
import { startApi, type TestApi } from './harness.ts';
import { FIND, installOrder, paidTwice, placeAndStartPaying, postCallback, pressInSandbox, rows } from './order-fixtures.ts';
import { CANCEL, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';

/**
 * Money sequences end with paid − returned = what the order uses, to the sen, as the payments
 * module's ledger counts it; and every answer's money figures are the ledger's (the order keeps
 * none of its own). On PGlite, and on PostgreSQL with DATABASE_URL.
 */

let api: TestApi;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

/** Wipers and a basic service installed at SS2. */
const TOTAL = 24_800;

const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: k.customer })).data;

async function ledger(orderNo: string): Promise<Ledger> {
  const [row] = await rows<{ id: string }>(api, sql`select id from orders where order_no = ${orderNo}`);
  return ledgerOf(api.db, row!.id);
}

/**
 * The ledger of the order, checked against itself and against what the customer reads: every
 * sen paid is used, returned or on its way back, and the answer's figures are the ledger's.
 */
async function books(orderNo: string): Promise<Ledger & { status: string }> {
  const figures = await ledger(orderNo);
  expect(figures.paidSen - figures.returnedSen).toBe(figures.usedSen + figures.toReturnSen);
  const seen = await find(orderNo);
  expect(seen.money).toEqual(figures);
  expect({ paidSen: seen.paidSen, refundedSen: seen.refundedSen }).toEqual({ paidSen: figures.paidSen, refundedSen: figures.returnedSen });
  return { ...figures, status: seen.status };
}

/** Books at rest (nothing owed back): paid − returned is exactly what the order uses. */
async function settled(orderNo: string, usedSen: number) {
  const figures = await books(orderNo);
  expect(figures.toReturnSen).toBe(0);
  expect(figures.paidSen - figures.returnedSen).toBe(usedSen);
  expect(figures.usedSen).toBe(usedSen);
  return figures;
}

async function ask(orderNo: string, amountSen?: number) {
  const asked = await api.request(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, { userKey: k.customer });
  expect(asked.code, asked.msg).toBe(200);
}

async function approve(orderNo: string) {
  const approved = await api.request(C.review, { orderNo, decision: 'approve', note: '' }, { userKey: k.admin });
  expect(approved.code, approved.msg).toBe(200);
  await api.payments.idle();
}

async function paid(): Promise<string> {
  const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, installOrder());
  await pressInSandbox(api, redirectUrl);
  await api.payments.idle();
  return orderNo;
}

describe('the ledger through money sequences', () => {
  test('partial then full refunds, one failed and retried, one paid outside: paid − returned = used after each', async () => {
    const orderNo = await paid();
    expect((await settled(orderNo, TOTAL)).status).toBe('UPCOMING');

    await ask(orderNo, 5000);
    await approve(orderNo);
    expect((await settled(orderNo, TOTAL - 5000)).returnedSen).toBe(5000);

    // A refund of an amount ending in 13 sen: the sandbox fails it the first time (FAILED), owed back meanwhile.
    await ask(orderNo, 1013);
    await approve(orderNo);
    expect((await find(orderNo)).refunds[0].status).toBe('FAILED');
    expect(await books(orderNo)).toMatchObject({ paidSen: TOTAL, returnedSen: 5000, toReturnSen: 1013, usedSen: TOTAL - 6013 });
    const retried = await api.request('/api/console/refunds/retry', { orderNo }, { userKey: k.admin });
    expect(retried.code, retried.msg).toBe(200);
    await api.payments.idle();
    expect((await find(orderNo)).refunds[0].status).toBe('COMPLETED');
    await settled(orderNo, TOTAL - 6013);

    // Failed again at the provider, then paid by bank transfer outside it.
    await ask(orderNo, 2013);
    await approve(orderNo);
    expect((await find(orderNo)).refunds[0].status).toBe('FAILED');
    const outside = await api.request('/api/console/refunds/manual', { orderNo, reference: 'IBG-20250602-0042', note: 'Bank transfer' }, { userKey: k.admin });
    expect(outside.code, outside.msg).toBe(200);
    expect((await settled(orderNo, TOTAL - 8026)).status).toBe('UPCOMING');

    // The rest, in full: REFUNDED once the ledger shows every paid sen back.
    await ask(orderNo);
    await approve(orderNo);
    expect(await settled(orderNo, 0)).toMatchObject({ status: 'REFUNDED', paidSen: TOTAL, returnedSen: TOTAL });
  });

  test('paid twice: the second payment goes back, the order uses its total; a full refund then ends it REFUNDED', async () => {
    const orderNo = await paidTwice(api, k.customer);
    expect(await books(orderNo)).toMatchObject({ paidSen: 2 * TOTAL, toReturnSen: TOTAL, usedSen: TOTAL });

    await api.runJobs();
    await api.payments.idle();
    expect((await settled(orderNo, TOTAL)).status).toBe('UPCOMING');

    await ask(orderNo);
    await approve(orderNo);
    expect(await settled(orderNo, 0)).toMatchObject({ status: 'REFUNDED', paidSen: 2 * TOTAL, returnedSen: 2 * TOTAL });
  });

  test('paid after the customer cancelled: all of it goes back and the order uses nothing', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    expect((await api.request(CANCEL, { orderNo, reason: 'Found a closer workshop' }, { userKey: k.customer })).code).toBe(200);
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    expect(await books(orderNo)).toMatchObject({ paidSen: TOTAL, toReturnSen: TOTAL, usedSen: 0 });

    await api.runJobs();
    await api.payments.idle();
    expect((await settled(orderNo, 0)).status).toBe('CANCELLED');
  });

  test('the order keeps no money figure of its own: the ledger is the only record', async () => {
    const columns = await rows<{ column_name: string }>(api, sql`select column_name from information_schema.columns where table_name = 'orders' and column_name like '%sen' order by column_name`);
    expect(columns.map((c) => c.column_name).filter((c) => /paid|refund|return/.test(c))).toEqual([]);
  });
});
