import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { ADD, BASIC_SERVICE, installOrder, SLOTS, SS15, SS2, WIPERS } from './order-fixtures.ts';

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
const slots = (storeId: string, items: unknown[], language?: string) => api.request(SLOTS, { storeId, items }, { userKey, language });
const day = (dates: Day[], date: string) => dates.find((d) => d.date === date)!;
const free = (d: Day) => d.times.filter((t) => t.available).map((t) => t.time);

describe('a workshop’s dates and times for a cart', () => {
  test('30 dates from two days ahead, Sundays left out, every half hour from opening that ends by closing', async () => {
    const { code, data } = await slots(SS2, [WIPERS, BASIC_SERVICE]);
    expect(code).toBe(200);
    expect(data.storeId).toBe(SS2);
    expect(data.fittingMinutes).toBe(90);
    expect(data.dates).toHaveLength(30);
    expect(data.dates[0].date).toBe('2025-06-04');
    expect(data.dates.map((d: Day) => d.date)).not.toContain('2025-06-08');
    const first = data.dates[0];
    expect(first.times[0]).toEqual({ time: '08:30', available: true });
    // A 90-minute job must end by 18:30: 17:00 is the last start, and no later time is listed as taken in an empty workshop.
    expect(first.times.at(-1)).toEqual({ time: '17:00', available: true });
    expect(first.times.every((t: Day['times'][number]) => t.available)).toBe(true);
  });

  test('a time stays offered until every bay is held for it', async () => {
    const at10 = () => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: '10:00' } });
    for (let i = 0; i < 2; i++) await api.request(ADD, at10(), { userKey });
    expect(free(day((await slots(SS15, [WIPERS])).data.dates, '2025-06-04'))).toContain('10:00');
    await api.request(ADD, at10(), { userKey });
    const wed = free(day((await slots(SS15, [WIPERS])).data.dates, '2025-06-04'));
    expect(wed).not.toContain('10:00');
    expect(wed).toContain('09:30');
    expect(wed).toContain('10:30');
    // Another day is untouched.
    expect(free(day((await slots(SS15, [WIPERS])).data.dates, '2025-06-05'))).toContain('10:00');
  });

  test('a longer job needs one bay free for all of it, not a free bay in each half hour', async () => {
    // Held by other orders: bay 1 and bay 3 at 10:00, bay 2 at 10:30. Each half hour has a free bay, no bay has both.
    const other = randomUUID();
    for (const [unit, bay] of [[20, 1], [20, 3], [21, 2]]) {
      await api.db.execute(sql`insert into booked_units (workshop_id, date, unit, bay, holder, holder_id, state, created_at) values (${SS15}, '2025-06-04', ${unit}, ${bay}, 'order', ${other}, 'held', now())`);
    }
    const brakes = [{ productId: 'brakepads-perodua-genuine-front', quantity: 1 }];
    const wed = free(day((await slots(SS15, brakes)).data.dates, '2025-06-04'));
    expect(wed).not.toContain('10:00');
    expect(wed).toContain('09:30');
    expect(wed).toContain('10:30');
    // A wiper job (one half hour) still fits at 10:00, in bay 2.
    expect(free(day((await slots(SS15, [WIPERS])).data.dates, '2025-06-04'))).toContain('10:00');
    const placed = await api.request(ADD, installOrder({ storeId: SS15, items: brakes, appointment: { date: '2025-06-04', time: '10:00' } }), { userKey });
    expect(placed).toMatchObject({ code: 807, msg: 'That time was just taken, please choose another.' });
  });

  test("the workshop's closed days are not offered (Chinese New Year 2026)", async () => {
    // Friday 13 February 2026, 10:00 in Kuala Lumpur.
    api.advance((Date.parse('2026-02-13T02:00:00Z') - api.now().getTime()) / 1000);
    ({ userKey } = await api.login('0123456789'));
    const dates = (await slots(SS2, [WIPERS])).data.dates.map((d: Day) => d.date);
    expect(dates.slice(0, 3)).toEqual(['2026-02-16', '2026-02-19', '2026-02-20']);
  });

  test('the dates move with the clock, in Kuala Lumpur time', async () => {
    // 23:59 on Monday in Kuala Lumpur (15:59 UTC): still Monday, the first date stays Wednesday.
    api.advance(13 * 3600 + 59 * 60);
    expect((await slots(SS2, [WIPERS])).data.dates[0].date).toBe('2025-06-04');
    api.advance(60);
    expect((await slots(SS2, [WIPERS])).data.dates[0].date).toBe('2025-06-05');
    api.advance(DAY_SECONDS);
    expect((await slots(SS2, [WIPERS])).data.dates[0].date).toBe('2025-06-06');
  });
});

describe('bad requests', () => {
  test('a workshop that does not handle a line of the cart, named in the language asked', async () => {
    expect(await slots(SS15, [WIPERS, BASIC_SERVICE])).toEqual({
      code: 807,
      msg: 'This workshop does not handle Basic service. Please choose another workshop.',
      data: { field: 'storeId', lineIndex: 1 },
    });
    expect((await slots(SS15, [WIPERS, BASIC_SERVICE], 'ms_my')).msg).toBe('Bengkel ini tidak mengendalikan Servis asas. Sila pilih bengkel lain.');
  });

  test('an unknown workshop or product', async () => {
    expect(await slots('petaling-jaya-nowhere', [WIPERS])).toMatchObject({ code: 404, data: { field: 'storeId' } });
    expect(await slots(SS2, [{ productId: 'wiper-made-up', quantity: 1 }])).toMatchObject({ code: 404, data: { field: 'items.0.productId' } });
  });

  test('an empty cart, or a malformed workshop id', async () => {
    expect(await slots(SS2, [])).toEqual({ code: 400, msg: 'Your cart is empty.', data: { field: 'items' } });
    expect(await slots('SS2 Petaling Jaya', [WIPERS])).toEqual({ code: 400, msg: 'Workshop is not valid.', data: { field: 'storeId' } });
  });

  test('login first', async () => {
    expect((await api.request(SLOTS, { storeId: SS2, items: [WIPERS] })).code).toBe(708);
  });
});
