import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, mailOrder, rows } from './order-fixtures.ts';
import { FIND_EINVOICE, individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';

const INVOICE = '/api/app/order/vehicle/order/app/invoice';

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

/** The customer asks, an admin approves, the sandbox pays it back: the refund completes. */
async function refund(orderNo: string, amountSen?: number) {
  const asked = await api.request(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, { userKey: k.customer });
  expect(asked.code, asked.msg).toBe(200);
  const approved = await api.request(C.review, { orderNo, decision: 'approve', note: 'Sorry about that' }, { userKey: k.admin });
  expect(approved.code, approved.msg).toBe(200);
  await api.payments.idle();
}

async function validEinvoice() {
  const orderNo = await paidOrder(api, k.customer, mailOrder());
  expect((await requestEinvoice(api, k.customer, orderNo, individual())).code).toBe(200);
  await settleJobs(api);
  const original = await documentOf(orderNo);
  expect(original.status).toBe('VALID');
  return { orderNo, original };
}

const notes = () => rows<{ type: string; status: string; refers_to: string; total_sen: number }>(api, sql`select type, status, refers_to, total_sen from einvoice_documents where type = 'refund-note'`);

describe('einvoice.note', () => {
  test('a part refund after the e-invoice is valid: a refund note naming its UUID, valid, shown on the credit note', async () => {
    const { orderNo, original } = await validEinvoice();
    await refund(orderNo, 1000);
    await settleJobs(api);
    expect(await notes()).toEqual([{ type: 'refund-note', status: 'VALID', refers_to: original.uuid, total_sen: 1000 }]);
    const inv = (await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data;
    expect(inv.creditNotes[0].einvoice).toMatchObject({ type: 'refund-note', status: 'VALID', refersTo: original.uuid, validationUrl: expect.stringContaining('/share/') });
    expect(inv.einvoice).toMatchObject({ status: 'VALID', uuid: original.uuid });
  });

  test('a full refund within 72 hours of validation: the e-invoice is cancelled, no note', async () => {
    const { orderNo } = await validEinvoice();
    await refund(orderNo);
    await settleJobs(api);
    expect(await documentOf(orderNo)).toMatchObject({ status: 'CANCELLED' });
    expect(await notes()).toEqual([]);
  });

  test('a full refund within the shop’s 72 hours that LHDN refuses to cancel (its 72 hours are over): a refund note for all of it instead', async () => {
    const { orderNo, original } = await validEinvoice();
    // MyInvois counts its 72 hours from its own validation moment: here a moment already 73 hours back.
    await rows(
      api,
      sql`update myinvois_double_documents set record = jsonb_set(record, '{validatedAt}', to_jsonb((record->>'validatedAt')::bigint - 73 * 3600000)) where uuid = ${original.uuid}`,
    );
    await refund(orderNo);
    await settleJobs(api);
    expect(await documentOf(orderNo)).toMatchObject({ status: 'VALID', uuid: original.uuid });
    const [invoice] = await rows<{ total_sen: number }>(api, sql`select total_sen from einvoice_documents where uuid = ${original.uuid}`);
    expect(await notes()).toEqual([{ type: 'refund-note', status: 'VALID', refers_to: original.uuid, total_sen: invoice!.total_sen }]);
  });

  test('a full refund after 72 hours: too late to cancel, a refund note for all of it', async () => {
    const { orderNo, original } = await validEinvoice();
    api.advance(3 * DAY_SECONDS + 60);
    await refund(orderNo);
    await settleJobs(api);
    expect(await documentOf(orderNo)).toMatchObject({ status: 'VALID' });
    expect(await notes()).toEqual([expect.objectContaining({ status: 'VALID', refers_to: original.uuid })]);
  });

  test('a refund while the e-invoice is still on its way: the note waits for it to be valid', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    await requestEinvoice(api, k.customer, orderNo, individual());
    await refund(orderNo, 1000);
    await api.runJobs();
    expect(await notes()).toEqual([]);
    await settleJobs(api, 4);
    api.advance(61);
    await settleJobs(api);
    const original = await documentOf(orderNo);
    expect(await notes()).toEqual([expect.objectContaining({ status: 'VALID', refers_to: original.uuid, total_sen: 1000 })]);
  });

  test('a part refund of an order with fitting labour: the refund note states the labour and service tax its credit note keeps, also for one issued before they were kept', async () => {
    type Sub = { TaxableAmount: [{ _: number }]; TaxAmount: [{ _: number }]; TaxCategory: [{ ID: [{ _: string }] }] };
    const sen = (n: [{ _: number }]) => Math.round(Number(n[0]._) * 100);
    const noteTax = async (orderNo: string) => {
      const [row] = await rows<{ document_text: string }>(api, sql`select d.document_text from einvoice_documents d join orders o on o.id = d.order_id where d.type = 'refund-note' and o.order_no = ${orderNo}`);
      const total = JSON.parse(row!.document_text).Invoice[0].TaxTotal[0] as { TaxAmount: [{ _: number }]; TaxSubtotal: Sub[] };
      const labour = total.TaxSubtotal.find((t) => t.TaxCategory[0].ID[0]._ === '02');
      return { serviceTaxSen: sen(total.TaxAmount), labourSen: labour ? sen(labour.TaxableAmount) : 0 };
    };
    const credited = async (orderNo: string) =>
      (await rows<{ service_tax_sen: number; labour_sen: number | null }>(api, sql`select c.service_tax_sen, c.labour_sen from credit_notes c join orders o on o.id = c.order_id where o.order_no = ${orderNo}`))[0]!;

    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const orderNo = await paidOrder(api, k.customer, installOrder());
      expect((await requestEinvoice(api, k.customer, orderNo, individual())).code).toBe(200);
      orders.push(orderNo);
    }
    await settleJobs(api);
    const [kept, before] = orders as [string, string];
    await refund(kept, 7777);
    await refund(before, 7777);
    const keptNote = await credited(kept);
    expect(keptNote.service_tax_sen).toBeGreaterThan(0);
    expect(keptNote.labour_sen).toBeGreaterThan(0);
    // A credit note as issued before its labour was kept.
    await api.db.execute(sql`update credit_notes c set parts_sen = null, labour_sen = null from orders o where o.id = c.order_id and o.order_no = ${before}`);
    await settleJobs(api);
    expect(await noteTax(kept)).toEqual({ serviceTaxSen: keptNote.service_tax_sen, labourSen: keptNote.labour_sen });
    expect((await noteTax(before)).serviceTaxSen).toBe((await credited(before)).service_tax_sen);
  });

  test('an order in no e-invoice yet (left to the month’s consolidation): no note', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    await refund(orderNo, 1000);
    await settleJobs(api);
    expect(await notes()).toEqual([]);
  });
});
