import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { ADD, FIND, installOrder, mailOrder, PAY, postCallback, pressInSandbox } from './order-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';

/**
 * The console's Attention list (docs/contracts/after-sale.md §5): refunds the provider could not pay, money an
 * order cannot use not yet back, and refunds past their review promise, each oldest first.
 */

const ATTENTION = '/api/console/refunds/attention';
const RETRY = '/api/console/refunds/retry';

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

const call = (path: string, body: unknown, userKey?: string) => api.request(path, body, { userKey });
const attention = async () => {
  const answer = await call(ATTENTION, {}, k.admin);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as { failed: { orderNo: string }[]; surplus: { orderNo: string }[]; late: { orderNo: string }[] };
};

/** A paid mail order with an approved refund of `amountSen`. */
async function approved(amountSen: number) {
  const orderNo = await paidOrder(api, k.customer, mailOrder());
  expect((await call(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', amountSen }, k.customer)).code).toBe(200);
  const decided = await call(C.review, { orderNo, decision: 'approve' }, k.admin);
  expect(decided.code, decided.msg).toBe(200);
  await api.payments.idle();
  return orderNo;
}

describe('console/refunds/attention', () => {
  test("a refund of the sandbox's test amount (sen ending in 13) fails, is listed, and leaves the list once sent again", async () => {
    const fine = await approved(1000);
    const orderNo = await approved(1013);
    const seen = (await call(FIND, { orderNo }, k.customer)).data;
    expect(seen.refunds[0]).toMatchObject({ status: 'FAILED', amountSen: 1013 });
    const list = await attention();
    expect(list.failed).toEqual([{ orderNo, refundNo: `${orderNo}-R1`, amountSen: 1013, failedAt: expect.any(String), lastError: 'the provider reported the refund failed' }]);
    expect(list.failed.map((f) => f.orderNo)).not.toContain(fine);
    const retried = await call(RETRY, { orderNo }, k.admin);
    expect(retried.code, retried.msg).toBe(200);
    await api.payments.idle();
    expect((await call(FIND, { orderNo }, k.customer)).data.refunds[0]).toMatchObject({ status: 'COMPLETED', amountSen: 1013 });
    expect((await attention()).failed).toEqual([]);
  });

  test('a second payment the order cannot use is listed with its wait until the money-back job has returned it', async () => {
    const placed = await call(ADD, installOrder(), k.customer);
    const orderNo = placed.data.orderNo as string;
    const first = await call(PAY, { orderNo, payMethod: 'card' }, k.customer);
    api.loseCallbacks(true);
    await pressInSandbox(api, first.data.redirectUrl, 'pay', 'card');
    api.loseCallbacks(false);
    const second = await call(PAY, { orderNo, payMethod: 'grabpay' }, k.customer);
    await pressInSandbox(api, second.data.redirectUrl, 'pay', 'grabpay');
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    api.advance(600);
    const list = await attention();
    expect(list.surplus).toEqual([{ orderNo, paymentId: expect.any(String), amountSen: 24800, since: expect.any(String), waitedMinutes: 10, sending: false, lastError: null }]);
    await api.runJobs();
    await api.payments.idle();
    expect((await attention()).surplus).toEqual([]);
    expect((await call(FIND, { orderNo }, k.customer)).data.money).toMatchObject({ paidSen: 2 * 24800, returnedSen: 24800, toReturnSen: 0 });
  });

  test('a request past its 3-working-day promise is listed late; only admins may look', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect((await call(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789' }, k.customer)).code).toBe(200);
    expect((await attention()).late).toEqual([]);
    api.advance(4 * DAY_SECONDS);
    // Requested on Monday 2 June 2025: due by the end of Thursday 5 June, KL time.
    expect((await attention()).late).toEqual([
      { orderNo, refundNo: `${orderNo}-R1`, status: 'PENDING_REVIEW', amountSen: expect.any(Number), requestedAt: expect.any(String), deadline: '2025-06-05T15:59:59.999Z' },
    ]);
    expect((await call(ATTENTION, {}, k.ss2)).code).toBe(403);
    expect([403, 708]).toContain((await call(ATTENTION, {}, k.customer)).code);
    expect((await call(ATTENTION, {})).code).toBe(708);
  });
});
