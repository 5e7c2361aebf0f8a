import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { inProcessFetch } from '../../dev/doubles/myinvois/index.ts';
import { startApi, type TestApi } from './harness.ts';
import { staffKeys, type Keys } from './console-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, mailOrder, rows } from './order-fixtures.ts';
import { FIND_EINVOICE, individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';

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
const stored = async (orderNo: string) =>
  (await rows<{ status: string; attempts: number; buyer: unknown; errors: { code: string; message: string; target: string | null }[]; type: string }>(
    api,
    sql`select d.status, d.attempts, d.buyer, d.errors, d.type from einvoice_documents d join einvoice_receipts r on r.document_id = d.id where r.order_no = ${orderNo}`,
  ))[0];

/** Logs the shop's own client in at the double `times` times, as other processes of the shop would. */
async function loginsElsewhere(times: number) {
  const fetch = inProcessFetch(api.einvoice.double!);
  for (let i = 0; i < times; i++) {
    await fetch('http://myinvois.local/connect/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=servauto-local&client_secret=local-double-secret&scope=InvoicingAPI',
    });
  }
}

describe('einvoice.submit', () => {
  test('a sale above RM 10,000 gets its own e-invoice at payment, to General Public; the buyer may not ask for another', async () => {
    // No single cart of the demo catalogue comes to RM 10,000: the wipers cost RM 10,500 for this test.
    const wipers = api.indexes.catalog.byId.get('wiper-bosch-aerotwin') as unknown as { partsSen: number };
    const price = wipers.partsSen;
    wipers.partsSen = 1_050_000;
    const orderNo = await paidOrder(api, k.customer, mailOrder()).finally(() => {
      wipers.partsSen = price;
    });
    expect(await stored(orderNo)).toMatchObject({ type: 'invoice', status: 'PENDING', buyer: null });
    await settleJobs(api);
    expect(await documentOf(orderNo)).toMatchObject({ type: 'invoice', status: 'VALID', validationUrl: expect.stringContaining('/share/') });
    expect(await requestEinvoice(api, k.customer, orderNo, individual())).toMatchObject({ code: 807, msg: 'This order already has its e-invoice.' });
    // A sale of RM 10,000 or less waits for the month's consolidation.
    const small = await paidOrder(api, k.customer, mailOrder());
    expect(await stored(small)).toBeUndefined();
  });

  test('the token expires between two submissions: the client logs in again and both are valid', async () => {
    const first = await paidOrder(api, k.customer, installOrder());
    await requestEinvoice(api, k.customer, first, individual());
    await settleJobs(api);
    api.advance(2 * 3600);
    const second = await paidOrder(api, k.customer, mailOrder());
    await requestEinvoice(api, k.customer, second, individual());
    await settleJobs(api);
    expect((await documentOf(first)).status).toBe('VALID');
    expect((await documentOf(second)).status).toBe('VALID');
  });

  test('logins over 12 a minute (429): the job waits MyInvois’ Retry-After, then submits; its tries are counted', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    await loginsElsewhere(12);
    await requestEinvoice(api, k.customer, orderNo, individual());
    await api.runJobs();
    expect(await stored(orderNo)).toMatchObject({ status: 'PENDING', attempts: 1 });
    await api.runJobs();
    expect((await stored(orderNo))!.status).toBe('PENDING');
    api.advance(61);
    await settleJobs(api);
    const doc = await stored(orderNo);
    expect(doc).toMatchObject({ status: 'VALID' });
    expect(doc!.attempts).toBeGreaterThanOrEqual(3);
  });

  test('a document LHDN refuses (the supplier’s TIN is not the caller’s): INVALID, with LHDN’s reason in words', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    api.einvoice.double!.settings.clients[0]!.tin = 'C99999999990';
    await requestEinvoice(api, k.customer, orderNo, individual());
    await settleJobs(api);
    const doc = await documentOf(orderNo);
    expect(doc.status).toBe('INVALID');
    expect(doc.errors).toContainEqual(expect.objectContaining({ message: 'The authenticated TIN and documents TIN is not matching' }));
  });

  test('MyInvois out of reach: the document stays PENDING and is sent again after the queue’s backoff', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    const app = api.einvoice.double!.app;
    const answer = app.fetch;
    app.fetch = (() => Promise.reject(new TypeError('fetch failed: ECONNRESET'))) as typeof app.fetch;
    try {
      await requestEinvoice(api, k.customer, orderNo, individual());
      await api.runJobs();
      api.advance(5);
      await api.runJobs();
      expect(await stored(orderNo)).toMatchObject({ status: 'PENDING', attempts: 1 });
    } finally {
      app.fetch = answer;
    }
    api.advance(30);
    await settleJobs(api);
    expect(await stored(orderNo)).toMatchObject({ status: 'VALID', attempts: expect.any(Number) });
  });
  /** Lets MyInvois receive the next submission but loses its answer on the way back, as a stopped process or a broken line would. */
  function loseNextSubmissionAnswer() {
    const app = api.einvoice.double!.app;
    const answer = app.fetch;
    app.fetch = (async (request: Request, ...rest: unknown[]) => {
      const response = await (answer as (...args: unknown[]) => Promise<Response>)(request, ...rest);
      if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/v1.0/documentsubmissions')) {
        app.fetch = answer;
        throw new TypeError('fetch failed: socket hang up');
      }
      return response;
    }) as typeof app.fetch;
  }

  const submissionsAtMyInvois = async () => (await rows<{ n: number }>(api, sql`select count(*)::int as n from myinvois_double_submissions`))[0]!.n;

  test('the answer to its submission lost, sent again within 10 minutes (422): the earlier submission is found and followed to VALID', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    loseNextSubmissionAnswer();
    await requestEinvoice(api, k.customer, orderNo, individual());
    await api.runJobs();
    expect(await stored(orderNo)).toMatchObject({ status: 'PENDING', attempts: 1 });
    api.advance(30);
    await settleJobs(api);
    expect(await stored(orderNo)).toMatchObject({ status: 'VALID' });
    expect(await submissionsAtMyInvois()).toBe(1);
  });

  test('the answer to its submission lost and the next try only after 10 minutes (the safety job after a stop): found at MyInvois, VALID, not sent twice', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder());
    loseNextSubmissionAnswer();
    await requestEinvoice(api, k.customer, orderNo, individual());
    await api.runJobs();
    expect(await stored(orderNo)).toMatchObject({ status: 'PENDING', attempts: 1 });
    // Past MyInvois' 10-minute duplicate window: sent again, it would be a duplicate document (Invalid).
    api.advance(11 * 60);
    await settleJobs(api);
    expect(await stored(orderNo)).toMatchObject({ status: 'VALID', errors: [] });
    expect(await submissionsAtMyInvois()).toBe(1);
  });
});
