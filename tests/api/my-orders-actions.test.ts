import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { ADD, count, FIND, FIRST_DAY, installOrder, mailOrder, pickupOrder, rows, SS15, SS2, unitsAt, WIPERS } from './order-fixtures.ts';
import { CANCEL, CHANGE_TIME, DEL, PAGE, paidOrder, scratchDataDir, setOrder } from './my-orders-fixtures.ts';

let api: TestApi;
let me: string;
let other: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
  other = (await api.login('0198765432', { address: '60.1.1.1' })).userKey;
});

const place = async (body: Record<string, unknown>, userKey = me) => {
  const placed = await api.request(ADD, body, { userKey });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data.orderNo as string;
};
/** Wipers at Subang Jaya SS15 (3 bays): one 30-minute unit. */
const ss15 = (overrides: Record<string, unknown> = {}) => installOrder({ storeId: SS15, items: [WIPERS], ...overrides });
const find = (orderNo: string, userKey = me, language = 'en_us') => api.request(FIND, { orderNo }, { userKey, language });

describe('app/page: the orders by tab', () => {
  test('newest first, paged, each tab counted; deleted orders and other customers’ orders are left out', async () => {
    const unpaid = await place(mailOrder());
    api.advance(60);
    const paid = await paidOrder(api, me, mailOrder());
    api.advance(60);
    const cancelled = await place(pickupOrder());
    await api.request(CANCEL, { orderNo: cancelled, reason: 'Changed my mind' }, { userKey: me });
    await place(mailOrder(), other);

    const all = await api.request(PAGE, { pageNum: 1, pageSize: 2 }, { userKey: me });
    expect(all.code).toBe(200);
    expect(all.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([cancelled, paid]);
    expect(all.data.total).toBe(3);
    expect(all.data.counts).toEqual({ ALL: 3, PENDING_PAYMENT: 1, UPCOMING: 1, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 1, REFUNDED: 0, REFUND: 0 });
    const second = await api.request(PAGE, { pageNum: 2, pageSize: 2 }, { userKey: me });
    expect(second.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([unpaid]);

    const upcoming = await api.request(PAGE, { status: 'UPCOMING', pageNum: 1, pageSize: 10 }, { userKey: me });
    expect(upcoming.data.total).toBe(1);
    const card = upcoming.data.list[0];
    expect(card).toMatchObject({
      orderNo: paid,
      status: 'UPCOMING',
      stage: 'TO_SHIP',
      method: 'mail',
      firstLine: { productId: WIPERS.productId, quantity: 1 },
      moreLines: 0,
      car: { plate: 'WXY 1234' },
      refund: null,
      actions: { pay: false, cancel: false, changeTime: false, refund: true, revokeRefund: false, delete: false },
    });

    await api.request(DEL, { orderNo: cancelled }, { userKey: me });
    const after = await api.request(PAGE, {}, { userKey: me });
    expect(after.data.counts.ALL).toBe(2);
    expect(after.data.counts.CANCELLED).toBe(0);
  });

  test('an order placed in English names its products in the language it is read in', async () => {
    const orderNo = await place(mailOrder());
    const names = async (language: string) => {
      const page = await api.request(PAGE, {}, { userKey: me, language });
      const detail = await find(orderNo, me, language);
      return [page.data.list[0].firstLine.name, detail.data.lines[0].name];
    };
    expect(await names('en_us')).toEqual(['Bosch AeroTwin wiper blades', 'Bosch AeroTwin wiper blades']);
    expect(await names('zh_cn')).toEqual(['Bosch AeroTwin 雨刮', 'Bosch AeroTwin 雨刮']);
    expect(await names('ms_my')).toEqual(['Bilah pengelap Bosch AeroTwin', 'Bilah pengelap Bosch AeroTwin']);
  });

  test('an unknown tab, a page size above 50 and no login are refused', async () => {
    expect((await api.request(PAGE, { status: 'LOST' }, { userKey: me })).code).toBe(400);
    expect((await api.request(PAGE, { pageSize: 51 }, { userKey: me })).code).toBe(400);
    expect((await api.request(PAGE, {})).code).toBe(708);
  });
});

describe('app/cancel', () => {
  test('cancels an unpaid order with its reason: the held time is free again and the coupon can be used again', async () => {
    // Monday 2 March 2026, 10:00: the demo coupons are valid.
    api.advance((Date.parse('2026-03-02T10:00:00+08:00') - api.now().getTime()) / 1000);
    const march = { date: '2026-03-04', time: '10:00' };
    me = (await api.login('0123456789')).userKey;
    const orderNo = await place(ss15({ couponCode: 'SERVAUTO10', appointment: march }));
    expect(await unitsAt(api, SS15, march.date)).toHaveLength(1);
    expect(await count(api, sql`select count(*)::int as n from coupon_uses where returned_at is null`)).toBe(1);
    const answer = await api.request(CANCEL, { orderNo, reason: '  Found a closer workshop  ' }, { userKey: me });
    expect(answer.code).toBe(200);
    expect(answer.data.status).toBe('CANCELLED');
    expect(answer.data.history.at(-1)).toMatchObject({ status: 'CANCELLED', by: 'customer', note: 'Found a closer workshop' });
    expect(answer.data.actions).toMatchObject({ pay: false, cancel: false, delete: true });
    expect(await unitsAt(api, SS15, march.date)).toEqual([]);
    expect(await count(api, sql`select count(*)::int as n from coupon_uses where returned_at is null`)).toBe(0);
  });

  test('refusals: no reason, a reason over 200 characters, a paid order, another customer’s order; none changes anything', async () => {
    const orderNo = await place(mailOrder());
    const noReason = await api.request(CANCEL, { orderNo, reason: '   ' }, { userKey: me });
    expect(noReason).toMatchObject({ code: 400, msg: 'Please give a reason for cancelling.' });
    const missing = await api.request(CANCEL, { orderNo }, { userKey: me, language: 'ms_my' });
    expect(missing.msg).toBe('Sila nyatakan sebab pembatalan.');
    const long = await api.request(CANCEL, { orderNo, reason: 'x'.repeat(201) }, { userKey: me, language: 'zh_cn' });
    expect(long).toMatchObject({ code: 400, msg: '原因最多 200 个字符。' });
    const someoneElse = await api.request(CANCEL, { orderNo, reason: 'mine now' }, { userKey: other });
    expect(someoneElse).toMatchObject({ code: 404, msg: 'We cannot find that order.' });
    expect((await find(orderNo)).data.status).toBe('PENDING_PAYMENT');

    const paid = await paidOrder(api, me, mailOrder());
    const late = await api.request(CANCEL, { orderNo: paid, reason: 'too late' }, { userKey: me });
    expect(late).toMatchObject({ code: 807, msg: 'Only an order waiting for payment can be cancelled.' });
    expect((await find(paid)).data.status).toBe('UPCOMING');
  });
});

describe('app/del', () => {
  test('hides an ended order from its owner; the order and its history stay in the database', async () => {
    const orderNo = await place(mailOrder());
    await api.request(CANCEL, { orderNo, reason: 'Wrong car' }, { userKey: me });
    const gone = await api.request(DEL, { orderNo }, { userKey: me });
    expect(gone).toMatchObject({ code: 200, data: { orderNo, deleted: true } });
    expect((await find(orderNo)).code).toBe(404);
    expect((await api.request(DEL, { orderNo }, { userKey: me })).code).toBe(404);
    const [row] = await rows<{ status: string; hidden: boolean; hidden_at: Date | null }>(api, sql`select status, hidden, hidden_at from orders where order_no = ${orderNo}`);
    expect(row).toMatchObject({ status: 'CANCELLED', hidden: true });
    expect(row!.hidden_at).not.toBeNull();
    expect(await count(api, sql`select count(*)::int as n from order_history h join orders o on o.id = h.order_id where o.order_no = ${orderNo} and h.note_key = 'history.deleted'`)).toBe(1);
  });

  test('refusals: an unpaid or upcoming order, a completed one with a refund under way, another customer’s order', async () => {
    const unpaid = await place(mailOrder());
    expect(await api.request(DEL, { orderNo: unpaid }, { userKey: me })).toMatchObject({ code: 807, msg: 'Only a completed, cancelled or refunded order can be deleted.' });
    const paid = await paidOrder(api, me, mailOrder());
    expect((await api.request(DEL, { orderNo: paid }, { userKey: me })).code).toBe(807);
    await setOrder(api, paid, { status: 'COMPLETED', completedAt: api.now() });
    expect((await api.request(DEL, { orderNo: paid }, { userKey: other })).code).toBe(404);
    await api.request('/api/app/order/vehicle/order/app/refund', { orderNo: paid, reason: 'Squeaks', contact: '0123456789' }, { userKey: me });
    expect(await api.request(DEL, { orderNo: paid }, { userKey: me })).toMatchObject({ code: 807, msg: 'This order already has a refund request in progress.' });
    expect((await api.request(PAGE, {}, { userKey: me })).data.counts.ALL).toBe(2);
  });
});

describe('app/update/install/time', () => {
  const later = { date: '2025-06-05', time: '14:00' };

  test('moves a booked installation: the new time is booked, the old one free, the change in the history and SMS timeline', async () => {
    const orderNo = await paidOrder(api, me, ss15());
    const answer = await api.request(CHANGE_TIME, { orderNo, ...later }, { userKey: me });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.appointment).toMatchObject(later);
    expect(answer.data.reschedulesLeft).toBe(2);
    expect(answer.data.history.at(-1)).toMatchObject({
      status: 'UPCOMING',
      stage: 'BOOKED',
      by: 'customer',
      note: 'Installation time changed from Wed, 4 Jun 2025, 10:00 to Thu, 5 Jun 2025, 14:00.',
    });
    expect(await unitsAt(api, SS15, FIRST_DAY.date)).toEqual([]);
    const units = await unitsAt(api, SS15, later.date);
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((u) => u.state === 'booked' && u.order_no === orderNo)).toBe(true);
  });

  test('a later time on the same day that overlaps the old one is taken even when it needs the same bay', async () => {
    // Wipers and a basic service at SS2 (6 bays): 10:00–11:30.
    const orderNo = await paidOrder(api, me, installOrder());
    // The other five bays are taken at 10:30 by other customers.
    for (let i = 1; i <= 5; i++) {
      const key = (await api.login(`017111111${i}`, { address: `60.2.${i}.1` })).userKey;
      await place(installOrder({ appointment: { date: FIRST_DAY.date, time: '10:30' } }), key);
    }
    const answer = await api.request(CHANGE_TIME, { orderNo, date: FIRST_DAY.date, time: '10:30' }, { userKey: me });
    expect(answer.code, answer.msg).toBe(200);
    const mine = (await unitsAt(api, SS2, FIRST_DAY.date)).filter((u) => u.order_no === orderNo);
    expect(mine.map((u) => [u.unit, u.bay, u.state])).toEqual([
      [21, 1, 'booked'],
      [22, 1, 'booked'],
      [23, 1, 'booked'],
    ]);
  });

  test('refusals: into a full time, inside 24 hours, a fourth change, a date not offered, a mail order, another customer’s order', async () => {
    const orderNo = await paidOrder(api, me, ss15());
    // Three others hold every bay of SS15 at 15:00 on the 5th.
    for (const phone of ['0171111111', '0172222222', '0173333333']) {
      const key = (await api.login(phone, { address: `60.3.${phone.at(-1)}.1` })).userKey;
      await place(ss15({ appointment: { date: later.date, time: '15:00' } }), key);
    }
    const full = await api.request(CHANGE_TIME, { orderNo, date: later.date, time: '15:00' }, { userKey: me });
    expect(full).toMatchObject({ code: 807, msg: 'That time was just taken, please choose another.' });
    expect((await unitsAt(api, SS15, FIRST_DAY.date)).filter((u) => u.order_no === orderNo)).toHaveLength(1);

    expect((await api.request(CHANGE_TIME, { orderNo, date: '2025-06-03', time: '10:00' }, { userKey: me })).msg).toBe('Please choose one of the dates offered.');
    expect((await api.request(CHANGE_TIME, { orderNo, ...later }, { userKey: other })).code).toBe(404);
    const mail = await paidOrder(api, me, mailOrder());
    expect((await api.request(CHANGE_TIME, { orderNo: mail, ...later }, { userKey: me })).code).toBe(807);

    for (const time of ['11:00', '12:00', '13:00']) expect((await api.request(CHANGE_TIME, { orderNo, date: later.date, time }, { userKey: me })).code).toBe(200);
    const fourth = await api.request(CHANGE_TIME, { orderNo, date: later.date, time: '16:00' }, { userKey: me });
    expect(fourth).toMatchObject({ code: 807, msg: 'The installation time of this order has already been changed 3 times, the most allowed.' });
    expect((await find(orderNo)).data).toMatchObject({ reschedulesLeft: 0, actions: { changeTime: false }, appointment: { date: later.date, time: '13:00' } });

    const soon = await paidOrder(api, me, ss15({ appointment: { date: '2025-06-04', time: '15:00' } }));
    api.advance(DAY_SECONDS + 5 * 3600 + 1); // Tuesday 15:00:01, less than 24 hours before
    const inside = await api.request(CHANGE_TIME, { orderNo: soon, date: '2025-06-06', time: '10:00' }, { userKey: me, language: 'zh_cn' });
    expect(inside).toMatchObject({ code: 807, msg: '只有已预约的安装可以更改时间，且须在预约时间 24 小时前。' });
  });
});

describe('SMS that follow an order', () => {
  test('a changed installation time is told by SMS with the new date and time, in the order’s language, and listed in the timeline', async () => {
    const orderNo = await paidOrder(api, me, ss15());
    await api.db.execute(sql`update orders set language = 'ms' where order_no = ${orderNo}`);
    api.smsLines.length = 0;
    expect((await api.request(CHANGE_TIME, { orderNo, date: '2025-06-05', time: '14:00' }, { userKey: me })).code).toBe(200);
    const read = await find(orderNo, me, 'ms_my');
    const told = read.data.notices.at(-1);
    expect(told).toMatchObject({ kind: 'timeChanged', phone: '+60123456789', sent: true });
    expect(told.text).toBe(`RM0 Servauto: masa pemasangan pesanan ${orderNo} ditukar ke Kha, 5 Jun 2025 jam 14:00 di SS15 Tyre & Battery.`);
    expect(told.text).not.toMatch(/2025-06-0|Rab, 4 Jun|https?:|www\./);
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('Kha, 5 Jun 2025 jam 14:00'))).toHaveLength(1);
    // The history reads the old and new time in words as well, in the reader's language.
    expect(read.data.history.at(-1).note).toBe('Masa pemasangan ditukar daripada Rab, 4 Jun 2025, 10:00 kepada Kha, 5 Jun 2025, 14:00.');
    expect((await find(orderNo, me, 'zh_cn')).data.history.at(-1).note).toBe('安装时间由 2025年6月4日（周三）10:00 改为 2025年6月5日（周四）14:00。');
  });

  test('the booking confirmation is in the order’s timeline; the reminder goes once the day before, at the changed time', async () => {
    const orderNo = await paidOrder(api, me, ss15());
    const confirmed = (await find(orderNo)).data.notices;
    expect(confirmed).toEqual([
      expect.objectContaining({ kind: 'bookingConfirmed', phone: '+60123456789', sent: true, text: expect.stringContaining(`order ${orderNo} is paid`) }),
    ]);
    await api.request(CHANGE_TIME, { orderNo, date: '2025-06-05', time: '14:00' }, { userKey: me });

    api.advance(DAY_SECONDS); // Tuesday 10:00: the old reminder is due, but the appointment moved
    await api.runJobs();
    expect((await find(orderNo)).data.notices.map((n: { kind: string }) => n.kind)).toEqual(['bookingConfirmed', 'timeChanged']);
    api.advance(DAY_SECONDS); // Wednesday 10:00: the day before the new time
    api.smsLines.length = 0;
    await api.runJobs();
    await api.runJobs();
    const notices = (await find(orderNo)).data.notices;
    expect(notices.map((n: { kind: string }) => n.kind)).toEqual(['bookingConfirmed', 'timeChanged', 'reminder']);
    expect(notices[2].text).toContain('tomorrow, Thu, 5 Jun 2025 at 14:00');
    expect(notices[2].text).not.toMatch(/https?:|www\./);
    expect(api.smsLines.filter((l) => l.includes('reminder'))).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  test('lists every My Orders call, the upload as a multipart form', async () => {
    const doc = (await (await api.fetch('/api/openapi.json')).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
      components: { schemas: Record<string, unknown> };
    };
    /** A part of the document as text, with every schema it refers to, however deep. */
    const withRefs = (part: unknown): string => {
      const texts = [JSON.stringify(part)];
      const named = new Set<string>();
      for (let i = 0; i < texts.length; i++) {
        for (const [, name] of texts[i]!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
          if (named.has(name!)) continue;
          named.add(name!);
          texts.push(JSON.stringify(doc.components.schemas[name!]));
        }
      }
      return texts.join('\n');
    };
    for (const path of ['page', 'cancel', 'del', 'update/install/time', 'refund', 'refund/cancel']) {
      expect(doc.paths[`/api/app/order/vehicle/order/app/${path}`]?.post.requestBody.content).toHaveProperty(['application/json']);
    }
    expect(Object.keys(doc.paths['/api/app/upload/image']!.post.requestBody.content)).toEqual(['multipart/form-data']);
    const find = withRefs(doc.paths['/api/app/order/vehicle/order/app/find']);
    for (const field of ['refunds', 'payments', 'notices', 'reschedulesLeft']) expect(find).toContain(`"${field}"`);
  });
});
