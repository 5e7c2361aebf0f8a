import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { staffKeys, type Keys } from './console-fixtures.ts';

const ATTENTION = '/api/console/stock/attention';
const PAGE = '/api/console/stock/page';
const RECEIVE = '/api/console/stock/receive';
const XM2 = 'tyre-michelin-energy-xm2-plus';
const SS2 = 'petaling-jaya-ss2-tyre-auto';
const KEPONG = 'kuala-lumpur-kepong-tyre-battery';
const SEGAMBUT = 'kuala-lumpur-segambut-maju-jaya';

let api: TestApi;
let k: Keys;
beforeAll(async () => {
  api = await startApi();
}, 60_000);
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

describe('console/stock/attention', () => {
  test('workshop staff: their own workshop’s low rows (fewest available first) and aged batches, in their language', async () => {
    const r = await api.request(ATTENTION, {}, { userKey: k.ss2 });
    expect(r.code).toBe(200);
    const lowPage = await api.request(PAGE, { low: true, pageSize: 200 }, { userKey: k.ss2 });
    expect(r.data.lowTotal).toBe(lowPage.data.total);
    expect(r.data.low[0]).toEqual({ sku: `${XM2}@185/60R15`, name: 'Michelin Energy XM2+ tyre 185/60R15', location: SS2, available: 0, lowAt: 4 });
    for (const l of r.data.low) expect([l.location, l.available <= l.lowAt]).toEqual([SS2, true]);
    const available = r.data.low.map((l: any) => l.available);
    expect(available).toEqual([...available].sort((x, y) => x - y));
    expect(r.data.aged).toEqual([{ sku: `${XM2}@185/60R15`, name: 'Michelin Energy XM2+ tyre 185/60R15', location: SS2, dot: expect.stringMatching(/^\d{4}$/), onHand: 4 }]);
    expect(r.data.agedTotal).toBe(1);
    const zh = await api.request(ATTENTION, {}, { userKey: k.ss2, language: 'zh_cn' });
    expect(zh.data.low[0].name).not.toBe(r.data.low[0].name);
    const segambut = await api.request(ATTENTION, {}, { userKey: k.segambut });
    expect(segambut.data.low.map((l: any) => l.location)).toEqual(segambut.data.low.map(() => SEGAMBUT));
    expect(segambut.data.low).toContainEqual(expect.objectContaining({ sku: 'wiper-bosch-aerotwin@24in', available: 1, lowAt: 2 }));
    expect(segambut.data).toMatchObject({ aged: [], agedTotal: 0 });
  });

  test('admins: every place; a receipt takes a row off the list, a count puts one on', async () => {
    const all = await api.request(ATTENTION, {}, { userKey: k.admin });
    const lowPage = await api.request(PAGE, { low: true, pageSize: 1 }, { userKey: k.admin });
    expect(all.data.lowTotal).toBe(lowPage.data.total);
    expect(new Set(all.data.low.map((l: any) => l.location)).size).toBeGreaterThan(1);
    expect(all.data.aged.map((a: any) => [a.location, a.sku, a.onHand])).toEqual([[SS2, `${XM2}@185/60R15`, 4]]);
    await api.request(RECEIVE, { location: KEPONG, sku: `${XM2}@185/55R15`, quantity: 4, dot: '2025' }, { userKey: k.admin });
    const after = await api.request(ATTENTION, {}, { userKey: k.admin });
    expect(after.data.lowTotal).toBe(all.data.lowTotal - 1);
    const adjusted = await api.request('/api/console/stock/adjust', { location: 'warehouse', sku: 'dashcam-70mai-m300', onHand: 0, reason: 'Counted' }, { userKey: k.admin });
    expect(adjusted.code).toBe(200);
    const counted = await api.request(ATTENTION, {}, { userKey: k.admin });
    expect(counted.data.lowTotal).toBe(after.data.lowTotal + 1);
    expect(counted.data.low).toContainEqual({ sku: 'dashcam-70mai-m300', name: '70mai Dash Cam M300', location: 'warehouse', available: 0, lowAt: 2 });
  });

  test('each list carries at most 50, with its total', async () => {
    // Every row of the warehouse counted down to one.
    await api.db.execute(sql`update stock_levels set on_hand = 1, reserved = 0 where location = 'warehouse'`);
    const warehouse = await api.request(PAGE, { location: 'warehouse', pageSize: 1 }, { userKey: k.admin });
    expect(warehouse.data.total).toBeGreaterThan(50);
    const r = await api.request(ATTENTION, {}, { userKey: k.admin });
    expect(r.data.low).toHaveLength(50);
    expect(r.data.lowTotal).toBeGreaterThanOrEqual(warehouse.data.total);
  });

  test('only staff: a customer is refused, and without a key the login is asked for', async () => {
    expect((await api.request(ATTENTION, {}, { userKey: k.customer })).code).toBe(403);
    expect([708, 800]).toContain((await api.request(ATTENTION, {})).code);
    expect((await api.request(ATTENTION, { location: SS2 }, { userKey: k.admin })).code).toBe(400);
  });
});

describe('console/stock/page search', () => {
  test('by part of the name in the staff member’s language, or of the sku', async () => {
    const byName = await api.request(PAGE, { location: SS2, q: 'energy xm2+ 185/55' }, { userKey: k.admin });
    expect(byName.data.list.map((r: any) => r.sku)).toEqual([`${XM2}@185/55R15`]);
    const bySku = await api.request(PAGE, { location: SS2, q: 'xm2-plus@185/60' }, { userKey: k.admin });
    expect(bySku.data.list.map((r: any) => r.sku)).toEqual([`${XM2}@185/60R15`]);
  });
});

describe('console/stock/transfer without a destination', () => {
  test('the refusal names the field in words, in the language asked', async () => {
    const body = { from: 'warehouse', to: '', sku: 'dashcam-70mai-m300', quantity: 1 };
    const en = await api.request('/api/console/stock/transfer', body, { userKey: k.admin });
    expect([en.code, en.msg, en.data]).toEqual([400, 'The place to move to is required.', { field: 'to' }]);
    const zh = await api.request('/api/console/stock/transfer', body, { userKey: k.admin, language: 'zh_cn' });
    expect(zh.msg).toBe('调往地点为必填项。');
  });
});
