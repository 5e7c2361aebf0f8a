import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { klInstant } from '../../contract/rules/kl-calendar.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { BASIC_SERVICE, FIND, installOrder, rows, SLOTS, SS2, WIPERS } from './order-fixtures.ts';

/**
 * Warranty claims (docs/contracts/going-live.md §2): opened by the customer within 30 days of completion (KL
 * calendar, the 30th day included), one open claim per line; accepted (a free rework booked
 * through the same slots, no payment), rejected with a reason, or turned into a refund by an
 * admin; resolved when the rework is done. An SMS at each decision.
 */

const W = {
  add: '/api/app/warranty/add',
  mine: '/api/app/warranty/mine',
  book: '/api/app/warranty/book',
  page: '/api/console/warranty/page',
  accept: '/api/console/warranty/accept',
  reject: '/api/console/warranty/reject',
  refund: '/api/console/warranty/refund',
  resolve: '/api/console/warranty/resolve',
} as const;

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

const call = (path: string, body: unknown, userKey?: string, language = 'en_us') => api.request(path, body, { userKey, language });

/** An installation of wipers and a basic service at SS2, paid, started and completed now (the harness's Monday, 10:00 KL). */
async function completedJob(): Promise<{ orderNo: string; wipers: string; service: string }> {
  const orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS, BASIC_SERVICE] }));
  expect((await call(C.start, { orderNo }, k.ss2)).code).toBe(200);
  const done = await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2);
  expect(done.code, done.msg).toBe(200);
  const lines = done.data.lines as { lineId: string; productId: string }[];
  return { orderNo, wipers: lines.find((l) => l.productId === WIPERS.productId)!.lineId, service: lines.find((l) => l.productId === BASIC_SERVICE.productId)!.lineId };
}

/** Moves the harness's clock to a KL date and time; the customer logs in again (a session lasts 30 days). */
async function at(date: string, time = '10:00') {
  api.advance((klInstant(date, time).getTime() - api.now().getTime()) / 1000);
  k.customer = (await api.login('0123456789', { address: '10.0.0.4' })).userKey;
}

const claim = (orderNo: string, lineIds: string[], description = 'The wiper squeaks and leaves streaks on the glass.') => call(W.add, { orderNo, lineIds, description }, k.customer);

describe('opening a claim', () => {
  test('within the warranty: the claim is SUBMITTED with its lines and steps; mine says the last day and what may still be claimed', async () => {
    const { orderNo, wipers, service } = await completedJob();
    const opened = await claim(orderNo, [wipers]);
    expect(opened.code, opened.msg).toBe(200);
    expect(opened.data).toMatchObject({ orderNo, lastDay: '2025-07-02', daysLeft: 30, claimable: [{ lineId: service }] });
    expect(opened.data.claims).toEqual([
      expect.objectContaining({ claimNo: `${orderNo}-W1`, status: 'SUBMITTED', lines: [expect.objectContaining({ lineId: wipers })], completedOn: '2025-06-02', lastDay: '2025-07-02', rework: null }),
    ]);
    const order = await call(FIND, { orderNo }, k.customer);
    expect(order.data.history.at(-1).note).toBe(`Warranty claim ${orderNo}-W1 opened.`);
  });

  test('the 30th day after completion is the last, to KL midnight', async () => {
    const { orderNo, wipers, service } = await completedJob();
    await at('2025-07-02', '23:59');
    expect((await claim(orderNo, [wipers])).code).toBe(200);
    await at('2025-07-03', '00:00');
    const late = await claim(orderNo, [service], 'The oil filter leaks a little.');
    expect(late).toMatchObject({ code: 807, msg: 'The 30-day warranty of this order ended on Wed, 2 Jul 2025.' });
    expect((await call(W.mine, { orderNo }, k.customer)).data).toMatchObject({ daysLeft: -1, claimable: [] });
  });

  test('refused: an order not completed, a line not of the order, a line with an open claim, a short description, someone else’s order', async () => {
    const pending = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    expect(await claim(pending, ['00000000-0000-4000-8000-000000000000'])).toMatchObject({ code: 807, msg: 'A warranty claim is for an installation that has been completed.' });
    const { orderNo, wipers } = await completedJob();
    expect(await claim(orderNo, ['00000000-0000-4000-8000-000000000000'])).toMatchObject({ code: 807, msg: 'Choose the items of this order that the claim is about.' });
    expect((await claim(orderNo, [wipers])).code).toBe(200);
    const again = await claim(orderNo, [wipers]);
    expect(again.code).toBe(807);
    expect(again.msg).toMatch(/already has an open claim\.$/);
    expect((await claim(orderNo, [wipers], 'Squeaks')).code).toBe(400);
    const stranger = (await api.login('0198765432', { address: '10.0.0.9' })).userKey;
    expect((await call(W.add, { orderNo, lineIds: [wipers], description: 'The wiper squeaks on the glass.' }, stranger)).code).toBe(404);
    expect(await rows(api, sql`select count(*)::int as n from warranty_claims`)).toEqual([{ n: 1 }]);
  });

  test('in Malay and Chinese', async () => {
    const { orderNo, wipers } = await completedJob();
    await at('2025-07-10');
    expect(await call(W.add, { orderNo, lineIds: [wipers], description: 'Pengelap berbunyi dan meninggalkan kesan.' }, k.customer, 'ms_my')).toMatchObject({
      code: 807,
      msg: 'Waranti 30 hari pesanan ini tamat pada Rab, 2 Jul 2025.',
    });
    const zh = await call(W.add, { orderNo, lineIds: [wipers], description: '雨刮器有异响，刮不干净玻璃。' }, k.customer, 'zh_cn');
    expect(zh.code).toBe(807);
    expect(zh.msg).toContain('此订单的 30 天保修已于');
  });
});

describe('staff decide', () => {
  test('accept → the customer books the free rework through the slots, no payment → resolve; an SMS at each step; audited', async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    const sent = api.smsLines.length;

    const accepted = await call(W.accept, { claimId, note: 'Bring the car in; we will change the blade.' }, k.ss2);
    expect(accepted.code, accepted.msg).toBe(200);
    expect(accepted.data).toMatchObject({ status: 'ACCEPTED', decisionNote: 'Bring the car in; we will change the blade.', actions: { accept: false, reject: false, refund: false, resolve: true } });
    expect(api.smsLines.slice(sent).join('\n')).toContain(`your warranty claim on order ${orderNo} is accepted. Book the free repair at`);

    const slots = await call(SLOTS, { storeId: SS2, items: [WIPERS] }, k.customer);
    const day = slots.data.dates.find((d: { available: boolean }) => d.available);
    const time = day.times.find((t: { available: boolean }) => t.available).time as string;
    const booked = await call(W.book, { claimId, date: day.date, time }, k.customer);
    expect(booked.code, booked.msg).toBe(200);
    expect(booked.data.claims[0].rework).toEqual({ date: day.date, time });
    // The bay is taken: the same time is no longer offered for a job that needs that bay.
    const units = await rows<{ n: number }>(api, sql`select count(*)::int as n from booked_units where holder = 'claim' and holder_id = ${claimId} and state = 'booked'`);
    expect(units[0]!.n).toBeGreaterThan(0);
    // No payment was asked for.
    expect(await rows(api, sql`select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.order_no = ${orderNo}`)).toEqual([{ n: 1 }]);
    expect(api.smsLines.at(-1)).toContain(`free warranty repair for order ${orderNo} booked at`);
    // The workshop's day lists the rework by time and bay, with when it ends; other days do not.
    const day1 = await call(W.page, { date: day.date }, k.ss2);
    expect(day1.data.list).toEqual([expect.objectContaining({ claimId, rework: { date: day.date, time }, reworkJob: { endTime: expect.stringMatching(/^\d\d:\d\d$/), bay: expect.any(Number) } })]);
    expect(day1.data.list[0].reworkJob.endTime > time).toBe(true);
    expect((await call(W.page, { date: '2025-06-30' }, k.ss2)).data).toMatchObject({ list: [], total: 0 });
    expect(await call(W.page, { date: '2025-02-30' }, k.ss2)).toMatchObject({ code: 400 });

    // The rework's day comes (before it, resolving asks for a reason: the test below).
    api.advance(Math.max(0, (Date.parse(`${day.date}T${time}:00+08:00`) - api.now().getTime()) / 1000));
    const resolved = await call(W.resolve, { claimId }, k.ss2);
    expect(resolved.data).toMatchObject({ status: 'RESOLVED', actions: { resolve: false } });
    expect(api.smsLines.at(-1)).toContain(`the warranty repair for order ${orderNo} is done.`);
    const mine = await call(W.mine, { orderNo }, k.customer);
    expect(mine.data.claims[0].history.map((h: { status: string }) => h.status)).toEqual(['SUBMITTED', 'ACCEPTED', 'RESOLVED']);
    expect((await auditRows(api)).filter((r) => String(r.action).startsWith('console/warranty/')).map((r) => r.action)).toEqual(['console/warranty/accept', 'console/warranty/resolve']);
  });

  test('moving the free repair: the time it holds counts as free to its own claim, and to nobody else', async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect((await call(W.accept, { claimId }, k.ss2)).code).toBe(200);
    const when = { date: '2025-06-05', time: '10:00' };
    expect((await call(W.book, { claimId, ...when }, k.customer)).code).toBe(200);
    const free = async (userKey: string, own?: string) => {
      const answer = await call(SLOTS, { storeId: SS2, items: [WIPERS], ...(own ? { claimId: own } : {}) }, userKey);
      expect(answer.code, answer.msg).toBe(200);
      return answer.data.dates.find((d: { date: string }) => d.date === when.date).times.find((t: { time: string }) => t.time === when.time).available as boolean;
    };
    // Another customer takes the workshop's other bays at that time.
    const other = (await api.login('0198765432', { address: '60.1.1.1' })).userKey;
    for (let n = 0; n < 6 && (await free(other)); n++) await paidOrder(api, other, installOrder({ storeId: SS2, items: [WIPERS], appointment: when }));
    expect(await free(k.customer)).toBe(false);
    expect(await free(k.customer, claimId)).toBe(true);
    // The picker is offered times as long as the booked repair: the claimed lines' recorded fitting time.
    const [job] = (await call(W.page, { date: when.date }, k.ss2)).data.list;
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const offered = await call(SLOTS, { storeId: SS2, items: [WIPERS], claimId }, k.customer);
    expect(offered.data.fittingMinutes).toBe(minutes(job.reworkJob.endTime) - minutes(when.time));
    expect(await call(SLOTS, { storeId: SS2, items: [WIPERS], claimId }, other)).toMatchObject({ code: 404, data: { field: 'claimId' } });
    expect(await call(SLOTS, { storeId: SS2, items: [WIPERS], claimId: 'not-a-claim' }, k.customer)).toMatchObject({ code: 400, data: { field: 'claimId' } });
  });

  test('reject with a reason the customer reads; the line may be claimed again', async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect((await call(W.reject, { claimId, reason: ' ' }, k.ss2)).code).toBe(400);
    const rejected = await call(W.reject, { claimId, reason: 'The blade was cut by something sharp: not a fitting fault.' }, k.ss2);
    expect(rejected.data).toMatchObject({ status: 'REJECTED', decisionNote: 'The blade was cut by something sharp: not a fitting fault.' });
    expect(api.smsLines.at(-1)).toContain('was not accepted. The blade was cut by something sharp: not a fitting fault.');
    expect(await call(W.accept, { claimId }, k.ss2)).toMatchObject({ code: 807, msg: 'This claim has already been decided.' });
    expect((await claim(orderNo, [wipers], 'It squeaks again after the rain.')).code).toBe(200);
  });

  test('a refund instead of a repair: admins only, through the refund flow', async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect(await call(W.refund, { claimId, amountSen: 4_500 }, k.ss2)).toMatchObject({ code: 403 });
    const smsBefore = api.smsLines.length;
    const offered = await call(W.refund, { claimId, amountSen: 4_500 }, k.admin);
    expect(offered.code, offered.msg).toBe(200);
    // The sandbox pays it through its callback; settled here, not during the next test's reset.
    await api.payments.idle();
    expect(offered.data).toMatchObject({ status: 'REFUND_OFFERED', refundAmountSen: 4_500 });
    const order = await call(FIND, { orderNo }, k.customer);
    expect(order.data.refunds[0]).toMatchObject({ status: 'COMPLETED', amountSen: 4_500 });
    // One SMS for the click: the claim's, saying the refund is instead of the repair; not a
    // second one for the refund's approval. (The refund's completion is told when it completes.)
    const told = api.smsLines.slice(smsBefore).filter((line) => line.includes(orderNo));
    expect(told.filter((line) => line.includes('instead of a repair')), told.join('\n')).toEqual([expect.stringContaining(`instead of a repair, RM 45.00 for order ${orderNo} will be refunded`)]);
    expect(told.filter((line) => line.includes('is approved')), told.join('\n')).toEqual([]);
    // The claim names the refund it opened.
    expect(await rows(api, sql`select c.refund_id = r.id as linked from warranty_claims c join refunds r on r.order_id = c.order_id where c.id = ${claimId}`)).toEqual([{ linked: true }]);
  });

  test('a refund offered after the repair was booked frees its bay and takes it off the day', async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect((await call(W.accept, { claimId }, k.ss2)).code).toBe(200);
    const when = { date: '2025-06-05', time: '10:00' };
    expect((await call(W.book, { claimId, ...when }, k.customer)).code).toBe(200);
    const units = () => rows<{ n: number }>(api, sql`select count(*)::int as n from booked_units where holder = 'claim' and holder_id = ${claimId}`);
    expect((await units())[0]!.n).toBeGreaterThan(0);
    const offered = await call(W.refund, { claimId, amountSen: 3_000 }, k.admin);
    expect(offered.code, offered.msg).toBe(200);
    await api.payments.idle();
    expect(offered.data).toMatchObject({ status: 'REFUND_OFFERED', rework: null, reworkJob: null });
    expect(await units()).toEqual([{ n: 0 }]);
    expect((await call(W.page, { date: when.date }, k.ss2)).data.list).toEqual([]);
  });

  test("closing the workshop on a free repair's day tells its customer, who moves the repair to another day", async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect((await call(W.accept, { claimId }, k.ss2)).code).toBe(200);
    const when = { date: '2025-06-05', time: '10:00' };
    expect((await call(W.book, { claimId, ...when }, k.customer)).code).toBe(200);
    // What the closure would hit counts the repair's order, as the closure tells it.
    expect((await call('/api/console/stores/bookings', { storeId: SS2, date: when.date }, k.admin)).data.bookings).toBe(1);
    const smsBefore = api.smsLines.length;
    const closed = await call(C.closure, { storeId: SS2, date: when.date, reason: 'Flood' }, k.admin);
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data.told).toBe(1);
    expect(api.smsLines.slice(smsBefore).filter((line) => line.includes(orderNo))).toEqual([expect.stringContaining(`is closed on Thu, 5 Jun 2025 (Flood). Rebook order ${orderNo} free in My Orders.`)]);
    const order = await call(FIND, { orderNo }, k.customer);
    expect(order.data.history.map((h: { note: string }) => h.note)).toContainEqual(expect.stringContaining('Flood'));
    // The repair moves off the closed day.
    const moved = await call(W.book, { claimId, date: '2025-06-06', time: '10:00' }, k.customer);
    expect(moved.code, moved.msg).toBe(200);
  });

  test("resolved before its booked repair's day only with a reason, as a job started early", async () => {
    const { orderNo, wipers } = await completedJob();
    const claimId = (await claim(orderNo, [wipers])).data.claims[0].claimId as string;
    expect((await call(W.accept, { claimId }, k.ss2)).code).toBe(200);
    expect((await call(W.book, { claimId, date: '2025-06-05', time: '10:00' }, k.customer)).code).toBe(200);
    const writes = await api.writes();
    expect(await call(W.resolve, { claimId }, k.ss2)).toMatchObject({ code: 807, msg: 'The rework is booked for Thu, 5 Jun 2025. To resolve the claim before then, say why.' });
    expect(await call(W.resolve, { claimId, note: '   ' }, k.ss2, 'ms_my')).toMatchObject({ code: 807, msg: 'Kerja semula ditempah pada Kha, 5 Jun 2025. Untuk menyelesaikan tuntutan sebelum itu, nyatakan sebabnya.' });
    expect(await api.writes()).toBe(writes);
    const resolved = await call(W.resolve, { claimId, note: 'The customer came in early; the blade is changed.' }, k.ss2);
    expect(resolved.code, resolved.msg).toBe(200);
    expect(resolved.data.status).toBe('RESOLVED');
    // On the booked day itself no reason is asked.
    const other = await completedJob();
    const second = (await claim(other.orderNo, [other.wipers])).data.claims[0].claimId as string;
    expect((await call(W.accept, { claimId: second }, k.ss2)).code).toBe(200);
    expect((await call(W.book, { claimId: second, date: '2025-06-05', time: '11:00' }, k.customer)).code).toBe(200);
    api.advance(3 * 24 * 3600);
    expect((await call(W.resolve, { claimId: second }, k.ss2)).code).toBe(200);
  });

  test('workshop staff see and decide only their own jobs; the page lists oldest first', async () => {
    const first = await completedJob();
    const second = await completedJob();
    await claim(first.orderNo, [first.wipers]);
    api.advance(60);
    await claim(second.orderNo, [second.service], 'The engine light came on the day after.');
    const page = await call(W.page, { pageNum: 1, pageSize: 10 }, k.ss2);
    expect(page.data.list.map((c: { orderNo: string }) => c.orderNo)).toEqual([first.orderNo, second.orderNo]);
    expect((await call(W.page, { pageNum: 1, pageSize: 10 }, k.segambut)).data.total).toBe(0);
    const claimId = page.data.list[0].claimId as string;
    expect(await call(W.accept, { claimId }, k.segambut)).toMatchObject({ code: 403, msg: 'This order belongs to another workshop.' });
    expect((await call(W.page, { pageNum: 1, pageSize: 10 }, k.customer)).code).toBe(403);
  });
});

describe('workshops held to account', () => {
  test('the dashboard shows claims per 100 jobs and the tyres fitted near the age limit, per workshop', async () => {
    const { orderNo, wipers } = await completedJob();
    await completedJob();
    await claim(orderNo, [wipers]);
    // Four tyres: two new, one 11 months old (within 2 months of the 12-month promise), one 12 months and a week (an admin's override).
    const tyreOrder = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [{ productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } }] }));
    const started = await call(C.start, { orderNo: tyreOrder }, k.ss2);
    const lineId = started.data.lines[0].lineId as string;
    const tyres = ['2325', '2225', '2724', '2224'].map((dot) => ({ lineId, dot }));
    const done = await call(C.complete, { orderNo: tyreOrder, odometerKm: 46_000, tyres, override: { reason: 'Customer asked for this set' }, notReserved: { reason: 'Fitted from the shelf' } }, k.admin);
    expect(done.code, done.msg).toBe(200);

    const board = await call(C.dashboard, {}, k.admin);
    const ss2 = board.data.stores.find((s: { id: string }) => s.id === SS2);
    expect(ss2.warranty).toEqual({ jobs: 3, claims: 1, claimsPer100Jobs: 33.3, tyresFitted: 4, tyresNearLimit: 2 });
  });

  test('a claim on a tyre fitted older than the promise is accepted as it opens, and the customer is told', async () => {
    const tyreOrder = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [{ productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } }] }));
    const lineId = (await call(C.start, { orderNo: tyreOrder }, k.ss2)).data.lines[0].lineId as string;
    const tyres = ['2325', '2325', '2325', '2224'].map((dot) => ({ lineId, dot }));
    expect((await call(C.complete, { orderNo: tyreOrder, odometerKm: 46_000, tyres, override: { reason: 'Last set in this size' }, notReserved: { reason: 'Fitted from the shelf' } }, k.admin)).code).toBe(200);
    const opened = await claim(tyreOrder, [lineId], 'One tyre has a bulge on the sidewall.');
    expect(opened.data.claims[0]).toMatchObject({ status: 'ACCEPTED', preApproved: true });
    expect(opened.data.claims[0].history.map((h: { status: string; by: string }) => [h.status, h.by])).toEqual([
      ['SUBMITTED', 'customer'],
      ['ACCEPTED', 'system'],
    ]);
    expect(api.smsLines.at(-1)).toContain(`your warranty claim on order ${tyreOrder} is accepted.`);
  });
});
