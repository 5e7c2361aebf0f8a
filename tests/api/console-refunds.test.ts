import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { count, FIND, mailOrder } from './order-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { auditRows, C, orderState, staffKeys, type Keys } from './console-fixtures.ts';

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

const call = (path: string, body: unknown, userKey?: string, language = 'en_us') => api.request(path, body, { userKey, language });

/** A paid mail order with a refund request of `amountSen` (default: all of it). */
async function requested(amountSen?: number) {
  const orderNo = await paidOrder(api, k.customer, mailOrder());
  const asked = await call(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, k.customer);
  expect(asked.code, asked.msg).toBe(200);
  return { orderNo, paidSen: (await orderState(api, orderNo)).paid_sen };
}

describe('console/refunds/review', () => {
  test('a full approval goes to the sandbox, which pays at once through its callback: refund COMPLETED, order REFUNDED, SMS on decision and payment', async () => {
    const { orderNo, paidSen } = await requested();
    const approved = await call(C.review, { orderNo, decision: 'approve', note: 'Sorry about that' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const seen = await call(FIND, { orderNo }, k.customer);
    expect(seen.data).toMatchObject({ status: 'REFUNDED', refundedSen: paidSen });
    expect(seen.data.refunds[0]).toMatchObject({ status: 'COMPLETED', amountSen: paidSen });
    expect(seen.data.refunds[0].history.map((h: { status: string }) => h.status)).toEqual(['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'COMPLETED']);
    expect(seen.data.notices.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(['refundDecided', 'refundPaid']));
    expect(await count(api, sql`select count(*)::int as n from sandbox_refunds`)).toBe(1);
    const [row] = await auditRows(api, 'console/refunds/review');
    expect(row).toMatchObject({ role: 'admin', order_no: orderNo, refund_no: `${orderNo}-R1`, details: expect.objectContaining({ decision: 'approve', amountSen: paidSen }) });
  });

  test('a lower amount is returned and the order stays; above what was asked is refused with 807 and nothing moves', async () => {
    const { orderNo, paidSen } = await requested(1000);
    const above = await call(C.review, { orderNo, decision: 'approve', amountSen: 1001 }, k.admin);
    expect(above).toMatchObject({ code: 807, msg: 'You can approve at most RM 10.00: what the customer asked for and what is still refundable.' });
    expect(await auditRows(api)).toEqual([]);
    const approved = await call(C.review, { orderNo, decision: 'approve', amountSen: 600, note: 'Half the blades' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const state = await orderState(api, orderNo);
    expect(state).toMatchObject({ status: 'UPCOMING', refunded_sen: 600, paid_sen: paidSen });
    const again = await call(C.review, { orderNo, decision: 'approve' }, k.admin);
    expect(again.code).toBe(807);
  });

  test('a rejection needs a note, which the customer reads; workshop staff may not decide', async () => {
    const { orderNo } = await requested();
    expect((await call(C.review, { orderNo, decision: 'approve' }, k.ss2)).code).toBe(403);
    expect(await call(C.review, { orderNo, decision: 'reject' }, k.admin)).toMatchObject({ code: 807 });
    expect(await call(C.review, { orderNo, decision: 'maybe', note: 'x' }, k.admin)).toMatchObject({ code: 400, msg: 'Choose approve or reject.' });
    const rejected = await call(C.review, { orderNo, decision: 'reject', note: 'The blades were used for a month' }, k.admin);
    expect(rejected.code, rejected.msg).toBe(200);
    const seen = await call(FIND, { orderNo }, k.customer);
    expect(seen.data.refunds[0]).toMatchObject({ status: 'REJECTED' });
    expect(seen.data.refunds[0].history.at(-1).note).toBe('The blades were used for a month');
    expect(api.smsLines.at(-1)).toContain('The blades were used for a month');
    expect(await count(api, sql`select count(*)::int as n from sandbox_refunds`)).toBe(0);
    expect((await auditRows(api)).map((r) => r.details.decision)).toEqual(['reject']);
  });
});

describe('console/refunds/page', () => {
  test('requests waiting for review, oldest first, with the 3-working-day deadline and a late flag', async () => {
    const first = await requested();
    api.advance(3600);
    const second = await requested();
    const queue = await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.admin);
    expect(queue.code, queue.msg).toBe(200);
    expect(queue.data.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([first.orderNo, second.orderNo]);
    // Requested on Monday 2 June 2025: due by the end of Thursday 5 June, KL time.
    expect(queue.data.list[0]).toMatchObject({ deadline: '2025-06-05T15:59:59.999Z', late: false, refund: { reason: 'The blades do not fit', status: 'PENDING_REVIEW' } });
    api.advance(4 * DAY_SECONDS);
    const later = await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.admin);
    expect(later.data.list.map((r: { late: boolean }) => r.late)).toEqual([true, true]);
    expect((await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.ss2)).code).toBe(403);
  });
});

