import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { serviceTax } from '../../contract/rules/price.ts';
import { START, startApi, type TestApi } from './harness.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir, setRefund } from './my-orders-fixtures.ts';
import { ADD, FIND, installOrder, mailOrder, PAY, pickupOrder, placeAndStartPaying, postCallback, pressInSandbox, rows } from './order-fixtures.ts';

const INVOICE = '/api/app/order/vehicle/order/app/invoice';
const seller = JSON.parse(readFileSync(new URL('../../content/seller.json', import.meta.url), 'utf8')) as Record<string, string | boolean>;

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

const invoiceOf = (orderNo: string, userKey: string = k.customer, language = 'en_us') => api.request(INVOICE, { orderNo }, { userKey, language });
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('app/invoice', () => {
  test('an installation paid: its invoice number, lines, 8 % service tax on labour with the SST number, totals to the sen, payment method and date', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const answer = await invoiceOf(orderNo);
    expect(answer.code, answer.msg).toBe(200);
    const inv = answer.data;
    expect(inv).toMatchObject({
      invoiceNo: 'INV-000001',
      orderNo,
      issuedAt: START.toISOString(),
      method: 'install',
      seller: { legalName: seller.legalName, ssmNo: seller.ssmNo, sstNo: seller.sstNo, tin: seller.tin, msicCode: seller.msicCode, demo: true },
      buyer: { name: 'Nur Aisyah', address: null },
      payment: { paidAt: START.toISOString(), method: 'FPX online banking (Maybank2u)', reference: expect.stringMatching(/.+/) },
      store: { id: 'petaling-jaya-ss2-tyre-auto', name: expect.any(String), address: expect.any(String) },
      appointment: { date: '2025-06-04', time: '10:00' },
      pickupCode: null,
      car: { plate: 'WXY 1234' },
      creditNotes: [],
      einvoice: null,
      einvoiceRequest: { allowed: true, until: '2025-06-30' },
    });
    expect(inv.lines.map((l: { productId: string }) => l.productId)).toEqual(['wiper-bosch-aerotwin', 'service-basic']);
    for (const line of inv.lines) {
      expect(line.totalSen).toBe(line.partsSen + line.labourSen + line.serviceTaxSen);
      expect(line.serviceTaxSen).toBe(serviceTax(line.labourSen / line.quantity) * line.quantity);
      expect(line.totalSen).toBe(line.unitSen * line.quantity);
    }
    const labour = sum(inv.lines.map((l: { labourSen: number }) => l.labourSen));
    expect(labour).toBeGreaterThan(0);
    expect(inv.serviceTax).toEqual({ ratePercent: 8, taxableSen: labour, amountSen: sum(inv.lines.map((l: { serviceTaxSen: number }) => l.serviceTaxSen)), sstNo: seller.sstNo });
    const t = inv.totals;
    expect(t.partsSen + t.labourSen + t.serviceTaxSen + t.deliveryFeeSen - t.discountSen).toBe(t.totalSen);
    expect(t.totalSen).toBe(sum(inv.lines.map((l: { totalSen: number }) => l.totalSen)));
    expect(t).toMatchObject({ labourSen: labour, serviceTaxSen: inv.serviceTax.amountSen, paidSen: t.totalSen, creditedSen: 0 });
  });

  test('in the caller’s language: the payment method in Chinese and Malay', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect((await invoiceOf(orderNo, k.customer, 'zh_cn')).data.payment.method).toBe('FPX 网上银行（Maybank2u）');
    expect((await invoiceOf(orderNo, k.customer, 'ms_my')).data.payment.method).toBe('Perbankan dalam talian FPX (Maybank2u)');
  });

  test('a mail order names the delivery address; a pickup shows its pickup code and workshop, no appointment', async () => {
    const mailed = (await invoiceOf(await paidOrder(api, k.customer, mailOrder()))).data;
    expect(mailed.buyer.address).toMatch(/Selangor$/);
    expect(mailed.totals.deliveryFeeSen).toBeGreaterThanOrEqual(0);
    const pickupNo = await paidOrder(api, k.customer, pickupOrder());
    const found = await api.request(FIND, { orderNo: pickupNo }, { userKey: k.customer });
    const picked = (await invoiceOf(pickupNo)).data;
    expect(picked.pickupCode).toMatch(/\S/);
    expect(picked).toMatchObject({ invoiceNo: 'INV-000002', method: 'pickup', pickupCode: found.data.pickupCode, appointment: null, store: { id: 'petaling-jaya-ss2-tyre-auto' } });
  });

  test('a refund completed: a credit note naming the invoice, with its amount; a partial one shares its amount over the lines', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    const asked = await api.request(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', amountSen: 1000 }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    const approved = await api.request(C.review, { orderNo, decision: 'approve', note: 'Sorry about that' }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const inv = (await invoiceOf(orderNo)).data;
    expect(inv.creditNotes).toEqual([
      {
        creditNoteNo: 'CN-000001',
        invoiceNo: inv.invoiceNo,
        issuedAt: START.toISOString(),
        refundNo: `${orderNo}-R1`,
        reason: 'The blades do not fit',
        lines: [{ productId: 'wiper-bosch-aerotwin', name: inv.lines[0].name, quantity: 1, amountSen: 1000 }],
        serviceTaxSen: 0,
        amountSen: 1000,
        einvoice: null,
      },
    ]);
    expect(inv.totals.creditedSen).toBe(1000);
  });

  test('a refund the provider could not pay, paid outside it (console/refunds/manual): its credit note too', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect((await api.request(REFUND, { orderNo, reason: 'Wrong size', contact: '0123456789' }, { userKey: k.customer })).code).toBe(200);
    await setRefund(api, orderNo, 'FAILED');
    const paid = await api.request('/api/console/refunds/manual', { orderNo, reference: 'IBG-20250602-0042', note: 'Bank transfer' }, { userKey: k.admin });
    expect(paid.code, paid.msg).toBe(200);
    const inv = (await invoiceOf(orderNo)).data;
    expect(inv.creditNotes).toMatchObject([{ creditNoteNo: 'CN-000001', invoiceNo: 'INV-000001', refundNo: `${orderNo}-R1`, reason: 'Wrong size', amountSen: inv.totals.totalSen }]);
    expect(inv.totals.creditedSen).toBe(inv.totals.totalSen);
  });

  test('a full refund of an installation gives back all of its service tax', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    expect((await api.request(REFUND, { orderNo, reason: 'Plans changed', contact: '0123456789' }, { userKey: k.customer })).code).toBe(200);
    expect((await api.request(C.review, { orderNo, decision: 'approve' }, { userKey: k.admin })).code).toBe(200);
    await api.payments.idle();
    const inv = (await invoiceOf(orderNo)).data;
    const [note] = inv.creditNotes;
    expect(note).toMatchObject({ creditNoteNo: 'CN-000001', invoiceNo: 'INV-000001', amountSen: inv.totals.totalSen, serviceTaxSen: inv.totals.serviceTaxSen });
    expect(sum(note.lines.map((l: { amountSen: number }) => l.amountSen))).toBe(note.amountSen);
    expect(await auditRows(api, 'console/refunds/review')).toHaveLength(1);
  });

  test('numbers run 1, 2, 3 without gaps: a failed payment takes none, and an order paid twice keeps one invoice', async () => {
    const first = await paidOrder(api, k.customer, mailOrder());
    const failed = await placeAndStartPaying(api, k.customer, mailOrder());
    await pressInSandbox(api, failed.redirectUrl, 'fail');
    // Paid in two tabs, both confirmations arriving after: the second payment is to be returned, and is on no invoice.
    api.loseCallbacks(true);
    const twice = await placeAndStartPaying(api, k.customer, mailOrder());
    await pressInSandbox(api, twice.redirectUrl, 'pay');
    const again = await api.request(PAY, { orderNo: twice.orderNo, payMethod: 'card' }, { userKey: k.customer });
    expect(again.code, again.msg).toBe(200);
    await pressInSandbox(api, again.data.redirectUrl, 'pay', 'card');
    api.loseCallbacks(false);
    for (const held of api.lostCallbacks.splice(0)) expect((await postCallback(api, held.body, held.headers['X-Sandbox-Signature'])).status).toBe(200);
    expect(await rows(api, sql`select refund_due from payments where order_no = ${twice.orderNo} and state = 'succeeded' order by refund_due`)).toEqual([{ refund_due: false }, { refund_due: true }]);
    const third = await paidOrder(api, k.customer, pickupOrder());
    expect((await invoiceOf(first)).data.invoiceNo).toBe('INV-000001');
    const paidTwice = (await invoiceOf(twice.orderNo)).data;
    expect(paidTwice).toMatchObject({ invoiceNo: 'INV-000002', payment: { method: 'FPX online banking (Maybank2u)' } });
    expect(paidTwice.totals.paidSen).toBe(paidTwice.totals.totalSen);
    expect((await invoiceOf(third)).data.invoiceNo).toBe('INV-000003');
    expect(await rows(api, sql`select invoice_no from invoices order by invoice_no`)).toEqual([{ invoice_no: 'INV-000001' }, { invoice_no: 'INV-000002' }, { invoice_no: 'INV-000003' }]);
  });

  test('after the month of payment the buyer may no longer ask for an e-invoice', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    api.advance(29 * 24 * 3600);
    expect((await invoiceOf(orderNo)).data.einvoiceRequest).toEqual({ allowed: false, until: '2025-06-30' });
  });

  test('someone else’s order, an unpaid one: 807 in the caller’s language; without a login: 708', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    const other = (await api.login('0129876543', { address: '10.0.0.9' })).userKey;
    expect(await invoiceOf(orderNo, other)).toMatchObject({ code: 807, msg: 'There is no invoice for this order: it is not one of your orders, or it has not been paid yet.' });
    expect(await invoiceOf(orderNo, other, 'zh_cn')).toMatchObject({ code: 807, msg: '此订单没有发票：它不是您的订单，或尚未付款。' });
    const unpaid = await api.request(ADD, mailOrder(), { userKey: k.customer });
    expect(await invoiceOf(unpaid.data.orderNo, k.customer, 'ms_my')).toMatchObject({ code: 807, msg: 'Tiada invois untuk pesanan ini: ia bukan pesanan anda, atau ia belum dibayar.' });
    expect((await api.request(INVOICE, { orderNo })).code).toBe(708);
    expect((await invoiceOf('NO-SUCH-ORDER')).code).toBe(807);
  });
});
