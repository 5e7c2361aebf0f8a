import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { allSteps, lhdnSignatureSteps } from '../unit/lhdn-signing-steps.ts';
import { startApi, type TestApi } from './harness.ts';
import { ADMIN_PHONE, auditRows, staffKeys, type Keys } from './console-fixtures.ts';
import { consolidated, E, juneOrders, ownDocument, submissions } from './einvoice-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { mailOrder, rows } from './order-fixtures.ts';
import { moveTo } from './reminder-fixtures.ts';

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

const page = (body: Record<string, unknown> = {}, userKey: string | undefined = k.admin) => api.request(E.page, body, { userKey });
const retry = (documentId: string, userKey = k.admin) => api.request(E.retry, { documentId }, { userKey });
const setStatus = (id: string, status: string, attempts = 0) =>
  api.db.execute(sql`update einvoice_documents set status = ${status}, attempts = ${attempts}, errors = ${JSON.stringify(status === 'INVALID' ? [{ code: 'CV302', message: 'The issue date is more than 72 hours old', target: 'IssueDate' }] : [])}::jsonb where id = ${id}`);
const issueDate = (text: string) => JSON.parse(text).Invoice[0].IssueDate[0]._ as string;

describe('console/einvoice/page', () => {
  test("an admin sees a month's documents with their receipts, errors and retry, filtered by status and type and paged; the month's consolidation beside them", async () => {
    const june = await juneOrders(api, k);
    moveTo(api, '2025-07-01', '09:00');
    expect((await api.request(E.consolidate, { month: '2025-06' }, { userKey: k.admin })).code).toBe(200);
    const [cons] = await consolidated(api);
    await setStatus(cons!.id, 'INVALID', 1);

    const all = await page({ month: '2025-06' });
    expect(all.code, all.msg).toBe(200);
    expect(all.data).toMatchObject({ month: '2025-06', total: 2, pageNum: 1, consolidation: { status: 'INVALID', receipts: 0, dueBy: '2025-07-07', late: false } });
    const consolidatedRow = all.data.list.find((d: { type: string }) => d.type === 'consolidated');
    expect(consolidatedRow).toMatchObject({
      documentId: cons!.id,
      documentNo: 'CONS-2025-06',
      status: 'INVALID',
      orderNos: [...june.plain, june.exactly].sort(),
      attempts: 1,
      errors: [{ code: 'CV302', message: 'The issue date is more than 72 hours old', target: 'IssueDate' }],
      actions: { retry: true },
      uuid: null,
      validationUrl: null,
    });
    expect(all.data.list.find((d: { type: string }) => d.type === 'invoice')).toMatchObject({ orderNos: [june.own], status: 'PENDING', actions: { retry: false } });

    expect((await page({ month: '2025-06', status: 'INVALID' })).data.list.map((d: { documentId: string }) => d.documentId)).toEqual([cons!.id]);
    expect((await page({ month: '2025-06', type: 'invoice' })).data.list.map((d: { orderNos: string[] }) => d.orderNos)).toEqual([[june.own]]);
    const paged = await page({ month: '2025-06', pageSize: 1, pageNum: 2 });
    expect(paged.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.data.list).toHaveLength(1);
    // Without a month: the current one (KL), where nothing is issued yet.
    expect((await page()).data).toMatchObject({ month: '2025-07', total: 0, list: [], consolidation: { status: null, receipts: 0, dueBy: '2025-08-07', late: false } });
  }, 60_000);

  test('late from two days before the 7th while the month is not submitted; not once it is', async () => {
    await juneOrders(api, k);
    moveTo(api, '2025-06-30', '12:00');
    expect((await page({ month: '2025-06' })).data.consolidation).toEqual({ status: null, receipts: 3, dueBy: '2025-07-07', late: false });
    moveTo(api, '2025-07-04', '12:00');
    const first = await page({ month: '2025-06' });
    expect(first.code, first.msg).toBe(200);
    expect(first.data.consolidation).toEqual({ status: null, receipts: 3, dueBy: '2025-07-07', late: false });
    moveTo(api, '2025-07-06', '09:00');
    expect((await page({ month: '2025-06' })).data.consolidation).toEqual({ status: null, receipts: 3, dueBy: '2025-07-07', late: true });
    expect((await api.request(E.consolidate, { month: '2025-06' }, { userKey: k.admin })).code).toBe(200);
    expect((await page({ month: '2025-06' })).data.consolidation).toMatchObject({ status: 'PENDING', receipts: 0, late: true });
    await setStatus((await consolidated(api))[0]!.id, 'SUBMITTED');
    expect((await page({ month: '2025-06' })).data.consolidation).toMatchObject({ status: 'SUBMITTED', late: false });
  }, 60_000);

  test('admins only: workshop staff 403 on each call, no login 708', async () => {
    for (const [path, body] of [
      [E.page, {}],
      [E.retry, { documentId: '00000000-0000-0000-0000-000000000000' }],
      [E.consolidate, { month: '2025-05' }],
    ] as const) {
      expect((await api.request(path, body, { userKey: k.ss2 })).code, path).toBe(403);
      expect((await api.request(path, body, { userKey: k.customer })).code, path).toBe(403);
      expect((await api.request(path, body)).code, path).toBe(708);
    }
  }, 60_000);
});

describe('console/einvoice/retry', () => {
  test('valid, cancelled, submitted or a pending document not yet tried: 807, nothing queued', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    const id = await ownDocument(api, orderNo);
    for (const status of ['VALID', 'CANCELLED', 'SUBMITTED', 'PENDING']) {
      await setStatus(id, status);
      const answer = await retry(id);
      expect(answer.code, status).toBe(807);
    }
    expect((await retry('00000000-0000-0000-0000-000000000000')).code).toBe(404);
    expect(await submissions(api)).toEqual([]);
    expect(await auditRows(api, 'console/einvoice/retry')).toEqual([]);
  }, 60_000);

  test('an invalid document within 72 hours goes again as it was: pending, errors cleared, its submission queued, audited', async () => {
    await juneOrders(api, k);
    moveTo(api, '2025-07-01', '09:00');
    expect((await api.request(E.consolidate, { month: '2025-06' }, { userKey: k.admin })).code).toBe(200);
    const [before] = await consolidated(api);
    await setStatus(before!.id, 'INVALID', 1);
    moveTo(api, '2025-07-02', '09:00');
    const answer = await retry(before!.id);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ documentId: before!.id, status: 'PENDING', errors: [], actions: { retry: true } });
    const [after] = await consolidated(api);
    expect(after!.document_text).toBe(before!.document_text);
    expect((await submissions(api)).map((s) => s.payload.documentId)).toEqual([before!.id, before!.id]);
    expect(await auditRows(api, 'console/einvoice/retry')).toMatchObject([{ role: 'admin', details: { documentId: before!.id, documentNo: 'CONS-2025-06', status: 'INVALID', reissued: false } }]);
  }, 60_000);

  test('one issued more than 72 hours ago, its submissions failing: issued again now and signed anew, the same claim kept', async () => {
    await juneOrders(api, k);
    moveTo(api, '2025-07-01', '09:00');
    expect((await api.request(E.consolidate, { month: '2025-06' }, { userKey: k.admin })).code).toBe(200);
    const [before] = await consolidated(api);
    await setStatus(before!.id, 'PENDING', 3);
    moveTo(api, '2025-07-05', '09:00');
    const answer = await retry(before!.id);
    expect(answer.code, answer.msg).toBe(200);
    const docs = await consolidated(api);
    expect(docs).toHaveLength(1);
    const [after] = docs;
    expect(after).toMatchObject({ id: before!.id, claim_key: 'consolidated:2025-06:1', status: 'PENDING', total_sen: before!.total_sen });
    expect(issueDate(before!.document_text)).toBe('2025-07-01');
    expect(issueDate(after!.document_text)).toBe('2025-07-05');
    expect(verifyDocumentSignature(after!.document_text)).toEqual({ ok: true });
    expect(lhdnSignatureSteps(after!.document_text)).toEqual(allSteps);
    const [hash] = await rows<{ document_hash: string }>(api, sql`select document_hash from einvoice_documents where id = ${before!.id}`);
    expect(hash!.document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditRows(api, 'console/einvoice/retry')).toMatchObject([{ details: { reissued: true } }]);
  }, 60_000);
});

describe('console/einvoice/page: the signing certificate', () => {
  test('ok while valid for more than 30 days; "expires in N days" within them; a problem, named as LHDN names it, once ended', async () => {
    // Months and years on, the admin logs in again: a session lasts 30 days.
    const again = async () => (await api.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.9' })).userKey;
    moveTo(api, '2026-11-27', '09:00');
    expect((await page({}, await again())).data.certificate).toEqual({ state: 'ok', expiresAt: '2044-12-31T23:59:59.000Z', daysLeft: 6609, problems: [], warnings: [] });
    moveTo(api, '2044-12-12', '07:59');
    const soon = (await page({}, await again())).data.certificate;
    expect(soon).toMatchObject({ state: 'expiring', daysLeft: 20, problems: [], warnings: [{ code: 'CERT-EXPIRES-SOON' }] });
    moveTo(api, '2045-01-01', '09:00');
    const ended = (await page({}, await again())).data.certificate;
    expect(ended).toMatchObject({ state: 'problem', daysLeft: -1, problems: [{ code: 'CERT-EXPIRED', message: 'the certificate expired on 2044-12-31T23:59:59.000Z' }] });
  });
});
