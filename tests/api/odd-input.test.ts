import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { CANCEL, CHANGE_TIME, DEL, PAGE, paidOrder, REFUND, REFUND_CANCEL, scratchDataDir } from './my-orders-fixtures.ts';
import { ADD, COUPONS, FIND, FIRST_DAY, installOrder, mailOrder, MYVI, PAY, PAY_STATUS, QUOTE, SLOTS, SS2, WIPERS } from './order-fixtures.ts';

/**
 * Odd values a client may send in any field of the console's and the order calls: very long
 * text, numbers where text goes, nested objects and lists, unicode. None answers 5xx; a value of
 * the wrong kind is refused with 400 naming its field.
 */

let api: TestApi;
let k: Keys;
let orderNo: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
  k = await staffKeys(api);
  orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
});
afterAll(() => api?.close());

/** Each call with a body it accepts, and who sends it. */
const calls: [path: string, who: keyof Keys, body: () => Record<string, unknown>][] = [
  [C.page, 'admin', () => ({ storeId: SS2, date: FIRST_DAY.date, status: 'UPCOMING', method: 'install', q: 'WXY', pageNum: 1, pageSize: 20 })],
  [C.find, 'admin', () => ({ orderNo, pickupCode: '123456' })],
  [C.start, 'admin', () => ({ orderNo })],
  [C.complete, 'admin', () => ({ orderNo, pickupCode: '123456' })],
  [C.ready, 'admin', () => ({ orderNo })],
  [C.ship, 'admin', () => ({ orderNo, expressCompany: 'jnt', expressNo: 'JT0001234567' })],
  [C.review, 'admin', () => ({ orderNo, decision: 'approve', amountSen: 100, note: 'Checked' })],
  [C.refunds, 'admin', () => ({ pageNum: 1, pageSize: 20 })],
  ['/api/console/refunds/retry', 'admin', () => ({ orderNo })],
  ['/api/console/refunds/manual', 'admin', () => ({ orderNo, reference: 'DUITNOW-1', note: 'Paid by transfer' })],
  [C.closure, 'admin', () => ({ storeId: SS2, date: '2025-06-10', reason: 'Flooded' })],
  [SLOTS, 'customer', () => ({ storeId: SS2, items: [WIPERS], orderNo })],
  [COUPONS, 'customer', () => ({ items: [WIPERS], couponCode: 'SAVE20', variantId: MYVI, method: 'mail', state: 'Selangor' })],
  [QUOTE, 'customer', () => installOrder()],
  [ADD, 'customer', () => mailOrder()],
  [PAY, 'customer', () => ({ orderNo, payMethod: 'fpx', bankCode: 'maybank2u' })],
  [PAY_STATUS, 'customer', () => ({ orderNo })],
  [FIND, 'customer', () => ({ orderNo })],
  [PAGE, 'customer', () => ({ status: 'UPCOMING', pageNum: 1, pageSize: 10 })],
  [CANCEL, 'customer', () => ({ orderNo, reason: 'Changed my mind' })],
  [DEL, 'customer', () => ({ orderNo })],
  [CHANGE_TIME, 'customer', () => ({ orderNo, date: FIRST_DAY.date, time: '11:00' })],
  [REFUND, 'customer', () => ({ orderNo, reason: 'Broken', contact: '0123456789', amountSen: 100, images: [] })],
  [REFUND_CANCEL, 'customer', () => ({ orderNo })],
];

let nested: unknown = 'x';
for (let i = 0; i < 200; i++) nested = { a: nested };

/** Values that are not what any field takes: refused, naming the field. */
const WRONG_KIND: unknown[] = [nested, [[['x']]], true, 1e308];
/** Values of the right kind, some very odd: never a 5xx, whatever else the answer is. */
const ODD_TEXT: unknown[] = ['x'.repeat(60_000), '🚗'.repeat(10_000), '\u202e\u200b\u0301', 'Ｗ１２３', "' OR 1=1 --", '%_\\', 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, -1, 1.5];

/** Every field of a body, nested ones by their dotted path. */
function fieldsOf(body: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const inner = value && typeof value === 'object' && !Array.isArray(value) ? fieldsOf(value as Record<string, unknown>, path) : [];
    return [path, ...inner];
  });
}

function withField(body: Record<string, unknown>, path: string, value: unknown) {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

async function send(path: string, who: keyof Keys, body: unknown) {
  const res = await api.fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: k[who] }, body: JSON.stringify(body) });
  return { status: res.status, answer: (await res.json()) as { code: number; msg: string; data: { field?: string } | null } };
}

describe('odd values in the console and the order calls', () => {
  test.each(calls)('%s: a value of the wrong kind in any field is refused naming it', async (path, who, body) => {
    for (const field of fieldsOf(body())) {
      for (const value of WRONG_KIND) {
        const { status, answer } = await send(path, who, withField(body(), field, value));
        expect(status, `${field} = ${JSON.stringify(value).slice(0, 20)}`).toBe(200);
        expect(answer.code, `${field} = ${JSON.stringify(value).slice(0, 20)}`).toBe(400);
        expect(answer.data?.field, `${field} = ${JSON.stringify(value).slice(0, 20)}`).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}(\\.|$)`));
      }
    }
  });

  test.each(calls)('%s: odd text and numbers in any field never answer 5xx', async (path, who, body) => {
    for (const field of fieldsOf(body())) {
      for (const value of ODD_TEXT) {
        const { status, answer } = await send(path, who, withField(body(), field, value));
        const where = `${field} = ${JSON.stringify(value).slice(0, 20)}: ${answer.code} ${answer.msg}`;
        expect(status, where).toBe(200);
        expect(answer.code >= 500 && answer.code < 600, where).toBe(false);
      }
    }
  });

  test.each([[[]], ['text'], [42], [null]])('a body that is %j: refused as not an object', async (body) => {
    for (const [path, who] of calls) {
      expect((await send(path, who, body)).answer, path).toMatchObject({ code: 400, data: null });
    }
  });
});
