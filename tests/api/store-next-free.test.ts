import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, BASIC_SERVICE, installOrder, SLOTS, SS15, SS2, WIPERS } from './order-fixtures.ts';

const NEXT_FREE = '/api/app/order/vehicle/store/next-free';
const KELANA_JAYA = 'petaling-jaya-kelana-jaya-car-service';
const TINT_51A = 'petaling-jaya-51a-tint-dashcam';

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

type Day = { date: string; available: boolean; times: { time: string; available: boolean }[] };
const nextFree = (body: unknown, language?: string) => api.request(NEXT_FREE, body, { userKey, language });
/** The first free date and time as the slots call offers them. */
async function firstOfSlots(storeId: string, items: unknown[]) {
  const { data } = await api.request(SLOTS, { storeId, items }, { userKey });
  const day = (data.dates as Day[]).find((d) => d.available);
  return { date: day?.date ?? null, time: day?.times.find((t) => t.available)?.time ?? null };
}

describe("each workshop's next free time for a cart", () => {
  test('answers every workshop asked, in the order asked, with its first free date and time', async () => {
    const { code, data } = await nextFree({ items: [WIPERS, BASIC_SERVICE], storeIds: [KELANA_JAYA, SS2] });
    expect(code).toBe(200);
    expect(data.fittingMinutes).toBe(90);
    // Monday 2 June 2025 in the test clock: the first date is Wednesday, at each one's opening.
    expect(data.list).toEqual([
      { storeId: KELANA_JAYA, fits: true, date: '2025-06-04', time: '09:00' },
      { storeId: SS2, fits: true, date: '2025-06-04', time: '08:30' },
    ]);
  });

  test('agrees with the slots call once times are taken', async () => {
    // SS15 has three bays: three orders at 08:30 fill its first time that day.
    for (let i = 0; i < 3; i++) await api.request(ADD, installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: '08:30' } }), { userKey });
    const { data } = await nextFree({ items: [WIPERS], storeIds: [SS15, SS2] });
    expect(data.list[0]).toMatchObject({ storeId: SS15, fits: true, date: '2025-06-04' });
    expect(data.list[0].time).not.toBe('08:30');
    for (const [i, storeId] of [SS15, SS2].entries()) {
      expect({ date: data.list[i].date, time: data.list[i].time }).toEqual(await firstOfSlots(storeId, [WIPERS]));
    }
  });

  test('a workshop closed on every date offered has no free time within the 30 days', async () => {
    const { data: slots } = await api.request(SLOTS, { storeId: SS2, items: [WIPERS] }, { userKey });
    for (const d of slots.dates as Day[]) {
      await api.db.execute(sql`insert into store_closures (workshop_id, date, reason, staff_id, created_at) values (${SS2}, ${d.date}, 'Renovation', ${randomUUID()}, now())`);
    }
    const { code, data } = await nextFree({ items: [WIPERS], storeIds: [SS2, SS15] });
    expect(code).toBe(200);
    expect(data.list[0]).toEqual({ storeId: SS2, fits: true, date: null, time: null });
    expect(data.list[1].date).not.toBeNull();
  });

  test('a workshop that does not do a line of the cart answers that it does not fit', async () => {
    // SS15 fits tyres, brakes and wipers, not services; the 51A studio only tint, cams, mats and wipers.
    const { data } = await nextFree({ items: [BASIC_SERVICE], storeIds: [SS15, TINT_51A, SS2] });
    expect(data.list.map((s: { storeId: string; fits: boolean }) => [s.storeId, s.fits])).toEqual([
      [SS15, false],
      [TINT_51A, false],
      [SS2, true],
    ]);
    expect(data.list[0]).toMatchObject({ date: null, time: null });
  });
});

describe('what it refuses', () => {
  test('without a login', async () => {
    const answer = await api.request(NEXT_FREE, { items: [WIPERS], storeIds: [SS2] });
    expect(answer.code).toBe(708);
  });

  test('no workshops, or more than 20', async () => {
    expect(await nextFree({ items: [WIPERS], storeIds: [] })).toMatchObject({ code: 400, msg: 'Workshops is too short.' });
    const many = Array.from({ length: 21 }, (_, i) => `workshop-${i}`);
    expect(await nextFree({ items: [WIPERS], storeIds: many })).toMatchObject({ code: 400, msg: 'Workshops: ask about at most 20 workshops at a time.' });
  });

  test('the same workshop twice, named where it repeats, in the customer’s language', async () => {
    expect(await nextFree({ items: [WIPERS], storeIds: [SS2, SS15, SS2] })).toMatchObject({ code: 400, msg: 'Workshop: the same workshop is named twice.', data: { field: 'storeIds.2' } });
    expect(await nextFree({ items: [WIPERS], storeIds: [SS2, SS2] }, 'ms_my')).toMatchObject({ code: 400, msg: 'Bengkel: bengkel yang sama disebut dua kali.' });
  });

  test('a workshop that does not exist, named by its place in the list', async () => {
    expect(await nextFree({ items: [WIPERS], storeIds: [SS2, 'no-such-workshop'] })).toMatchObject({ code: 404, data: { field: 'storeIds.1' } });
  });

  test('an id that is not a workshop id, an empty cart, an unknown product, an unknown field', async () => {
    expect(await nextFree({ items: [WIPERS], storeIds: ['Not An Id!'] })).toMatchObject({ code: 400, data: { field: 'storeIds.0' } });
    expect(await nextFree({ items: [], storeIds: [SS2] })).toMatchObject({ code: 400, data: { field: 'items' } });
    expect(await nextFree({ items: [{ productId: 'no-such-product', quantity: 1 }], storeIds: [SS2] })).toMatchObject({ code: 404 });
    expect(await nextFree({ items: [WIPERS], storeIds: [SS2], storeId: SS2 })).toMatchObject({ code: 400, msg: 'storeId is not a field of this call.' });
  });

  test('the same product on two lines, as the slots call refuses it', async () => {
    const refused = await nextFree({ items: [WIPERS, WIPERS], storeIds: [SS2] });
    expect(refused).toMatchObject({ code: 807, data: { field: 'items.1.productId' } });
    expect(refused.msg).toBe((await api.request(SLOTS, { storeId: SS2, items: [WIPERS, WIPERS] }, { userKey })).msg);
  });
});

describe('the OpenAPI document', () => {
  test('describes the call with its request and answer', async () => {
    const doc = (await (await api.fetch('/api/openapi.json')).json()) as { paths: Record<string, { post: unknown }> };
    const op = doc.paths['/api/app/order/vehicle/store/next-free']?.post;
    expect(op).toBeDefined();
    expect(JSON.stringify(op)).toContain('storeIds');
  });
});
