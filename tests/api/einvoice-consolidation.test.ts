import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { allSteps, lhdnSignatureSteps } from '../unit/lhdn-signing-steps.ts';
import { startApi, type TestApi } from './harness.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { consolidated, E, juneOrders, runConsolidationJob, submissions } from './einvoice-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, rows } from './order-fixtures.ts';
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

const consolidate = (month: string, userKey = k.admin) => api.request(E.consolidate, { month }, { userKey });
const invoiceNos = (orderNos: string[]) =>
  rows<{ invoice_no: string }>(api, sql`select invoice_no from invoices where order_no in ${sql.raw(`(${orderNos.map((n) => `'${n}'`).join(', ')})`)} order by invoice_no`).then((r) => r.map((x) => x.invoice_no));
const totalOf = (orderNos: string[]) =>
  rows<{ n: number }>(api, sql`select sum(total_sen)::int as n from orders where order_no in ${sql.raw(`(${orderNos.map((n) => `'${n}'`).join(', ')})`)}`).then((r) => r[0]!.n);
const invoiceJson = (text: string) => JSON.parse(text).Invoice[0];

describe('console/einvoice/consolidate', () => {
  test("an ended month: its paid orders up to RM 10,000.00 without their own e-invoice and not fully refunded, in one signed document to General Public listing their invoice numbers, queued for MyInvois", async () => {
    const june = await juneOrders(api, k);
    moveTo(api, '2025-07-01', '09:00');
    const answer = await consolidate('2025-06');
    expect(answer.code, answer.msg).toBe(200);
    const inside = [...june.plain, june.exactly];
    expect(answer.data).toMatchObject({ type: 'consolidated', status: 'PENDING', month: '2025-06', orderNos: [...inside].sort(), totalSen: await totalOf(inside), actions: { retry: false } });

    const [doc, ...more] = await consolidated(api);
    expect(more).toEqual([]);
    expect(doc).toMatchObject({ document_no: 'CONS-2025-06', claim_key: 'consolidated:2025-06:1', month: '2025-06', total_sen: await totalOf(inside) });
    expect(verifyDocumentSignature(doc!.document_text)).toEqual({ ok: true });
    expect(lhdnSignatureSteps(doc!.document_text)).toEqual(allSteps);
    const invoice = invoiceJson(doc!.document_text);
    expect(invoice.ID[0]._).toBe('CONS-2025-06');
    expect(invoice.AccountingCustomerParty[0].Party[0].PartyIdentification[0].ID[0]._).toBe('EI00000000010');
    expect(invoice.LegalMonetaryTotal[0].PayableAmount[0]._).toBe((await totalOf(inside)) / 100);
    const descriptions = invoice.InvoiceLine.map((l: { Item: [{ Description: [{ _: string }] }] }) => l.Item[0].Description[0]._).join(' ');
    for (const no of await invoiceNos(inside)) expect(descriptions).toContain(no);
    for (const no of await invoiceNos([june.above, june.own, june.refunded])) expect(descriptions).not.toContain(no);
    expect(invoice.InvoiceLine.every((l: { Item: [{ CommodityClassification: [{ ItemClassificationCode: [{ _: string }] }] }] }) => l.Item[0].CommodityClassification[0].ItemClassificationCode[0]._ === '004')).toBe(true);

    // Each order in one e-invoice at most; the submission queued with the document.
    const covered = await rows<{ order_no: string; n: number }>(api, sql`select order_no, count(*)::int as n from einvoice_receipts group by order_no order by order_no`);
    expect(covered.map((r) => r.order_no)).toEqual([...inside, june.own].sort());
    expect(covered.every((r) => r.n === 1)).toBe(true);
    expect(await submissions(api)).toEqual([{ kind: 'einvoice.submit', payload: { documentId: doc!.id } }]);
    expect(await auditRows(api, 'console/einvoice/consolidate')).toMatchObject([{ details: { month: '2025-06', documentNo: 'CONS-2025-06' } }]);

    // Twice: refused, nothing more made.
    expect((await consolidate('2025-06')).code).toBe(807);
    expect(await consolidated(api)).toHaveLength(1);
    expect(await submissions(api)).toHaveLength(1);
  }, 60_000);

  test('a part refund completed before: the amount the order kept', async () => {
    const june = await juneOrders(api, k);
    const [kept] = june.plain;
    const [order] = await rows<{ id: string; total_sen: number }>(api, sql`select id, total_sen from orders where order_no = ${kept}`);
    await api.db.execute(sql`insert into credit_notes (credit_note_no, invoice_no, order_id, refund_id, refund_no, issued_at, amount_sen, service_tax_sen, lines)
      select 'CN-009999', invoice_no, order_id, gen_random_uuid(), ${`${kept}-R9`}, ${api.now().toISOString()}, 500, 0, '[]'::jsonb from invoices where order_id = ${order!.id}`);
    moveTo(api, '2025-07-02', '09:00');
    const answer = await consolidate('2025-06');
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.totalSen).toBe((await totalOf([...june.plain, june.exactly])) - 500);
    expect(invoiceJson((await consolidated(api))[0]!.document_text).LegalMonetaryTotal[0].PayableAmount[0]._).toBe(answer.data.totalSen / 100);
  }, 60_000);

  test('an order with fitting labour refunded twice in part: its credit notes and the month\'s e-invoice add up to its invoice, tax and labour to the sen', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const [order] = await rows<{ total_sen: number; labour_sen: number; service_tax_sen: number }>(api, sql`select total_sen, labour_sen, service_tax_sen from orders where order_no = ${orderNo}`);
    const { total_sen: total, service_tax_sen: tax } = order!;
    expect(tax).toBeGreaterThan(0);
    // Two equal refunds whose tax, each rounded alone, would not add up with the rest's.
    const alone = (sen: number) => Math.round((sen * tax) / total);
    const amount = Array.from({ length: Math.floor(total / 3) }, (_, i) => Math.floor(total / 5) + i).find((a) => 2 * alone(a) + alone(total - 2 * a) !== tax)!;
    expect(amount).toBeDefined();
    for (let i = 0; i < 2; i++) {
      expect((await api.request(REFUND, { orderNo, reason: 'One blade did not fit', contact: '0123456789', amountSen: amount }, { userKey: k.customer })).code).toBe(200);
      expect((await api.request(C.review, { orderNo, decision: 'approve' }, { userKey: k.admin })).code).toBe(200);
      await api.payments.idle();
    }
    const notes = await rows<{ amount_sen: number; labour_sen: number; service_tax_sen: number }>(api, sql`select c.amount_sen, c.labour_sen, c.service_tax_sen from credit_notes c join orders o on o.id = c.order_id where o.order_no = ${orderNo}`);
    expect(notes.map((n) => n.amount_sen)).toEqual([amount, amount]);

    moveTo(api, '2025-07-02', '09:00');
    const answer = await consolidate('2025-06');
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.totalSen).toBe(total - 2 * amount);
    type Sub = { TaxableAmount: [{ _: number }]; TaxAmount: [{ _: number }]; TaxCategory: [{ ID: [{ _: string }] }] };
    const sen = (n: [{ _: number }]) => Math.round(Number(n[0]._) * 100);
    const taxTotal = invoiceJson((await consolidated(api))[0]!.document_text).TaxTotal[0] as { TaxAmount: [{ _: number }]; TaxSubtotal: Sub[] };
    const labour = taxTotal.TaxSubtotal.find((t) => t.TaxCategory[0].ID[0]._ === '02')!;
    expect(sen(taxTotal.TaxAmount) + notes.reduce((s, n) => s + n.service_tax_sen, 0)).toBe(tax);
    expect(sen(labour.TaxableAmount) + notes.reduce((s, n) => s + n.labour_sen, 0)).toBe(order!.labour_sen);
  }, 60_000);

  test('a month not ended: 807; a month with no receipt: null; workshop staff: 403', async () => {
    await juneOrders(api, k);
    const early = await consolidate('2025-06');
    expect(early.code).toBe(807);
    expect(early.msg).toMatch(/not ended/);
    expect((await consolidate('2025-07')).code).toBe(807);
    const empty = await consolidate('2025-05');
    expect(empty.code, empty.msg).toBe(200);
    expect(empty.data).toBeNull();
    moveTo(api, '2025-07-01', '09:00');
    expect((await consolidate('2025-06', k.ss2)).code).toBe(403);
    expect(await consolidated(api)).toEqual([]);
  }, 60_000);
});

describe('the hourly consolidation job', () => {
  test("from the 1st to the 7th it consolidates the month before once; on the 8th and in the month itself, nothing", async () => {
    const june = await juneOrders(api, k);
    await runConsolidationJob(api);
    expect(await consolidated(api)).toEqual([]);

    moveTo(api, '2025-07-01', '00:30');
    await runConsolidationJob(api);
    moveTo(api, '2025-07-01', '01:30');
    await runConsolidationJob(api);
    moveTo(api, '2025-07-07', '23:30');
    await runConsolidationJob(api);
    const docs = await consolidated(api);
    expect(docs.map((d) => d.document_no)).toEqual(['CONS-2025-06']);
    expect(await submissions(api)).toEqual([{ kind: 'einvoice.submit', payload: { documentId: docs[0]!.id } }]);
    expect((await rows<{ n: number }>(api, sql`select count(*)::int as n from einvoice_receipts where document_id = ${docs[0]!.id}`))[0]!.n).toBe(june.plain.length + 1);
    // It schedules its next hour.
    expect(await rows(api, sql`select run_at from jobs where kind = 'einvoice.consolidate' and done_at is null`)).not.toEqual([]);
  }, 60_000);

  test('on the 8th a month not yet consolidated is left to the console', async () => {
    await juneOrders(api, k);
    moveTo(api, '2025-07-08', '00:30');
    await runConsolidationJob(api);
    expect(await consolidated(api)).toEqual([]);
    expect(await submissions(api)).toEqual([]);
  }, 60_000);
});
