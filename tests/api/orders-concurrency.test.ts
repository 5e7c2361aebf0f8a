import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADD, count, FIND, installOrder, latestPaymentOf, placeAndStartPaying, postCallback, pressInSandbox, rows, sandboxEvent, SS15, WIPERS } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('checkout under concurrent requests through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  /** `n` customers logged in, each from an address of their own (the per-address code limit). */
  async function customers(n: number) {
    const keys: string[] = [];
    for (let i = 0; i < n; i++) keys.push((await (i % 2 ? apis.b : apis.a).login(`017${String(i).padStart(7, '0')}`, { address: `60.${i}.1.1` })).userKey);
    return keys;
  }
  const via = (i: number) => (i % 2 ? apis.b : apis.a);
  const at = (time: string, items: unknown[] = [WIPERS]) => installOrder({ storeId: SS15, items, appointment: { date: '2025-06-04', time } });

  test('100 customers order the same time at a workshop with 3 bays: exactly 3 hold it, 97 are told it was just taken, no 500', async () => {
    const keys = await customers(100);
    const answers = await Promise.all(keys.map((userKey, i) => via(i).request(ADD, at('10:00'), { userKey })));
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.code !== 200)).toEqual(
      Array.from({ length: 97 }, () => ({ code: 807, msg: 'That time was just taken, please choose another.', data: { field: 'appointment' } })),
    );
    const units = await rows<{ unit: number; bay: number; state: string }>(apis.a, sql`select unit, bay, state from booked_units where workshop_id = ${SS15} order by bay`);
    expect(units).toEqual([1, 2, 3].map((bay) => ({ unit: 20, bay, state: 'held' })));
    expect(answers.filter((r) => r.code === 200).map((r) => r.data.appointment.bay).sort()).toEqual([1, 2, 3]);
    expect(await count(apis.a, sql`select count(*)::int as n from orders`)).toBe(3);
    expect(await count(apis.a, sql`select count(*)::int as n from jobs`)).toBe(3);
  });

  test('three customers at once for a time with three bays: each gets one (a bay taken meanwhile sends an order on to the next)', async () => {
    // Three new customers each trial: one customer may have only five unpaid orders.
    const everyone = await customers(45);
    const failures: string[] = [];
    for (let trial = 0; trial < 15; trial++) {
      const time = `${String(9 + Math.floor(trial / 2)).padStart(2, '0')}:${trial % 2 ? '30' : '00'}`;
      const keys = everyone.slice(trial * 3, trial * 3 + 3);
      const answers = await Promise.all(keys.map((userKey, i) => via(i).request(ADD, at(time), { userKey })));
      const codes = answers.map((r) => r.code);
      if (codes.some((c) => c !== 200)) failures.push(`${time}: ${codes.join('/')}`);
    }
    expect(failures).toEqual([]);
    expect(await count(apis.a, sql`select count(distinct (unit, bay))::int as n from booked_units`)).toBe(45);
  });

  test('hour-long jobs racing for overlapping times: every order gets one bay for its whole job, or nothing', async () => {
    const keys = await customers(60);
    const brakes = [{ productId: 'brakepads-perodua-genuine-front', quantity: 1 }];
    const times = ['09:30', '10:00', '10:30'];
    const answers = await Promise.all(keys.map((userKey, i) => via(i).request(ADD, at(times[i % 3]!, brakes), { userKey })));
    expect(answers.every((r) => r.code === 200 || (r.code === 807 && r.msg === 'That time was just taken, please choose another.'))).toBe(true);
    const placed = answers.filter((r) => r.code === 200).map((r) => r.data.orderNo as string);
    // 3 bays × units 19–22: at most 6 two-unit jobs; at least 3 (each time can always take one).
    expect(placed.length).toBeGreaterThanOrEqual(3);
    expect(placed.length).toBeLessThanOrEqual(6);
    const perOrder = await rows<{ order_no: string; units: number; bays: number }>(
      apis.a,
      sql`select o.order_no, count(*)::int as units, count(distinct u.bay)::int as bays from booked_units u join orders o on o.id = u.holder_id group by o.order_no`,
    );
    expect(perOrder.map((o) => o.order_no).sort()).toEqual([...placed].sort());
    expect(perOrder.every((o) => o.units === 2 && o.bays === 1)).toBe(true);
  });

  test('one customer sends twelve different orders at once through both processes: five are placed, the rest refused', async () => {
    const [userKey] = await customers(1);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'];
    const answers = await Promise.all(times.map((time, i) => via(i).request(ADD, at(time), { userKey })));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.code !== 200).map((r) => [r.code, r.msg])).toEqual(
      Array.from({ length: 7 }, () => [807, 'You have 5 orders waiting for payment. Please pay or cancel one of them before placing another.']),
    );
    expect(await count(apis.a, sql`select count(*)::int as n from orders where status = 'PENDING_PAYMENT'`)).toBe(5);
    expect(await count(apis.a, sql`select count(distinct holder_id)::int as n from booked_units`)).toBe(5);
  });

  test('the same checkout sent ten times at once through both processes: one order, the same answer', async () => {
    const [userKey] = await customers(1);
    const body = at('11:00');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => via(i).request(ADD, body, { userKey })));
    expect(new Set(answers.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(answers[0]!.code).toBe(200);
    expect(await count(apis.a, sql`select count(*)::int as n from orders`)).toBe(1);
    expect(await count(apis.a, sql`select count(*)::int as n from booked_units`)).toBe(1);
  });

  test('a once-per-customer coupon used by ten orders at once: one gets it', async () => {
    apis.a.advance((Date.parse('2026-03-02T02:00:00Z') - apis.a.now().getTime()) / 1000);
    const [userKey] = await customers(1);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];
    const items = [WIPERS, { productId: 'brakepads-perodua-genuine-front', quantity: 1 }];
    const answers = await Promise.all(
      times.map((time, i) => via(i).request(ADD, installOrder({ storeId: SS15, items, appointment: { date: '2026-03-04', time }, couponCode: 'SAVE20' }), { userKey })),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.code !== 200).map((r) => r.msg)).toEqual(Array.from({ length: 9 }, () => 'You have already used this coupon as many times as it allows.'));
    expect(await count(apis.a, sql`select count(*)::int as n from coupon_uses`)).toBe(1);
  });

  test('a payment callback replayed 50 times at once through both processes: one payment, one SMS', async () => {
    const [userKey] = await customers(1);
    const { orderNo, redirectUrl } = await placeAndStartPaying(apis.a, userKey, at('10:00'));
    apis.a.loseCallbacks(true);
    await pressInSandbox(apis.a, redirectUrl);
    apis.a.loseCallbacks(false);
    const { body, headers } = apis.a.lostCallbacks[0]!;
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => postCallback(via(i), body, headers['X-Sandbox-Signature'])));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const outcomes = await Promise.all(replies.map((r) => r.json() as Promise<{ duplicate: boolean }>));
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    const order = (await apis.a.request(FIND, { orderNo }, { userKey })).data;
    expect(order).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 8900 });
    expect(order.history).toHaveLength(2);
    expect(await rows(apis.a, sql`select outcome, repeats from payment_events`)).toEqual([{ outcome: 'applied', repeats: 49 }]);
    const paidSms = [...apis.a.smsLines, ...apis.b.smsLines].filter((l) => l.includes(`order ${orderNo} is paid`));
    expect(paidSms).toHaveLength(1);
  });

  test('a tampered callback and a wrong amount, sent through both processes: refused, nothing changed', async () => {
    const [userKey] = await customers(1);
    const { orderNo, redirectUrl } = await placeAndStartPaying(apis.a, userKey, at('10:00'));
    apis.a.loseCallbacks(true);
    await pressInSandbox(apis.a, redirectUrl);
    apis.a.loseCallbacks(false);
    const { body, headers } = apis.a.lostCallbacks[0]!;
    const payment = await latestPaymentOf(apis.a, orderNo);
    const replies = await Promise.all([
      postCallback(apis.a, body.replace('"amountSen":8900', '"amountSen":1'), headers['X-Sandbox-Signature']),
      postCallback(apis.b, body.replace('"amountSen":8900', '"amountSen":1'), headers['X-Sandbox-Signature']),
      postCallback(apis.a, sandboxEvent({ checkout: payment.provider_ref, paymentId: payment.id, orderNo, amountSen: 1 })),
      postCallback(apis.b, sandboxEvent({ checkout: payment.provider_ref, paymentId: payment.id, orderNo, amountSen: 8900, currency: 'SGD' })),
    ]);
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect((await apis.a.request(FIND, { orderNo }, { userKey })).data).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });
    expect(await latestPaymentOf(apis.a, orderNo)).toMatchObject({ state: 'pending' });
    expect(await rows(apis.a, sql`select state from booked_units`)).toEqual([{ state: 'held' }]);
  });

  test('two workers on the time-outs at once: each unpaid order is cancelled once, its bay freed', async () => {
    const keys = await customers(20);
    for (const [i, userKey] of keys.entries()) expect((await via(i).request(ADD, at(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'][i % 7]!), { userKey })).code).toBe(200);
    apis.a.advance(30 * 60);
    const [ranA, ranB] = await Promise.all([apis.a.runJobs(), apis.b.runJobs()]);
    expect(ranA + ranB).toBe(20);
    expect(await count(apis.a, sql`select count(*)::int as n from order_history where status = 'CANCELLED'`)).toBe(20);
    expect(await count(apis.a, sql`select count(*)::int as n from booked_units`)).toBe(0);
    expect(await count(apis.a, sql`select count(*)::int as n from jobs where done_at is null`)).toBe(0);
  });
});
