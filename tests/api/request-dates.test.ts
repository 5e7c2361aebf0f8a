import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { CHANGE_TIME, paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { ADD, FIRST_DAY, installOrder, QUOTE, selangorAddress, SS2 } from './order-fixtures.ts';
import { G } from './garage-fixtures.ts';

/** A garage car id (or a claim id): a date on no calendar is refused before the car is looked up. */
const SOME_CAR = '00000000-0000-4000-8000-000000000000';

/**
 * Every call that takes a date takes a calendar date (issue 16, item 8): a date that is on no
 * calendar is refused with 400 naming the field, in the caller's language, before anything is
 * read or written; no call answers 5xx for one.
 */

let api: TestApi;
let k: Keys;
/** A booked installation of the customer's, whose time the change-time call would move. */
let orderNo: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
  k = await staffKeys(api);
  orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
});
afterAll(() => api?.close());

const BAD_DATES = ['2026-02-30', '2026-13-01', '2026-1-1', '2026-00-10', '2026-02-29', '0000-01-01'];

/** "Date must be a real date…" in each language, with the field named as the call names it. */
const LANGUAGES = [
  { header: 'en_us', msg: 'Date must be a real date, written YYYY-MM-DD.' },
  { header: 'zh_cn', msg: '日期必须是真实存在的日期，格式为 YYYY-MM-DD。' },
  { header: 'ms_my', msg: 'Tarikh mestilah tarikh yang wujud, ditulis YYYY-MM-DD.' },
];

interface DateCall {
  path: string;
  who: keyof Keys;
  /** The field that holds the date, as `data.field` names it. */
  field: string;
  body: (date: string) => Record<string, unknown>;
  /** What the call calls the field, when not "Date": in English, Chinese and Malay. */
  label?: [string, string, string];
}

const CALLS: DateCall[] = [
  { path: C.page, who: 'admin', field: 'date', body: (date) => ({ date, pageNum: 1, pageSize: 20 }) },
  { path: C.page, who: 'ss2', field: 'date', body: (date) => ({ storeId: SS2, date, pageNum: 1, pageSize: 20 }) },
  { path: C.closure, who: 'admin', field: 'date', body: (date) => ({ storeId: SS2, date, reason: 'Flooded' }) },
  { path: '/api/console/stores/bookings', who: 'admin', field: 'date', body: (date) => ({ storeId: SS2, date }) },
  { path: ADD, who: 'customer', field: 'appointment.date', body: (date) => installOrder({ appointment: { date, time: FIRST_DAY.time } }) },
  { path: ADD, who: 'customer', field: 'window.date', body: (date) => installOrder({ method: 'mobile', storeId: undefined, appointment: undefined, address: { ...selangorAddress }, window: { date, start: '09:00' } }) },
  { path: QUOTE, who: 'customer', field: 'window.date', body: (date) => ({ items: installOrder().items, variantId: installOrder().variantId, method: 'mobile', address: { postcode: '47300', state: 'Selangor' }, window: { date, start: '09:00' } }) },
  { path: '/api/console/mobile/day', who: 'ss2', field: 'date', body: (date) => ({ vanId: 'van-petaling-jaya', date }) },
  { path: QUOTE, who: 'customer', field: 'appointment.date', body: (date) => ({ items: installOrder().items, variantId: installOrder().variantId, method: 'install', storeId: SS2, appointment: { date, time: FIRST_DAY.time } }) },
  { path: CHANGE_TIME, who: 'customer', field: 'date', body: (date) => ({ orderNo, date, time: FIRST_DAY.time }) },
  { path: G.odometer, who: 'customer', field: 'date', body: (date) => ({ carId: SOME_CAR, km: 1000, date }) },
  { path: '/api/app/warranty/book', who: 'customer', field: 'date', body: (date) => ({ claimId: SOME_CAR, date, time: FIRST_DAY.time }) },
  { path: '/api/console/warranty/page', who: 'ss2', field: 'date', body: (date) => ({ date, pageNum: 1, pageSize: 20 }) },
  { path: G.update, who: 'customer', field: 'roadTaxExpiry', body: (date) => ({ carId: SOME_CAR, roadTaxExpiry: date }), label: ['Road tax expiry', '路税到期日', 'Tarikh tamat cukai jalan'] },
  { path: G.update, who: 'customer', field: 'insuranceExpiry', body: (date) => ({ carId: SOME_CAR, insuranceExpiry: date }), label: ['Insurance expiry', '保险到期日', 'Tarikh tamat insurans'] },
];

interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface OpenApi {
  components?: { schemas?: Record<string, JsonSchema> };
  paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } }>;
}

/** The paths of the fields of a request schema that hold a date; `root.$defs` holds what its refs name. */
function datePaths(root: JsonSchema | undefined, schema = root, at = '', seen = new Set<string>()): string[] {
  if (!root || !schema) return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    const name = schema.$ref.split('/').at(-1)!;
    return datePaths(root, root.$defs?.[name], at, new Set([...seen, schema.$ref]));
  }
  const found: string[] = [];
  if (schema.format === 'date' || schema.format === 'date-time' || /date|day$/i.test(at.split('.').at(-1) ?? '')) found.push(at);
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...datePaths(root, child, at ? `${at}.${key}` : key, seen));
  const alternatives = [...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.oneOf ?? [])];
  for (const child of alternatives) found.push(...datePaths(root, child, at, seen));
  return found;
}

describe('a date on no calendar is refused, naming the field, and changes nothing', () => {
  test('the table covers every call whose request has a date', async () => {
    // From the API's own document: a field in date format, or named like a date. A call that
    // takes a date and is missing from CALLS fails here.
    const document = (await (await api.fetch('/api/openapi.json')).json()) as OpenApi;
    const withDates = Object.entries(document.paths).flatMap(([path, item]) =>
      datePaths({ $defs: document.components?.schemas }, item.post?.requestBody?.content?.['application/json']?.schema).map((field) => `${path} ${field}`),
    );
    expect(new Set(withDates)).toEqual(new Set(CALLS.map((c) => `${c.path} ${c.field}`)));
  });

  test.each(CALLS.flatMap((call) => BAD_DATES.map((date) => [call.path, call.who, date, call] as const)))('%s (%s) with %s', async (_path, _who, date, call) => {
    const before = await api.writes();
    const smsBefore = api.smsLines.length;
    for (const [i, { header, msg: dateMsg }] of LANGUAGES.entries()) {
      const msg = call.label ? dateMsg.replace(/^(Date|日期|Tarikh)/, call.label[i]!) : dateMsg;
      const answer = await api.request(call.path, call.body(date), { userKey: k[call.who], language: header });
      expect(answer, header).toEqual({ code: 400, msg, data: { field: call.field } });
    }
    // Not one statement wrote to any table (harness.ts counts them).
    expect(await api.writes()).toBe(before);
    expect(api.smsLines.length).toBe(smsBefore);
  });

  test('the same calls take a real date, 29 February of a leap year included', async () => {
    const leapDay = await api.request(C.page, { date: '2028-02-29', pageNum: 1, pageSize: 20 }, { userKey: k.admin });
    expect(leapDay).toMatchObject({ code: 200, data: { total: 0 } });
    const booked = await api.request(C.page, { date: FIRST_DAY.date, pageNum: 1, pageSize: 20 }, { userKey: k.admin });
    expect(booked.code).toBe(200);
    expect(booked.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
  });
});

describe('no call answers 5xx for a date on no calendar', () => {
  test('every call, with the dates in every place a date goes, logged in as staff and as a customer', async () => {
    // The operations' routes (/api/ops/…) are not calls: they take no body, answer to a bearer
    // token, and 503 says publishing is not configured (content-publish.test.ts).
    const paths = [...new Set(api.routes.filter((r) => r.method === 'POST' && r.path.startsWith('/api/') && !r.path.startsWith('/api/ops/') && !/[:*]/.test(r.path)).map((r) => r.path))];
    expect(paths.length).toBeGreaterThan(40);
    const serverErrors: string[] = [];
    for (const path of paths) {
      for (const date of BAD_DATES) {
        const bodies = [
          { date },
          { storeId: SS2, date, reason: 'Flooded', orderNo, time: FIRST_DAY.time, pageNum: 1, pageSize: 20 },
          installOrder({ appointment: { date, time: FIRST_DAY.time } }),
        ];
        for (const body of bodies) {
          for (const who of ['admin', 'customer'] as const) {
            const res = await api.fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: k[who] }, body: JSON.stringify(body) });
            const code = ((await res.json().catch(() => ({}))) as { code?: number }).code ?? 0;
            if (res.status >= 500 || code >= 500) serverErrors.push(`${path} ${JSON.stringify(body).slice(0, 80)}: ${res.status}/${code}`);
          }
        }
      }
    }
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
