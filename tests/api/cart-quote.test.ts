import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, BASIC_SERVICE, contact, FIND, MATS, MYVI, newKey, QUOTE, selangorAddress, SLOTS, SS2, WIPERS } from './order-fixtures.ts';

/**
 * cart/quote answers the whole bill, itemised, by the same pricing as order/app/add: for every
 * method and every kind of coupon the figures add up, and the order placed with the same input
 * charges exactly the quote's total.
 */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

beforeEach(async () => {
  await api.reset();
  // Thursday 1 October 2026, 10:00 in Kuala Lumpur: MERDEKA69 has expired, the other demo coupons are valid.
  api.advance((Date.parse('2026-10-01T10:00:00+08:00') - api.now().getTime()) / 1000);
  ({ userKey } = await api.login('0123456789'));
});

type Body = Record<string, unknown>;
interface QuoteLine {
  productId: string;
  quantity: number;
  unitSen: number;
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  totalSen: number;
}
interface Quote {
  lines: QuoteLine[];
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  subtotalSen: number;
  deliveryFeeSen: number | null;
  visitFeeSen: number;
  visitFeeTaxSen: number;
  discountSen: number;
  totalSen: number;
  coupon: { code: string; usable: boolean; reason?: string } | null;
}

const quote = (body: Body, language?: string) => api.request<Quote>(QUOTE, body, { userKey, language });
const place = (body: Body) => api.request(ADD, { idempotencyKey: newKey(), ...body }, { userKey });

/** The first time SS2 can take the cart. */
async function firstFreeTime(items: unknown[]) {
  const { data } = await api.request(SLOTS, { storeId: SS2, items }, { userKey });
  const day = data.dates.find((d: { available: boolean }) => d.available);
  return { date: day.date, time: day.times.find((t: { available: boolean }) => t.available).time };
}

const sabahAddress = { recipient: 'Nur Aisyah', phone: '0123456789', line1: '8, Jalan Gaya', postcode: '88000', city: 'Kota Kinabalu', state: 'Sabah' };

/** The order as checkout sends it, for each method; `items` chosen by the coupon case. */
const methods: Record<string, (items: unknown[]) => Promise<Body>> = {
  install: async (items) => ({ items, variantId: MYVI, carPlate: 'WXY 1234', method: 'install', storeId: SS2, appointment: await firstFreeTime(items), contact }),
  pickup: async (items) => ({ items, variantId: MYVI, carPlate: 'WXY 1234', method: 'pickup', storeId: SS2, contact }),
  'mail to West Malaysia': async (items) => ({ items, variantId: MYVI, carPlate: 'WXY 1234', method: 'mail', address: selangorAddress, contact }),
  'mail to East Malaysia': async (items) => ({ items, variantId: MYVI, carPlate: 'WXY 1234', method: 'mail', address: sabahAddress, contact }),
};

/**
 * The carts: one over SAVE20's RM 200.00 minimum and one under it. Installed: wipers and a basic
 * service (labour and its tax), RM 248.00, or the service alone, RM 159.00. Otherwise wipers
 * and mats, which go by every method, RM 208.00 of parts, or the wipers alone, RM 89.00.
 */
const carts = {
  install: { big: [WIPERS, BASIC_SERVICE], small: [BASIC_SERVICE] },
  other: { big: [WIPERS, MATS], small: [WIPERS] },
};

const coupons: { name: string; couponCode?: string; cart: 'big' | 'small'; usable: boolean | null; reason?: string | RegExp }[] = [
  { name: 'no coupon', cart: 'big', usable: null },
  { name: 'a usable percentage', couponCode: 'servauto10', cart: 'big', usable: true },
  { name: 'a usable amount', couponCode: 'SAVE20', cart: 'big', usable: true },
  { name: 'below the minimum spend', couponCode: 'SAVE20', cart: 'small', usable: false, reason: /^Spend RM \d+\.00 more to use this coupon \(minimum RM 200\.00\)\.$/ },
  { name: 'an expired coupon', couponCode: 'MERDEKA69', cart: 'big', usable: false, reason: 'This coupon expired on Wed, 16 Sep 2026.' },
  { name: 'an unknown code', couponCode: 'NOSUCHCODE', cart: 'big', usable: false, reason: 'We do not know this coupon code.' },
];

/** The order as placed carries the quote's figures, line by line. */
async function expectPlacedAsQuoted(orderNo: string, q: Quote) {
  const { data } = await api.request(FIND, { orderNo }, { userKey });
  const figures = (l: QuoteLine) => [l.productId, l.quantity, l.unitSen, l.partsSen, l.labourSen, l.serviceTaxSen, l.totalSen];
  expect(data.lines.map(figures)).toEqual(q.lines.map(figures));
  expect(data.totals).toEqual({
    partsSen: q.partsSen,
    labourSen: q.labourSen,
    serviceTaxSen: q.serviceTaxSen,
    goodsSen: q.subtotalSen,
    deliveryFeeSen: q.deliveryFeeSen,
    visitFeeSen: q.visitFeeSen,
    visitFeeTaxSen: q.visitFeeTaxSen,
    discountSen: q.discountSen,
    totalSen: q.totalSen,
  });
}

/** Each line is its parts, labour and tax; the bill is its lines, less the discount, plus delivery. */
function expectAddsUp(q: Quote) {
  for (const line of q.lines) expect(line.partsSen + line.labourSen + line.serviceTaxSen).toBe(line.totalSen);
  const sum = (pick: (l: QuoteLine) => number) => q.lines.reduce((n, l) => n + pick(l), 0);
  expect([sum((l) => l.partsSen), sum((l) => l.labourSen), sum((l) => l.serviceTaxSen)]).toEqual([q.partsSen, q.labourSen, q.serviceTaxSen]);
  expect(q.partsSen + q.labourSen + q.serviceTaxSen).toBe(q.subtotalSen);
  expect(sum((l) => l.totalSen)).toBe(q.subtotalSen);
  expect(q.totalSen).toBe(q.subtotalSen - q.discountSen + (q.deliveryFeeSen ?? 0));
}

describe('the quote is the bill the order is placed at', () => {
  for (const [method, order] of Object.entries(methods)) {
    for (const c of coupons) {
      test(`${method}, ${c.name}`, async () => {
        const items = carts[method === 'install' ? 'install' : 'other'][c.cart];
        const body: Body = { ...(await order(items)), ...(c.couponCode ? { couponCode: c.couponCode } : {}) };
        const { code, data } = await quote(body);
        expect(code).toBe(200);
        expectAddsUp(data);
        expect(data.lines.map((l) => [l.productId, l.quantity])).toEqual(items.map((i) => [i.productId, 1]));
        // Labour and its tax only when the workshop fits the goods.
        if (body.method === 'install') expect([data.labourSen, data.serviceTaxSen]).toEqual([2500, 200]);
        else expect([data.labourSen, data.serviceTaxSen]).toEqual([0, 0]);
        if (body.method === 'mail') expect(data.deliveryFeeSen).toBeGreaterThanOrEqual(0);
        else expect(data.deliveryFeeSen).toBe(0);

        if (c.usable === null) expect(data.coupon).toBeNull();
        else if (c.usable) {
          expect(data.coupon).toMatchObject({ usable: true });
          expect(data.coupon).not.toHaveProperty('reason');
          expect(data.discountSen).toBeGreaterThan(0);
        } else {
          expect(data.coupon).toMatchObject({ usable: false });
          if (typeof c.reason === 'string') expect(data.coupon!.reason).toBe(c.reason);
          else expect(data.coupon!.reason).toMatch(c.reason!);
          expect(data.discountSen).toBe(0);
        }

        if (c.usable === false) {
          // Placing it with that coupon is refused for the reason the quote gave; without it, at the quote's total.
          const refused = await place(body);
          expect(refused).toMatchObject({ code: 807, msg: data.coupon!.reason, data: { field: 'couponCode' } });
          const { couponCode: _, ...plain } = body;
          const placed = await place(plain);
          expect(placed.code).toBe(200);
          expect(placed.data.totalSen).toBe(data.totalSen);
          await expectPlacedAsQuoted(placed.data.orderNo, data);
        } else {
          const placed = await place(body);
          expect(placed.code).toBe(200);
          expect(placed.data.totalSen).toBe(data.totalSen);
          await expectPlacedAsQuoted(placed.data.orderNo, data);
        }
      });
    }
  }
});

describe('what the quote itemises', () => {
  test('an installed service: labour and its 8 % tax on the line, a percentage off the goods', async () => {
    const { data } = await quote({ items: [WIPERS, BASIC_SERVICE], variantId: MYVI, method: 'install', couponCode: 'SERVAUTO10' });
    expect(data.lines).toMatchObject([
      { productId: 'wiper-bosch-aerotwin', name: 'Bosch AeroTwin wiper blades', partsSen: 8900, labourSen: 0, serviceTaxSen: 0, totalSen: 8900 },
      { productId: 'service-basic', name: 'Basic service', partsSen: 13200, labourSen: 2500, serviceTaxSen: 200, totalSen: 15900 },
    ]);
    expect(data).toMatchObject({ partsSen: 22100, labourSen: 2500, serviceTaxSen: 200, subtotalSen: 24800, deliveryFeeSen: 0, discountSen: 2480, totalSen: 22320, coupon: { code: 'SERVAUTO10', usable: true, title: '10% off, up to RM 30' } });
  });

  test('delivery is priced from the state alone, West and East Malaysia apart', async () => {
    const mail = { items: [WIPERS], variantId: MYVI, method: 'mail' };
    expect((await quote({ ...mail, address: { state: 'Selangor' } })).data).toMatchObject({ deliveryFeeSen: 800, totalSen: 9700 });
    expect((await quote({ ...mail, address: { state: 'sabah' } })).data).toMatchObject({ deliveryFeeSen: 1800, totalSen: 10700 });
    expect((await quote({ ...mail, address: selangorAddress })).data).toMatchObject({ deliveryFeeSen: 800, totalSen: 9700 });
  });

  test('mailing before a state is chosen: delivery not known yet, the total without it', async () => {
    const { data } = await quote({ items: [WIPERS], variantId: MYVI, method: 'mail' });
    expect(data).toMatchObject({ subtotalSen: 8900, deliveryFeeSen: null, totalSen: 8900 });
  });

  test("a coupon's reason in the customer's language", async () => {
    const body = { items: [WIPERS], variantId: MYVI, method: 'pickup', couponCode: 'SAVE20' };
    expect((await quote(body, 'zh_cn')).data.coupon?.reason).toBe((await api.request(ADD, { ...body, idempotencyKey: newKey(), carPlate: 'WXY 1234', storeId: SS2, contact }, { userKey, language: 'zh_cn' })).msg);
    expect((await quote(body, 'ms_my')).data.coupon?.reason).toMatch(/^Belanja RM 111\.00 lagi/);
  });
});

describe('bad input is refused as order/app/add refuses it, naming the field', () => {
  const base = { items: [WIPERS], variantId: MYVI, method: 'mail' };
  const cases: [string, Body, number, string, string][] = [
    ['no lines', { ...base, items: [] }, 400, 'items', 'Your cart is empty.'],
    ['an unknown product', { ...base, items: [{ productId: 'no-such-product', quantity: 1 }] }, 404, 'items.0.productId', ''],
    ['an unknown method', { ...base, method: 'teleport' }, 400, 'method', ''],
    ['a line the method cannot take', { ...base, items: [BASIC_SERVICE] }, 807, 'method', 'Basic service cannot be sent by post.'],
    ['an unknown state', { ...base, address: { state: 'Atlantis' } }, 400, 'address.state', ''],
    ['a postcode of another state', { ...base, address: { state: 'Selangor', postcode: '88000' } }, 400, 'address.postcode', '88000 is in Sabah, not Selangor.'],
    ['a bad plate', { ...base, carPlate: 'HELLO' }, 400, 'carPlate', 'Please enter a Malaysian car plate number, e.g. WXY 1234.'],
    ['a workshop when mailing', { ...base, storeId: SS2 }, 400, 'storeId', ''],
    ['an idempotency key', { ...base, idempotencyKey: newKey() }, 400, 'idempotencyKey', ''],
  ];
  for (const [name, body, code, field, msg] of cases) {
    test(name, async () => {
      const answer = await quote(body);
      expect(answer.code).toBe(code);
      expect(answer.data).toMatchObject({ field });
      if (msg) expect(answer.msg).toBe(msg);
      // order/app/add refuses the same input, with the rest of the address filled in, the same way.
      if (field !== 'idempotencyKey') {
        const address = { ...selangorAddress, ...(body.address as Body | undefined) };
        const placed = await place({ carPlate: 'WXY 1234', contact, ...body, address });
        expect([placed.code, placed.data.field]).toEqual([code, field]);
      }
    });
  }

  test('in Malay, as order/app/add words it', async () => {
    const body = { ...base, carPlate: 'HELLO' };
    const placed = await api.request(ADD, { ...body, idempotencyKey: newKey(), address: selangorAddress, contact }, { userKey, language: 'ms_my' });
    expect((await quote(body, 'ms_my')).msg).toBe(placed.msg);
  });

  test('a customer who is not logged in is asked to', async () => {
    const answer = await api.request(QUOTE, base);
    expect([708, 800]).toContain(answer.code);
  });
});
