import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { ringgit } from '../../contract/rules/money.ts';
import { refreshIndexes } from '../../server/indexes.ts';
import { type CurlecDouble, type CurlecWebhook, type DoubleMethod } from './curlec-double.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import type { TestApi } from './harness.ts';
import { linkOf, startCurlecShop, type CurlecShop } from './curlec-shop.ts';
import { REFUND } from './my-orders-fixtures.ts';
import { ADD, FIND, installOrder, PAY, PAY_STATUS, pickupOrder, rows } from './order-fixtures.ts';

/**
 * Atome (pay later in 3 payments) through Curlec, against the Curlec double
 * (docs/contracts/running-the-business.md §4): offered from the content's minimum up, refused
 * below it before anything is made, paid by Curlec's webhook as method paylater / provider
 * atome, declined and paid otherwise on the same link, refunded in part and in full, and
 * reconciled, a payment whose webhook was lost included.
 */

const METHODS = '/api/app/order/vehicle/order/app/pay/methods';
const INVOICE = '/api/app/order/vehicle/order/app/invoice';
const ATOME: DoubleMethod = { method: 'paylater', provider: 'atome' };

let double: CurlecDouble;
let api: TestApi;
let k: Keys;
/** A test changed the content's minimum: the next one starts from the shipped content again. */
let minimumChanged = false;

let shop: CurlecShop;

beforeAll(async () => {
  shop = await startCurlecShop();
  ({ double, api } = shop);
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await double.reset();
  await api.reset();
  if (minimumChanged) {
    // The reset put the content's row back; the process reads it again, as after a republish.
    await refreshIndexes(api.db, api.indexes);
    minimumChanged = false;
  }
  k = await staffKeys(api);
});

/** The content's minimum changed and republished: the row the start loads, read again by the process. */
async function minimumIs(sen: number) {
  minimumChanged = true;
  await api.db.execute(sql`update order_rules set rules = ${JSON.stringify({ atomeMinSen: sen })}::jsonb where key = 'payments'`);
  await refreshIndexes(api.db, api.indexes);
}

const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: k.customer })).data;
const linkRequests = async () => (await double.requests.all()).filter((r) => r.method === 'POST' && r.path === '/v1/payment_links');

async function place(body: Record<string, unknown> = pickupOrder()): Promise<{ orderNo: string; totalSen: number }> {
  const placed = await api.request(ADD, body, { userKey: k.customer });
  expect(placed.code, placed.msg).toBe(200);
  const orderNo = placed.data.orderNo as string;
  return { orderNo, totalSen: (await find(orderNo)).totals.totalSen };
}

/** Pay with Atome at the shop: the link Curlec made. */
async function payAtome(orderNo: string): Promise<string> {
  const asked = await api.request(PAY, { orderNo, payMethod: 'atome' }, { userKey: k.customer });
  expect(asked.code, asked.msg).toBe(200);
  return linkOf(asked.data.redirectUrl);
}

/** Curlec's webhooks of an attempt reach the shop. */
async function delivered(attempt: Promise<{ webhooks: CurlecWebhook[] }>) {
  for (const hook of (await attempt).webhooks) expect((await shop.deliver(hook)).status).toBe(200);
}

async function paidByAtome(body: Record<string, unknown> = installOrder()) {
  const placed = await place(body);
  const linkId = await payAtome(placed.orderNo);
  await delivered(double.pay(linkId, ATOME));
  expect((await find(placed.orderNo)).status).toBe('UPCOMING');
  return { ...placed, linkId };
}

describe('the methods offered with Curlec', () => {
  test('list Atome and its minimum from the content; a changed content, a new minimum', async () => {
    const answer = await api.request(METHODS, {});
    expect(answer.code).toBe(200);
    expect(answer.data.methods).toContain('atome');
    expect(answer.data.atomeMinSen).toBe(1000);
    await minimumIs(2500);
    expect((await api.request(METHODS, {})).data.atomeMinSen).toBe(2500);
  });
});

describe('paying with Atome', () => {
  test.each([
    ['en_us', 'Atome takes amounts of'],
    ['ms_my', 'Atome hanya menerima jumlah'],
    ['zh_cn', 'Atome 只接受'],
  ])('below the minimum (%s): refused with 807 naming it in ringgit; no payment, nothing asked of Curlec', async (language, words) => {
    const { orderNo, totalSen } = await place();
    await minimumIs(totalSen + 1);
    const asked = await api.request(PAY, { orderNo, payMethod: 'atome' }, { userKey: k.customer, language });
    expect(asked.code).toBe(Code.WARNING);
    expect(asked.msg).toContain(words);
    expect(asked.msg).toContain(ringgit(totalSen + 1));
    expect(await rows(api, sql`select id from payments where order_no = ${orderNo}`)).toEqual([]);
    expect(await linkRequests()).toEqual([]);
    expect(await double.links.all()).toEqual([]);
    expect((await find(orderNo)).status).toBe('PENDING_PAYMENT');
    // Another method is still taken.
    expect((await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey: k.customer })).code).toBe(200);
  });

  test('at the minimum: a link of the whole amount, opening on Atome (paylater, provider atome)', async () => {
    const { orderNo, totalSen } = await place();
    await minimumIs(totalSen);
    const linkId = await payAtome(orderNo);
    const [created] = await linkRequests();
    expect(created!.body).toMatchObject({ amount: totalSen, currency: 'MYR', notes: { orderNo, payMethod: 'atome' }, options: { checkout: { prefill: { method: 'paylater', provider: 'atome' } } } });
    const page = await (await fetch((await double.links.get(linkId))!.short_url)).text();
    expect(page).toMatch(/value="atome" checked> Atome \(pay later\)/);
    for (const press of ['>Approve<', '>Decline<', '>Abandon<']) expect(page).toContain(press);
  });

  test('approved: Curlec’s webhook pays the order; the order answer says atome, the invoice names Atome', async () => {
    const { orderNo } = await place(installOrder());
    const linkId = await payAtome(orderNo);
    const { webhooks } = await double.pay(linkId, ATOME);
    const paid = JSON.parse(webhooks.find((h) => h.rawBody.includes('"payment_link.paid"'))!.rawBody);
    expect(paid.payload.payment.entity).toMatchObject({ method: 'paylater', provider: 'atome', status: 'captured' });
    for (const hook of webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    const order = await find(orderNo);
    expect(order.status).toBe('UPCOMING');
    expect(order.payments).toEqual([expect.objectContaining({ method: 'atome', state: 'succeeded', bank: null })]);
    const status = await api.request(PAY_STATUS, { orderNo }, { userKey: k.customer });
    expect(status.data).toMatchObject({ status: 'UPCOMING', paid: true, payment: { status: 'PAID', method: 'atome' } });
    const invoice = await api.request(INVOICE, { orderNo }, { userKey: k.customer });
    expect(invoice.code, invoice.msg).toBe(200);
    expect(invoice.data.payment.method).toBe('Atome, pay later in 3 payments');
    expect((await api.request(INVOICE, { orderNo }, { userKey: k.customer, language: 'ms_my' })).data.payment.method).toBe('Atome, beli sekarang bayar kemudian (3 bayaran)');
  });

  test('card chosen at the shop, Atome chosen on Curlec’s page: the one used counts, on the webhook and when the shop asks', async () => {
    for (const told of ['webhook', 'asked'] as const) {
      const { orderNo } = await place();
      const asked = await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey: k.customer });
      expect(asked.code, asked.msg).toBe(200);
      const attempt = double.pay(linkOf(asked.data.redirectUrl), ATOME);
      if (told === 'webhook') await delivered(attempt);
      else await attempt;
      const status = await api.request(PAY_STATUS, { orderNo }, { userKey: k.customer });
      expect(status.data, told).toMatchObject({ status: 'UPCOMING', paid: true, payment: { status: 'PAID', method: 'atome' } });
      expect((await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data.payment.method, told).toBe('Atome, pay later in 3 payments');
    }
  });

  test('declined: the order still waits; then paid by card on the same link, and named card', async () => {
    const { orderNo } = await place();
    const linkId = await payAtome(orderNo);
    await delivered(double.fail(linkId, ATOME));
    expect((await find(orderNo)).status).toBe('PENDING_PAYMENT');
    expect((await api.request(PAY_STATUS, { orderNo }, { userKey: k.customer })).data).toMatchObject({ status: 'PENDING_PAYMENT', paid: false });
    await delivered(double.pay(linkId, { method: 'card', cardType: 'credit' }));
    const order = await find(orderNo);
    expect(order.status).toBe('UPCOMING');
    expect(order.payments).toEqual([expect.objectContaining({ method: 'card', cardType: 'credit', state: 'succeeded' })]);
  });

  test('abandoned on Curlec’s page: back at the shop with no payment parameters, the order still waiting', async () => {
    const { orderNo } = await place();
    const link = (await double.links.get(await payAtome(orderNo)))!;
    const left = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'atome', outcome: 'abandon' }), redirect: 'manual' });
    expect(left.status).toBe(303);
    expect(left.headers.get('location')).toBe(link.callback_url);
    const status = await api.request(PAY_STATUS, { orderNo }, { userKey: k.customer });
    expect(status.code, status.msg).toBe(200);
    expect(status.data).toMatchObject({ status: 'PENDING_PAYMENT', paid: false, payment: { status: 'PENDING', method: 'atome' } });
    expect((await double.links.get(link.id))!.status).toBe('created');
  });
});

describe('refunds of an Atome payment', () => {
  /** The refund asked and approved, and the one Curlec was asked for it (its list is not in the order asked within a second). */
  async function refunded(orderNo: string, amountSen: number) {
    const before = new Set((await double.refunds.all()).map((r) => r.id as string));
    const asked = await api.request(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789', amountSen }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    const approved = await api.request(C.review, { orderNo, decision: 'approve', note: 'As asked', amountSen }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.runJobs();
    const made = (await double.refunds.all()).filter((r) => !before.has(r.id));
    expect(made).toHaveLength(1);
    return made[0]!;
  }

  test('a part, then the rest: both go back through Curlec against the Atome payment, and are recorded', async () => {
    const { orderNo, totalSen, linkId } = await paidByAtome();
    const paymentId = (await double.links.get(linkId))!.payments[0].payment_id as string;
    const part = await refunded(orderNo, 5_000);
    expect(part).toMatchObject({ amount: 5_000, payment_id: paymentId });
    expect((await shop.deliver(await double.settleRefund(part.id, 'processed'))).status).toBe(200);
    expect((await find(orderNo)).money).toMatchObject({ returnedSen: 5_000, toReturnSen: 0 });

    const rest = await refunded(orderNo, totalSen - 5_000);
    expect(rest).toMatchObject({ amount: totalSen - 5_000, payment_id: paymentId });
    expect((await shop.deliver(await double.settleRefund(rest.id, 'processed'))).status).toBe(200);
    const order = await find(orderNo);
    expect(order.refunds.map((r: { status: string }) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(order.money).toMatchObject({ returnedSen: totalSen, toReturnSen: 0 });
    const returns = await rows<{ amount_sen: number; provider_refund_ref: string; state: string }>(
      api,
      sql`select r.amount_sen, r.provider_refund_ref, r.state from payment_returns r join payments p on p.id = r.payment_id where p.order_no = ${orderNo} order by r.amount_sen`,
    );
    expect(returns).toEqual(
      [
        { amount_sen: 5_000, provider_refund_ref: part.id, state: 'succeeded' },
        { amount_sen: totalSen - 5_000, provider_refund_ref: rest.id, state: 'succeeded' },
      ].sort((a, b) => a.amount_sen - b.amount_sen),
    );
    expect((await double.payments.get(paymentId))!.amount_refunded).toBe(totalSen);
    // The reconciliation agrees: the Atome payment and both refunds are in the shop's books as in Curlec's.
    expect(await shop.unreconciled()).toEqual([]);
  });
});

describe('reconciliation with Atome payments', () => {
  test('an Atome payment whose webhooks were lost is found, then recorded when the shop asks Curlec, and the books agree', async () => {
    await paidByAtome(pickupOrder());
    const { orderNo } = await place();
    const linkId = await payAtome(orderNo);
    // Paid at Curlec; its webhooks never reach the shop.
    await double.pay(linkId, ATOME);
    const differences = await shop.unreconciled();
    expect(differences).toHaveLength(1);
    expect(differences[0]).toContain(linkId);
    // The payment time-out asks the link before it cancels: the payment is recorded as Atome's.
    api.advance(31 * 60);
    await api.runJobs();
    const order = await find(orderNo);
    expect(order.status).toBe('UPCOMING');
    expect(order.payments).toEqual([expect.objectContaining({ method: 'atome', state: 'succeeded' })]);
    expect(await shop.unreconciled()).toEqual([]);
  });
});
