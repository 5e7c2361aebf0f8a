import path from 'node:path';
import { sql } from 'drizzle-orm';
import { einvoiceConsolidationHandler } from '../../server/jobs/einvoice-consolidation.ts';
import type { Job } from '../../server/jobs/queue.ts';
import { einvoiceSeller } from '../../server/flows/einvoice-setup.ts';
import type { SellerDetails } from '../../server/modules/seller/details.ts';
import { readSellerDetails } from '../../server/modules/seller/details.ts';
import { C, type Keys } from './console-fixtures.ts';
import { paidOrder, REFUND } from './my-orders-fixtures.ts';
import { mailOrder, rows } from './order-fixtures.ts';
import type { TestApi } from './harness.ts';
export const REQUEST = '/api/app/einvoice/request';
export const FIND_EINVOICE = '/api/app/einvoice/find';

/** A person who asks with their MyKad and no TIN of their own. */
export function individual(overrides: Record<string, unknown> = {}) {
  return {
    type: 'individual',
    name: 'Nur Aisyah binti Ahmad',
    idType: 'NRIC',
    idValue: '900101-14-5678',
    email: 'aisyah@example.com',
    phone: '+60123456789',
    address: { line1: '12 Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
    ...overrides,
  };
}

/** A company that claims the service as a business expense. */
export function business(overrides: Record<string, unknown> = {}) {
  return {
    type: 'business',
    name: 'Kedai Kereta Maju Sdn. Bhd.',
    tin: 'C20880050010',
    idType: 'BRN',
    idValue: '202001234567',
    sstNo: 'NA',
    email: 'accounts@maju.example',
    phone: '+60378801234',
    address: { line1: '8 Jalan Segambut', postcode: '51200', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' },
    ...overrides,
  };
}

export const requestEinvoice = (api: TestApi, userKey: string, orderNo: string, buyer: Record<string, unknown>, language = 'en_us') =>
  api.request(REQUEST, { orderNo, buyer }, { userKey, language });

/** Runs the job worker until nothing is due, moving the clock by `stepSeconds` between rounds (the submission's polls wait). */
export async function settleJobs(api: TestApi, rounds = 6, stepSeconds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await api.runJobs();
    api.advance(stepSeconds);
  }
}

export const E = {
  page: '/api/console/einvoice/page',
  retry: '/api/console/einvoice/retry',
  consolidate: '/api/console/einvoice/consolidate',
};

/** Makes an order's amounts `totalSen` of parts only, as if its cart had cost that. */
export async function setTotal(api: TestApi, orderNo: string, totalSen: number) {
  await api.db.execute(sql`update orders set parts_sen = ${totalSen}, labour_sen = 0, service_tax_sen = 0, goods_sen = ${totalSen}, delivery_fee_sen = 0, discount_sen = 0, total_sen = ${totalSen} where order_no = ${orderNo}`);
}

/** A buyer's own e-invoice for the order, as the buyer's request would claim it. */
export async function ownDocument(api: TestApi, orderNo: string, status = 'PENDING', attempts = 0): Promise<string> {
  const [order] = await rows<{ id: string; total_sen: number }>(api, sql`select id, total_sen from orders where order_no = ${orderNo}`);
  const now = api.now();
  const [doc] = await rows<{ id: string }>(
    api,
    sql`insert into einvoice_documents (claim_key, type, document_no, month, order_id, status, total_sen, document_text, document_hash, attempts, created_at, updated_at)
        values (${`invoice:${order!.id}`}, 'invoice', ${`EI-${orderNo}`}, ${'2025-06'}, ${order!.id}, ${status}, ${order!.total_sen}, null, null, ${attempts}, ${now.toISOString()}, ${now.toISOString()}) returning id`,
  );
  await api.db.execute(sql`insert into einvoice_receipts (order_id, order_no, document_id) values (${order!.id}, ${orderNo}, ${doc!.id})`);
  return doc!.id;
}

/**
 * June 2025's orders (the test clock starts on 2 June): two ordinary ones, one of RM 10,000.00
 * exactly, one above it, one with its own e-invoice and one refunded in full.
 */
export async function juneOrders(api: TestApi, k: Keys) {
  const plain = [await paidOrder(api, k.customer, mailOrder()), await paidOrder(api, k.customer, mailOrder())];
  const exactly = await paidOrder(api, k.customer, mailOrder());
  await setTotal(api, exactly, 1_000_000);
  const above = await paidOrder(api, k.customer, mailOrder());
  await setTotal(api, above, 1_000_001);
  const own = await paidOrder(api, k.customer, mailOrder());
  await ownDocument(api, own);
  const refunded = await paidOrder(api, k.customer, mailOrder());
  const asked = await api.request(REFUND, { orderNo: refunded, reason: 'Ordered twice', contact: '0123456789' }, { userKey: k.customer });
  if (asked.code !== 200) throw new Error(`refund: ${asked.code} ${asked.msg}`);
  const approved = await api.request(C.review, { orderNo: refunded, decision: 'approve' }, { userKey: k.admin });
  if (approved.code !== 200) throw new Error(`review: ${approved.code} ${approved.msg}`);
  await api.payments.idle();
  return { plain, exactly, above, own, refunded };
}

const seller = async () => einvoiceSeller((await readSellerDetails(path.resolve('content'))) as SellerDetails);

/** One run of the hourly consolidation job at the clock's time, in its own transaction, as a worker runs it. */
export async function runConsolidationJob(api: TestApi, batchSize?: number) {
  const now = api.now();
  const handler = einvoiceConsolidationHandler(async () => ({ seller: await seller(), batchSize }), () => {});
  const job = { id: 0, kind: 'einvoice.consolidate', key: null, runAt: now, payload: {}, attempts: 0, lastError: null, doneAt: null, createdAt: now } as Job;
  await api.db.transaction(async (tx) => {
    await handler(tx, job, now);
  });
}

/** The consolidated documents and how many e-invoices each order is in. */
export async function consolidated(api: TestApi) {
  return rows<{ id: string; document_no: string; claim_key: string; month: string; total_sen: number; status: string; document_text: string }>(
    api,
    sql`select id, document_no, claim_key, month, total_sen, status, document_text from einvoice_documents where type = 'consolidated' order by document_no`,
  );
}

export async function submissions(api: TestApi) {
  return rows<{ kind: string; payload: { documentId: string } }>(api, sql`select kind, payload from jobs where kind = 'einvoice.submit' order by id`);
}
