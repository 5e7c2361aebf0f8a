import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { documentById, moveDocument } from '../../server/modules/einvoices/service.ts';
import { startApi, type TestApi } from './harness.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { E, FIND_EINVOICE, individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, mailOrder } from './order-fixtures.ts';

const HISTORY = '/api/console/einvoice/history';

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

const documentOf = async (orderNo: string) => (await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data.document;
const history = (documentId: string, userKey = k.admin) => api.request(HISTORY, { documentId }, { userKey });
/** The moves as `event → STATUS by who`. */
const moves = async (documentId: string) => {
  const answer = await history(documentId);
  expect(answer.code, answer.msg).toBe(200);
  return (answer.data.history as { event: string; status: string; by: string }[]).map((h) => `${h.event} → ${h.status} by ${h.by}`);
};

async function askedEinvoice(order: Record<string, unknown> = installOrder()) {
  const orderNo = await paidOrder(api, k.customer, order);
  expect((await requestEinvoice(api, k.customer, orderNo, individual())).code).toBe(200);
  return orderNo;
}

describe('console/einvoice/history', () => {
  test('submitted, then valid: each move listed with who made it and when', async () => {
    const orderNo = await askedEinvoice();
    const pending = await documentOf(orderNo);
    expect(await moves(pending.documentId)).toEqual(['claim → PENDING by system']);
    await settleJobs(api);
    expect(await moves(pending.documentId)).toEqual(['claim → PENDING by system', 'submit → SUBMITTED by system', 'validate → VALID by system']);
    const answer = await history(pending.documentId);
    expect(answer.data).toMatchObject({ documentId: pending.documentId, status: 'VALID' });
    expect(answer.data.history.every((h: { at: string }) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
  });

  test('refused by MyInvois, sent again by an admin, then valid: the refusal with its reason, the retry by staff', async () => {
    const orderNo = await askedEinvoice();
    const tin = api.einvoice.double!.settings.clients[0]!.tin;
    api.einvoice.double!.settings.clients[0]!.tin = 'C99999999990';
    await settleJobs(api);
    const doc = await documentOf(orderNo);
    expect(doc.status).toBe('INVALID');
    api.einvoice.double!.settings.clients[0]!.tin = tin;
    // MyInvois takes the same text again only after ten minutes.
    api.advance(11 * 60);
    const retried = await api.request(E.retry, { documentId: doc.documentId }, { userKey: k.admin });
    expect(retried.code, retried.msg).toBe(200);
    await settleJobs(api);
    expect((await documentOf(orderNo)).status).toBe('VALID');
    const list = await moves(doc.documentId);
    expect(list).toEqual(['claim → PENDING by system', 'refuse → INVALID by system', 'retry → PENDING by staff', 'submit → SUBMITTED by system', 'validate → VALID by system']);
    const invalid = (await history(doc.documentId)).data.history.find((h: { status: string }) => h.status === 'INVALID');
    expect(invalid.note).toBe('The authenticated TIN and documents TIN is not matching');
  });

  test('a full refund within 72 hours of validation cancels it: the cancellation is its last move', async () => {
    const orderNo = await askedEinvoice(mailOrder());
    await settleJobs(api);
    const asked = await api.request(REFUND, { orderNo, reason: 'Ordered twice', contact: '0123456789' }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    expect((await api.request(C.review, { orderNo, decision: 'approve' }, { userKey: k.admin })).code).toBe(200);
    await api.payments.idle();
    await settleJobs(api);
    const doc = await documentOf(orderNo);
    expect(doc.status).toBe('CANCELLED');
    expect(await moves(doc.documentId)).toEqual(['claim → PENDING by system', 'submit → SUBMITTED by system', 'validate → VALID by system', 'cancel → CANCELLED by system']);
  });

  test('a move the table does not allow is refused and changes nothing', async () => {
    const orderNo = await askedEinvoice();
    await settleJobs(api);
    const { documentId } = await documentOf(orderNo);
    const valid = (await documentById(api.db, documentId))!;
    await expect(api.db.transaction((tx) => moveDocument(tx, valid, 'invalidate', 'system', { errors: [] }, api.now()))).rejects.toMatchObject({ key: 'einvoice.moveRefused' });
    expect((await documentOf(orderNo)).status).toBe('VALID');
    expect(await moves(documentId)).toHaveLength(3);
  });

  test('admins only; an unknown document is 404', async () => {
    const orderNo = await askedEinvoice();
    const { documentId } = await documentOf(orderNo);
    expect((await history(documentId, k.ss2)).code).toBe(403);
    expect((await history('00000000-0000-0000-0000-000000000000')).code).toBe(404);
  });
});
