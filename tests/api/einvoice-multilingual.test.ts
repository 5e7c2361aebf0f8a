import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import { allSteps, lhdnSignatureSteps } from '../unit/lhdn-signing-steps.ts';
import { staffKeys, type Keys } from './console-fixtures.ts';
import { FIND_EINVOICE, individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, rows } from './order-fixtures.ts';

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

const storedOf = async (orderNo: string) =>
  (
    await rows<{ status: string; document_text: string; errors: unknown }>(
      api,
      sql`select d.status, d.document_text, d.errors from einvoice_documents d join einvoice_receipts r on r.document_id = d.id where r.order_no = ${orderNo}`,
    )
  )[0]!;

describe('an e-invoice with Chinese and Malay names and typographic punctuation', () => {
  const buyer = individual({
    name: '陈美玲 (Nur Aisyah binti Abdul Rahman)',
    address: { line1: 'No. 8, Jalan Bukit Bintang – Lot “B”', line2: 'Taman Melawati’s Court', postcode: '53100', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' },
  });

  test('is signed over its UTF-8 text, passes LHDN’s signature steps checked independently, and MyInvois (the double) finds it VALID', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    expect(await requestEinvoice(api, k.customer, orderNo, buyer, 'zh_cn')).toMatchObject({ code: 200 });
    await settleJobs(api);

    const stored = await storedOf(orderNo);
    for (const words of ['陈美玲 (Nur Aisyah binti Abdul Rahman)', 'Jalan Bukit Bintang – Lot “B”', 'Taman Melawati’s Court']) expect(stored.document_text).toContain(words);
    expect(lhdnSignatureSteps(stored.document_text)).toEqual(allSteps);
    expect(verifyDocumentSignature(stored.document_text)).toEqual({ ok: true });
    expect(stored).toMatchObject({ status: 'VALID' });
    const found = (await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data.document;
    expect(found).toMatchObject({ type: 'invoice', status: 'VALID' });
  });
});

describe('a paid web order’s e-invoice', () => {
  test('names the online payment as LHDN’s PrepaidPayment: the provider’s reference, the amount paid, its UTC date and time', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    await requestEinvoice(api, k.customer, orderNo, individual());
    const [payment] = await rows<{ provider_ref: string; amount_sen: number; paid_at: string | Date }>(
      api,
      sql`select p.provider_ref, p.amount_sen, p.paid_at from payments p join orders o on o.id = p.order_id where o.order_no = ${orderNo} and p.paid_at is not null`,
    );
    const invoice = JSON.parse((await storedOf(orderNo)).document_text).Invoice[0];
    const paidAt = new Date(payment!.paid_at).toISOString();
    expect(invoice.PrepaidPayment).toEqual([
      {
        ID: [{ _: payment!.provider_ref }],
        PaidAmount: [{ _: payment!.amount_sen / 100, currencyID: 'MYR' }],
        PaidDate: [{ _: paidAt.slice(0, 10) }],
        PaidTime: [{ _: `${paidAt.slice(11, 19)}Z` }],
      },
    ]);
    expect(JSON.stringify(invoice.PaymentTerms)).not.toContain(payment!.provider_ref);
    await settleJobs(api);
    expect((await storedOf(orderNo)).status).toBe('VALID');
  });
});
