import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { staffKeys, type Keys } from './console-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, mailOrder, placeAndStartPaying } from './order-fixtures.ts';
import { business, FIND_EINVOICE, individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';

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

describe('app/einvoice/request', () => {
  test('an individual: PENDING at once, then SUBMITTED and VALID with LHDN’s uuid, long id and validation link; find and the invoice show it', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const before = await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer });
    expect(before.data).toEqual({ document: null, canRequest: true, requestUntil: '2025-06-30' });

    const asked = await requestEinvoice(api, k.customer, orderNo, individual());
    expect(asked.code, asked.msg).toBe(200);
    expect(asked.data).toMatchObject({ type: 'invoice', status: 'PENDING', uuid: null, validationUrl: null, errors: [] });

    await api.runJobs();
    const submitted = (await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data;
    expect(submitted.document).toMatchObject({ status: 'SUBMITTED', uuid: expect.stringMatching(/\w{10,}/) });
    expect(submitted.canRequest).toBe(false);

    await settleJobs(api);
    const found = (await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data.document;
    expect(found).toMatchObject({ documentId: asked.data.documentId, status: 'VALID', uuid: submitted.document.uuid, longId: expect.stringMatching(/\w{20,}/), errors: [] });
    expect(found.validationUrl).toBe(`${api.einvoice.portalBase}/${found.uuid}/share/${found.longId}`);
    const invoice = (await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data;
    expect(invoice.einvoice).toEqual(found);
    expect(invoice.einvoiceRequest).toEqual({ allowed: false, until: '2025-06-30' });
    // The link opens the local double's validation page, served by the shop.
    const page = await api.fetch(found.validationUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`Status: <strong>Valid</strong>[\\s\\S]*${found.uuid}`));
  });

  test('a business with TIN, BRN and SST "NA" on a mailed order: VALID', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    const asked = await requestEinvoice(api, k.customer, orderNo, business());
    expect(asked.code, asked.msg).toBe(200);
    await settleJobs(api);
    const found = (await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data.document;
    expect(found).toMatchObject({ status: 'VALID', errors: [] });
  });

  test('refused (807): someone else’s order, an unpaid one, after the month of payment, twice', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const other = await requestEinvoice(api, k.ss2, orderNo, individual());
    expect(other).toMatchObject({ code: 807, data: { field: 'orderNo' } });

    const { orderNo: unpaid } = await placeAndStartPaying(api, k.customer, mailOrder());
    expect(await requestEinvoice(api, k.customer, unpaid, individual())).toMatchObject({ code: 807, data: { field: 'orderNo' } });

    expect((await requestEinvoice(api, k.customer, orderNo, individual())).code).toBe(200);
    const twice = await requestEinvoice(api, k.customer, orderNo, business());
    expect(twice).toMatchObject({ code: 807, msg: 'This order already has its e-invoice.' });

    const late = await paidOrder(api, k.customer, mailOrder());
    api.advance(29 * DAY_SECONDS);
    const after = await requestEinvoice(api, k.customer, late, individual(), 'ms_my');
    expect(after).toMatchObject({ code: 807, msg: 'e-Invois hanya boleh dipohon dalam bulan kalendar pembayaran; hari terakhir ialah Isn, 30 Jun 2025.' });
    const found = (await api.request(FIND_EINVOICE, { orderNo: late }, { userKey: k.customer })).data;
    expect(found).toEqual({ document: null, canRequest: false, requestUntil: '2025-06-30' });
  });

  test('buyer details LHDN would refuse: the field named, the reason in the caller’s language', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const cases: [Record<string, unknown>, string, string, string][] = [
      [individual({ idValue: '901301-14-5678' }), 'buyer.idValue', 'en_us', 'Enter the MyKad number: 12 digits, starting with the date of birth (YYMMDD).'],
      [business({ tin: 'X123' }), 'buyer.tin', 'en_us', 'This is not a tax identification number LHDN issues (e.g. IG12345678901 for a person, C20880050010 for a company).'],
      [business({ address: { ...business().address, postcode: '10000' } }), 'buyer.address.postcode', 'zh_cn', '此邮编不属于所选的州。'],
      [business({ tin: '' }), 'buyer.tin', 'en_us', 'Enter the business\'s tax identification number (TIN).'],
    ];
    for (const [buyer, field, language, msg] of cases) {
      expect(await requestEinvoice(api, k.customer, orderNo, buyer, language)).toMatchObject({ code: 807, msg, data: { field } });
    }
    const state = await requestEinvoice(api, k.customer, orderNo, individual({ address: { ...individual().address, state: 'Selangor Darul Ehsan' } }));
    expect(state).toMatchObject({ code: 400, data: { field: 'buyer.address.state' } });
    // Nothing was made by the refusals: the order may still ask.
    expect((await api.request(FIND_EINVOICE, { orderNo }, { userKey: k.customer })).data.canRequest).toBe(true);
  });

  test('two requests at once: one document; the other is told the order has its e-invoice', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const answers = await Promise.all([requestEinvoice(api, k.customer, orderNo, individual()), requestEinvoice(api, k.customer, orderNo, business())]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 807]);
    const rows = await api.db.execute(`select count(*)::int as n from einvoice_documents`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
