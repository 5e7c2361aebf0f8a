import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { TestApi } from './harness.ts';

/** Paths of the order calls (docs/contracts/orders.md §2). */
export const SLOTS = '/api/app/order/vehicle/store/slots';
export const COUPONS = '/api/app/order/vehicle/coupon/client-get';
export const QUOTE = '/api/app/order/vehicle/cart/quote';
export const ADD = '/api/app/order/vehicle/order/app/add';
export const FIND = '/api/app/order/vehicle/order/app/find';
export const PAY = '/api/app/order/vehicle/order/app/pay';
export const PAY_STATUS = '/api/app/order/vehicle/order/update/pay/status';
export const SANDBOX_CALLBACK = '/api/pay/callback/sandbox';

/** A 2022 Perodua Myvi 1.5 AV: 24″ + 14″ wipers, 0W-20 oil, size class S. */
export const MYVI = 'perodua-myvi-1.5-av-2022';
/** Petaling Jaya, 6 bays, 08:30–18:30: services, tyres, wipers, brakes, mats. */
export const SS2 = 'petaling-jaya-ss2-tyre-auto';
/** Subang Jaya, 3 bays, 08:30–19:00: tyres, brakes, wipers. */
export const SS15 = 'subang-jaya-ss15-tyre-battery';

/** RM 89.00, no fitting charge, 15 minutes. */
export const WIPERS = { productId: 'wiper-bosch-aerotwin', quantity: 1 };
/** RM 159.00 on a small car (RM 132 parts, RM 25 labour, RM 2 service tax), 60 minutes. */
export const BASIC_SERVICE = { productId: 'service-basic', quantity: 1 };
/** RM 119.00 mats, no fitting charge. */
export const MATS = { productId: 'mat-goodyear-rubber', quantity: 1 };

export const newKey = () => `checkout-${randomUUID()}`;

export const contact = { name: 'Nur Aisyah', phone: '0123456789' };
export const selangorAddress = {
  recipient: 'Nur Aisyah',
  phone: '0123456789',
  line1: '12, Jalan SS 2/24',
  postcode: '47300',
  city: 'Petaling Jaya',
  state: 'Selangor',
};

/** Wednesday 4 June 2025, the first date offered on the harness's Monday; 10:00 Kuala Lumpur. */
export const FIRST_DAY = { date: '2025-06-04', time: '10:00' };

export function installOrder(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: newKey(),
    items: [WIPERS, BASIC_SERVICE],
    variantId: MYVI,
    carPlate: 'wxy 1234',
    method: 'install',
    storeId: SS2,
    appointment: FIRST_DAY,
    contact,
    ...overrides,
  };
}

export function mailOrder(overrides: Record<string, unknown> = {}) {
  return { idempotencyKey: newKey(), items: [WIPERS], variantId: MYVI, carPlate: 'WXY 1234', method: 'mail', address: selangorAddress, contact, ...overrides };
}

export function pickupOrder(overrides: Record<string, unknown> = {}) {
  return { idempotencyKey: newKey(), items: [WIPERS], variantId: MYVI, carPlate: 'WXY 1234', method: 'pickup', storeId: SS2, contact, ...overrides };
}

/** Rows of a query, however the driver wraps them. */
export async function rows<T>(api: TestApi, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await api.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function count(api: TestApi, query: ReturnType<typeof sql>): Promise<number> {
  return (await rows<{ n: number }>(api, query))[0]!.n;
}

/** Units held and booked at a workshop on a date, as the database holds them. */
export function unitsAt(api: TestApi, storeId: string, date: string) {
  return rows<{ unit: number; bay: number; state: string; order_no: string }>(
    api,
    sql`select u.unit, u.bay, u.state, o.order_no from booked_units u join orders o on o.id = u.holder_id
        where u.workshop_id = ${storeId} and u.date = ${date} order by u.bay, u.unit`,
  );
}

/**
 * Presses Pay (or Fail) on the sandbox's hosted page, as the customer would: the page sends
 * its signed callback to the shop and sends the browser back to the shop (303).
 */
export async function pressInSandbox(api: TestApi, redirectUrl: string, outcome: 'pay' | 'fail' = 'pay', method = 'fpx', bank = 'maybank2u') {
  const res = await api.fetch(redirectUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, method, bank }).toString(),
  });
  if (res.status !== 303) throw new Error(`the sandbox page answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await api.payments.idle();
  return res.headers.get('location');
}

/**
 * Runs `work` while the bank has not confirmed payments yet (a delayed FPX confirmation): the
 * sandbox answers "pending" when asked about any checkout, so a payment it took is reported
 * only by its callback, later.
 */
export async function beforeTheBankConfirms<T>(api: TestApi, work: () => Promise<T>): Promise<T> {
  const asked = vi.spyOn(api.payments, 'paymentStatus').mockImplementation(async () => ({ state: 'pending', amountSen: 0, currency: 'MYR', eventId: null }));
  try {
    return await work();
  } finally {
    asked.mockRestore();
  }
}

/** Places an order and opens its payment: the order number and the sandbox page. */
export async function placeAndStartPaying(api: TestApi, userKey: string, body: Record<string, unknown>, payMethod = 'fpx') {
  const placed = await api.request(ADD, body, { userKey });
  if (placed.code !== 200) throw new Error(`order/app/add: ${placed.code} ${placed.msg}`);
  const pay = await api.request(PAY, { orderNo: placed.data.orderNo, payMethod, ...(payMethod === 'fpx' ? { bankCode: 'maybank2u' } : {}) }, { userKey });
  if (pay.code !== 200) throw new Error(`order/app/pay: ${pay.code} ${pay.msg}`);
  return { orderNo: placed.data.orderNo as string, redirectUrl: pay.data.redirectUrl as string, placed: placed.data };
}

/** The sandbox event a callback carries, signed with the sandbox's key (or not). */
export function sandboxEvent(fields: { checkout: string; paymentId: string; orderNo: string; amountSen: number; currency?: string; type?: string; id?: string }) {
  return JSON.stringify({
    id: fields.id ?? `evt_sbx_${randomUUID().replaceAll('-', '')}`,
    type: fields.type ?? 'payment.succeeded',
    created: 1748830000,
    data: { checkout: fields.checkout, paymentId: fields.paymentId, orderNo: fields.orderNo, amountSen: fields.amountSen, currency: fields.currency ?? 'MYR' },
  });
}

export function postCallback(api: TestApi, body: string, signature: string | null = api.payments.sign(body)) {
  return api.fetch(SANDBOX_CALLBACK, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Sandbox-Signature': signature }) },
    body,
  });
}

/** The latest payment attempt of an order, as the database holds it. */
export async function latestPaymentOf(api: TestApi, orderNo: string) {
  const [payment] = await rows<{ id: string; provider_ref: string; amount_sen: number; state: string; refund_due: boolean }>(
    api,
    sql`select id, provider_ref, amount_sen, state, refund_due from payments where order_no = ${orderNo} order by created_at desc limit 1`,
  );
  return payment!;
}

/**
 * One order paid in two tabs: the first tab paid with its callback delayed, a second Pay in
 * another tab paid too, then the first callback arrives and its payment cannot be used.
 */
export async function paidTwice(api: TestApi, userKey: string): Promise<string> {
  const orderNo = (await api.request(ADD, installOrder(), { userKey })).data.orderNo as string;
  const first = await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey });
  api.loseCallbacks(true);
  await pressInSandbox(api, first.data.redirectUrl, 'pay', 'card');
  api.loseCallbacks(false);
  const second = await api.request(PAY, { orderNo, payMethod: 'grabpay' }, { userKey });
  await pressInSandbox(api, second.data.redirectUrl, 'pay', 'grabpay');
  const { body, headers } = api.lostCallbacks.at(-1)!;
  expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
  return orderNo;
}
