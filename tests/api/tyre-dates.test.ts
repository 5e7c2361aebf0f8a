import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { FIND, installOrder, rows, SS2, WIPERS } from './order-fixtures.ts';

/**
 * Each tyre's DOT date code (docs/contracts/going-live.md §2): recorded when an installation that fitted tyres
 * is completed, checked against the calendar and the shop's promise (content/orders/warranty.json,
 * 12 months in the demo), and shown on the order, the invoice and the garage. The harness's clock
 * stands on Monday 2 June 2025, the first day of ISO week 23 of 2025.
 */

const INVOICE = '/api/app/order/vehicle/order/app/invoice';
const TYRES = { productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } };

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

/**
 * The tyres these tests fit are taken off the shelf, not the batch reserved for the order (its
 * DOT code is the demo stock's): a completion naming tyres gives the reason (stock-reserve.test.ts
 * tests the refusal without one).
 */
const fromTheShelf = (path: string, body: unknown) =>
  path === C.complete && body && typeof body === 'object' && 'tyres' in body && !('notReserved' in body) ? { ...body, notReserved: { reason: 'Fitted from the shelf' } } : body;
const call = (path: string, body: unknown, userKey?: string, language = 'en_us') => api.request(path, fromTheShelf(path, body), { userKey, language });

/** A paid, started installation of 4 tyres (and wipers, which carry no date code): its number and the tyre line's id. */
async function startedTyreJob(items: unknown[] = [TYRES, WIPERS]): Promise<{ orderNo: string; lineId: string; wiperLineId: string }> {
  const orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items }));
  const started = await call(C.start, { orderNo }, k.ss2);
  expect(started.code, started.msg).toBe(200);
  const lines = started.data.lines as { lineId: string; productId: string }[];
  return { orderNo, lineId: lines.find((l) => l.productId === TYRES.productId)?.lineId ?? '', wiperLineId: lines.find((l) => l.productId === WIPERS.productId)?.lineId ?? '' };
}

const four = (lineId: string, dots = ['2325', '2225', '1825', '2324']) => dots.map((dot) => ({ lineId, dot }));

async function stateOf(orderNo: string) {
  const [order] = await rows<{ status: string }>(api, sql`select status from orders where order_no = ${orderNo}`);
  const tyres = await rows<{ dot: string }>(api, sql`select t.dot from order_line_tyres t join orders o on o.id = t.order_id where o.order_no = ${orderNo}`);
  return { status: order!.status, tyres: tyres.length };
}

describe('completing an installation that fitted tyres', () => {
  test('records each tyre: the order, the console, the invoice and the garage say when it was made and how old it was', async () => {
    const carId = await garageCar(api, k.customer);
    const { orderNo, lineId } = await startedTyreJob();
    const done = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: [...four(lineId).slice(0, 3), { lineId, dot: '2324', dotFull: ' dot 4b9v abcd 2324 ' }] }, k.ss2);
    expect(done.code, done.msg).toBe(200);
    const tyreLine = done.data.lines.find((l: { lineId: string }) => l.lineId === lineId);
    expect(tyreLine.tyres.map((t: { dot: string; ageMonthsAtFitting: number }) => [t.dot, t.ageMonthsAtFitting])).toEqual([
      ['2325', 0],
      ['2225', 0],
      ['1825', 1],
      ['2324', 11],
    ]);

    const find = await call(FIND, { orderNo }, k.customer);
    const words = find.data.lines.find((l: { lineId: string }) => l.lineId === lineId).tyres.map((t: { words: string }) => t.words);
    expect(words).toEqual([
      'Made in week 23 of 2025 (less than a month old when fitted)',
      'Made in week 22 of 2025 (less than a month old when fitted)',
      'Made in week 18 of 2025 (1 month old when fitted)',
      'Made in week 23 of 2024 (11 months old when fitted)',
    ]);
    expect(find.data.lines.find((l: { lineId: string }) => l.lineId !== lineId).tyres).toEqual([]);

    const inMalay = await call(FIND, { orderNo }, k.customer, 'ms_my');
    expect(inMalay.data.lines.find((l: { lineId: string }) => l.lineId === lineId).tyres[3].words).toBe('Dibuat pada minggu 23 tahun 2024 (berusia 11 bulan semasa dipasang)');
    const inChinese = await call(INVOICE, { orderNo }, k.customer, 'zh_cn');
    expect(inChinese.code, inChinese.msg).toBe(200);
    expect(inChinese.data.lines.find((l: { productId: string }) => l.productId === TYRES.productId).tyres[2].words).toBe('生产于 2025 年第 18 周（安装时已 1 个月）');

    const history = await call(G.history, { carId }, k.customer);
    expect(history.code, history.msg).toBe(200);
    const item = history.data.services.at(-1).items.find((i: { productId: string }) => i.productId === TYRES.productId);
    expect(item.tyres.map((t: { dot: string }) => t.dot)).toEqual(['2325', '2225', '1825', '2324']);

    const [audit] = await auditRows(api, 'console/orders/complete');
    expect(audit!.details).toMatchObject({ tyres: [{ dot: '2325' }, { dot: '2225' }, { dot: '1825' }, { dot: '2324', dotFull: 'DOT 4B9V ABCD 2324' }] });
  });

  test.each([
    ['no date codes', undefined, 'Enter the DOT date code of each tyre fitted (4) to complete the installation.'],
    ['three for four tyres', 3, 'Bridgestone Turanza T005A tyre: enter one DOT date code for each of its 4 tyres.'],
    ['five for four tyres', 5, 'Bridgestone Turanza T005A tyre: enter one DOT date code for each of its 4 tyres.'],
  ])('%s: refused (807), nothing changes', async (_name, count, msg) => {
    const { orderNo, lineId } = await startedTyreJob();
    const tyres = count === undefined ? undefined : Array.from({ length: count }, () => ({ lineId, dot: '2325' }));
    const refused = await call(C.complete, { orderNo, odometerKm: 45_000, tyres }, k.ss2);
    expect(refused).toMatchObject({ code: 807, msg });
    expect(await stateOf(orderNo)).toEqual({ status: 'IN_PROGRESS', tyres: 0 });
  });

  test.each([
    ['0025', 'Tyre 2: 2025 has no week 00; its weeks are 01 to 52.'],
    ['5425', 'Tyre 2: 2025 has no week 54; its weeks are 01 to 52.'],
    // ISO's count gives 2025 and 2024 52 weeks: a week 53 of theirs was never printed on a tyre.
    ['5325', 'Tyre 2: 2025 has no week 53; its weeks are 01 to 52.'],
    ['5324', 'Tyre 2: 2024 has no week 53; its weeks are 01 to 52.'],
    ['2425', 'Tyre 2: a DOT date code cannot be a week that has not begun yet.'],
    ['2226', 'Tyre 2: a DOT date code cannot be a week that has not begun yet.'],
    ['2224', 'Tyre 2: made in week 22 of 2024, more than 12 months ago. The shop fits only tyres made within the last 12 months.'],
  ])('a date code %s: refused in the staff member’s language, naming the tyre; nothing changes', async (dot, msg) => {
    const { orderNo, lineId } = await startedTyreJob();
    const tyres = four(lineId, ['2325', dot, '2325', '2325']);
    const refused = await call(C.complete, { orderNo, odometerKm: 45_000, tyres }, k.ss2);
    // The answer names the field as the call's own checks do, so a form shows it by that tyre.
    expect(refused).toMatchObject({ code: 807, msg, data: { field: 'tyres.1.dot', ...(dot === '2224' ? { tooOld: true } : {}) } });
    expect(await stateOf(orderNo)).toEqual({ status: 'IN_PROGRESS', tyres: 0 });
  });

  test("the week bounds: week 01 and a year's last week are weeks; the week that began today is not in the future", async () => {
    const { orderNo, lineId } = await startedTyreJob();
    const done = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['0125', '5224', '2325', '2325']) }, k.ss2);
    expect(done.code, done.msg).toBe(200);
  });

  test('refusals in Chinese and Malay', async () => {
    const { orderNo, lineId } = await startedTyreJob();
    const zh = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['2325', '2325', '2425', '2325']) }, k.ss2, 'zh_cn');
    expect(zh).toMatchObject({ code: 807, msg: '轮胎 3：DOT 日期码不能是尚未开始的一周。' });
    const ms = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['2325', '2325', '2325', '4125']) }, k.ss2, 'ms_my');
    expect(ms).toMatchObject({ code: 807, msg: 'Tayar 4: kod tarikh DOT tidak boleh minggu yang belum bermula.' });
    // A shape that is not four digits is refused with the call's fields (400), in the field's words.
    const shape = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['2325', '2325', '2325', '32a5']) }, k.ss2, 'ms_my');
    expect(shape.code).toBe(400);
    expect(shape).toMatchObject({ msg: 'Tayar 4: kod tarikh DOT ialah 4 digit, minggu kemudian tahun (cth. 3225).', data: { field: 'tyres.3.dot' } });
    const week = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['2325', '5325', '2325', '2325']) }, k.ss2, 'zh_cn');
    expect(week).toMatchObject({ code: 807, msg: '轮胎 2：2025 年没有第 53 周，该年的周数为 01 至 52。' });
    expect(await stateOf(orderNo)).toEqual({ status: 'IN_PROGRESS', tyres: 0 });
  });

  test('a whole DOT code must end with its date code', async () => {
    const { orderNo, lineId } = await startedTyreJob();
    const tyres = [...four(lineId).slice(0, 3), { lineId, dot: '2324', dotFull: 'DOT 4B9V ABCD 2325' }];
    const refused = await call(C.complete, { orderNo, odometerKm: 45_000, tyres }, k.ss2);
    expect(refused).toMatchObject({ code: 807, msg: 'Tyre 4: the whole DOT code must end with its date code 2324.', data: { field: 'tyres.3.dotFull' } });
  });

  test('a date code for a line that is not a tyre, or for an order without tyres: refused', async () => {
    const { orderNo, lineId, wiperLineId } = await startedTyreJob();
    const wrong = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: [...four(lineId), { lineId: wiperLineId, dot: '2325' }] }, k.ss2);
    expect(wrong).toMatchObject({ code: 807, msg: 'A tyre names a line that is not a tyre of this order.' });
    const plain = await startedTyreJob([WIPERS]);
    const none = await call(C.complete, { orderNo: plain.orderNo, odometerKm: 45_000, tyres: [{ lineId: plain.wiperLineId, dot: '2325' }] }, k.ss2);
    expect(none).toMatchObject({ code: 807, msg: 'A tyre names a line that is not a tyre of this order.' });
    expect((await call(C.complete, { orderNo: plain.orderNo, odometerKm: 45_000 }, k.ss2)).code).toBe(200);
  });

  test('a tyre older than the promise: workshop staff may not override it; an admin may, with a reason, audited', async () => {
    const { orderNo, lineId } = await startedTyreJob();
    const tyres = four(lineId, ['2325', '2325', '1024', '1024']);
    const asWorkshop = await call(C.complete, { orderNo, odometerKm: 45_000, tyres, override: { reason: 'Customer asked for this stock' } }, k.ss2);
    expect(asWorkshop).toMatchObject({ code: 403, msg: 'Only the shop team (admin) can fit a tyre older than the promise.', data: { field: 'tyres.2.dot' } });
    const noReason = await call(C.complete, { orderNo, odometerKm: 45_000, tyres, override: { reason: '  ' } }, k.admin);
    // Checked with the call's fields (400), as every empty required field is.
    expect(noReason).toMatchObject({ code: 400, msg: 'Give the reason for fitting a tyre older than the promise.' });
    expect(await stateOf(orderNo)).toEqual({ status: 'IN_PROGRESS', tyres: 0 });

    const done = await call(C.complete, { orderNo, odometerKm: 45_000, tyres, override: { reason: 'Last two in stock; customer agreed' } }, k.admin);
    expect(done.code, done.msg).toBe(200);
    const flagged = await rows<{ dot: string; beyond_promise: boolean; override_reason: string | null }>(
      api,
      sql`select dot, beyond_promise, override_reason from order_line_tyres order by position`,
    );
    expect(flagged).toEqual([
      { dot: '2325', beyond_promise: false, override_reason: null },
      { dot: '2325', beyond_promise: false, override_reason: null },
      { dot: '1024', beyond_promise: true, override_reason: 'Last two in stock; customer agreed' },
      { dot: '1024', beyond_promise: true, override_reason: 'Last two in stock; customer agreed' },
    ]);
    const [audit] = await auditRows(api, 'console/orders/complete');
    expect(audit).toMatchObject({ role: 'admin', details: expect.objectContaining({ tyreOverride: 'Last two in stock; customer agreed' }) });
  });

  test('the promise comes from the content: the order rules carry maxTyreAgeMonths', async () => {
    const [rule] = await rows<{ rules: { maxTyreAgeMonths: number; warrantyDays: number } }>(api, sql`select rules from order_rules where key = 'warranty'`);
    expect(rule!.rules).toEqual({ warrantyDays: 30, maxTyreAgeMonths: 12 });
    await api.db.execute(sql`update order_rules set rules = '{"warrantyDays": 30, "maxTyreAgeMonths": 6}' where key = 'warranty'`);
    api.indexes.orderRules.warranty.maxTyreAgeMonths = 6;
    try {
      const { orderNo, lineId } = await startedTyreJob();
      const refused = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: four(lineId, ['2325', '2325', '2325', '4824']) }, k.ss2);
      expect(refused).toMatchObject({ code: 807, msg: 'Tyre 4: made in week 48 of 2024, more than 6 months ago. The shop fits only tyres made within the last 6 months.' });
    } finally {
      api.indexes.orderRules.warranty.maxTyreAgeMonths = 12;
    }
  });

  test('a sidewall photo must be one this staff member uploaded, used once', async () => {
    const { orderNo, lineId } = await startedTyreJob();
    const foreign = '0123456789abcdef0123456789abcdef.jpg';
    const refused = await call(C.complete, { orderNo, odometerKm: 45_000, tyres: [{ lineId, dot: '2325', photoId: foreign }, ...four(lineId).slice(1)] }, k.ss2);
    expect(refused).toMatchObject({ code: 807, msg: 'Tyre 1: that sidewall photo is not one you uploaded, or it is already used.', data: { field: 'tyres.0.photoId' } });
  });
});
