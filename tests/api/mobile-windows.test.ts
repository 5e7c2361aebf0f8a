import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MobileRules } from '../../contract/rules/mobile.ts';
import { addClosure } from '../../server/modules/booking/closures.ts';
import { holdWindow, releaseWindow } from '../../server/modules/mobile/service.ts';
import { startApi, type TestApi } from './harness.ts';
import { BASIC_SERVICE, WIPERS } from './order-fixtures.ts';

/**
 * Where a van comes and when (docs/contracts/running-the-business.md §2): store/mobile/windows
 * for a postcode and a cart, and the capacity a window is booked against: the van's day and the
 * window itself must have the job's labour plus the drive left, whatever runs at once.
 */

const WINDOWS = '/api/store/mobile/windows';
const TYRES = { productId: 'tyre-bridgestone-alenza-001', quantity: 4 };
const TINT = { productId: 'tint-3m-black-beauty', quantity: 1 };
/** The harness's Monday 2 June 2025: the first date offered is Wednesday the 4th. */
const FIRST = '2025-06-04';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(() => api.reset());

const rules = () => api.indexes.orderRules.mobile as MobileRules;
const van = (id: string) => rules().vans.find((v) => v.id === id)!;
const windows = (body: unknown, language = 'en_us') => api.request(WINDOWS, body, { language });
let orders = 0;
const orderId = () => `00000000-0000-4000-8000-${String(++orders).padStart(12, '0')}`;
const hold = (vanId: string, jobMinutes: number, window: { date: string; start: string }) =>
  api.db.transaction((tx) => holdWindow(tx, { van: van(vanId), rules: rules(), closedOn: [], jobMinutes, window, orderId: orderId(), now: api.now() }));

describe('store/mobile/windows', () => {
  test('Petaling Jaya with four tyres: the tyre van, its visit fee, four two-hour windows a day over the 30 dates, no Sundays', async () => {
    const answer = await windows({ postcode: '47300', items: [TYRES] });
    expect(answer.code, answer.msg).toBe(200);
    const { covered, vanId, visitFeeSen, fittingMinutes, windows: list, nearest } = answer.data;
    expect({ covered, vanId, visitFeeSen, fittingMinutes, nearest }).toEqual({ covered: true, vanId: 'van-petaling-jaya', visitFeeSen: 3000, fittingMinutes: 75, nearest: [] });
    expect(list.slice(0, 4)).toEqual([
      { date: FIRST, start: '09:00', end: '11:00', free: true },
      { date: FIRST, start: '11:00', end: '13:00', free: true },
      { date: FIRST, start: '13:00', end: '15:00', free: true },
      { date: FIRST, start: '15:00', end: '17:00', free: true },
    ]);
    const dates = [...new Set(list.map((w: { date: string }) => w.date))] as string[];
    // The 30 booking dates, less the base workshop's holidays among them.
    const closed = api.indexes.workshops.find((w) => w.id === 'petaling-jaya-ss2-tyre-auto')!.closedOn.filter((d) => d >= FIRST && d <= dates.at(-1)!);
    expect(dates.length + closed.length).toBe(30);
    expect(dates.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);
    expect(list).toHaveLength(dates.length * 4);
  });

  test('Kuala Lumpur: the van that fits no tyres comes for wipers; for tyres, the three nearest workshops that fit them', async () => {
    expect((await windows({ postcode: '50450', items: [WIPERS] })).data).toMatchObject({ covered: true, vanId: 'van-kuala-lumpur', fittingMinutes: 15 });
    const tyres = (await windows({ postcode: '50450', items: [TYRES] })).data;
    expect(tyres).toMatchObject({ covered: false, vanId: null, windows: [] });
    expect(tyres.nearest).toHaveLength(3);
    const kms = tyres.nearest.map((w: { distanceKm: number }) => w.distanceKm);
    expect(kms).toEqual([...kms].sort((a, b) => a - b));
    expect(kms[0]).toBeLessThan(10);
  });

  test('Sabah: no van; the nearest workshops are in Sabah', async () => {
    const answer = (await windows({ postcode: '88200', items: [WIPERS] })).data;
    expect(answer.covered).toBe(false);
    const stateOf = (id: string) => api.indexes.workshops.find((w) => w.id === id)!.state;
    expect(answer.nearest.map((w: { storeId: string }) => stateOf(w.storeId))).toEqual(['Sabah', 'Sabah', 'Sabah']);
  });

  test('bad input: a product not fitted on site is named; a postcode that is none, a cart that is empty: refused in the language asked', async () => {
    const tint = await windows({ postcode: '47300', items: [WIPERS, TINT] }, 'ms_my');
    expect(tint.code).toBe(807);
    expect(tint.msg).toMatch(/tidak boleh dipasang di tempat anda/);
    expect(tint.msg).toMatch(/3M/);
    const major = await windows({ postcode: '47300', items: [{ productId: 'service-major', quantity: 1 }] });
    expect(major.code).toBe(807);
    for (const body of [{ postcode: '4730', items: [WIPERS] }, { postcode: '47300', items: [] }, { items: [WIPERS] }, { postcode: '47300', items: [WIPERS], extra: 1 }]) {
      const answer = await windows(body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).not.toBe('');
    }
    expect((await windows({ postcode: '47300', items: [{ productId: 'no-such-thing', quantity: 1 }] })).code).toBe(404);
  });
});

describe("a van's capacity", () => {
  test('a window takes a job while it and the day have its minutes plus the drive left; the endpoint says full', async () => {
    // Four tyres: 75 minutes and a 30-minute drive, 105 of the window's 120.
    expect(await hold('van-petaling-jaya', 75, { date: FIRST, start: '09:00' })).toEqual({ ok: true, minutes: 105 });
    expect(await hold('van-petaling-jaya', 15, { date: FIRST, start: '09:00' })).toEqual({ ok: false, key: 'mobile.windowFull' });
    expect(await hold('van-petaling-jaya', 60, { date: FIRST, start: '11:00' })).toEqual({ ok: true, minutes: 90 });
    expect(await hold('van-petaling-jaya', 60, { date: FIRST, start: '13:00' })).toEqual({ ok: true, minutes: 90 });
    // 285 of the day's 420 taken: 135 left, so a 105-minute job still fits at 15:00, a 140-minute one does not.
    expect(await hold('van-petaling-jaya', 110, { date: FIRST, start: '15:00' })).toEqual({ ok: false, key: 'mobile.windowFull' });
    const list = (await windows({ postcode: '47300', items: [TYRES] })).data.windows.filter((w: { date: string }) => w.date === FIRST);
    expect(list.map((w: { free: boolean }) => w.free)).toEqual([false, false, false, true]);
    expect(await hold('van-petaling-jaya', 75, { date: FIRST, start: '17:00' })).toEqual({ ok: false, key: 'mobile.windowNotOffered' });
    expect(await hold('van-petaling-jaya', 75, { date: '2025-06-08', start: '09:00' })).toEqual({ ok: false, key: 'mobile.windowNotOffered' });
  });

  test('what the van takes and the closures staff add at its base show at the next read', async () => {
    const firstDay = async () => (await windows({ postcode: '47300', items: [TYRES] })).data.windows.filter((w: { date: string }) => w.date === FIRST).map((w: { free: boolean }) => w.free);
    expect(await firstDay()).toEqual([true, true, true, true]);
    await hold('van-petaling-jaya', 75, { date: FIRST, start: '09:00' });
    expect(await firstDay()).toEqual([false, true, true, true]);
    await api.db.transaction((tx) => addClosure(tx, { workshopId: 'petaling-jaya-ss2-tyre-auto', date: FIRST, reason: 'Flood', staffId: '00000000-0000-4000-8000-00000000a001' }, api.now()));
    expect(await firstDay()).toEqual([]);
    expect(await hold('van-petaling-jaya', 15, { date: FIRST, start: '11:00' })).toEqual({ ok: false, key: 'mobile.windowNotOffered' });
  });

  test('released, the minutes are free again; moved, an order holds one window', async () => {
    const id = orderId();
    const take = (start: string) => api.db.transaction((tx) => holdWindow(tx, { van: van('van-petaling-jaya'), rules: rules(), closedOn: [], jobMinutes: 75, window: { date: FIRST, start }, orderId: id, now: api.now() }));
    expect((await take('09:00')).ok).toBe(true);
    expect((await take('11:00')).ok).toBe(true);
    expect((await hold('van-petaling-jaya', 75, { date: FIRST, start: '09:00' })).ok).toBe(true);
    expect(await api.db.transaction((tx) => releaseWindow(tx, id))).toBe(1);
    expect((await hold('van-petaling-jaya', 75, { date: FIRST, start: '11:00' })).ok).toBe(true);
  });

  test('eight customers at once for one window (concurrent transactions on PostgreSQL): one gets it', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => hold('van-petaling-jaya', 75, { date: FIRST, start: '11:00' })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // And a whole day asked for at once by 12 short jobs (45 minutes with the drive): the day's 420 minutes hold nine, the windows' 120 two each.
    const day = await Promise.all(
      ['09:00', '11:00', '13:00', '15:00'].flatMap((start) => Array.from({ length: 3 }, () => hold('van-petaling-jaya', 15, { date: '2025-06-05', start }))),
    );
    expect(day.filter((r) => r.ok)).toHaveLength(8);
  });
});

describe('content', () => {
  test('the demo: two Klang Valley vans, one fitting tyres; tinting is never fitted on site', () => {
    expect(rules().vans.map((v) => [v.id, v.fitsTyres])).toEqual([
      ['van-petaling-jaya', true],
      ['van-kuala-lumpur', false],
    ]);
    expect(rules()).toMatchObject({ windowHours: 2, travelMinutes: 30, visitFeeSen: 3000 });
    expect(BASIC_SERVICE.productId).toBe('service-basic');
  });
});
