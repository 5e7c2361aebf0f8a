import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { outboxIdle } from '../../server/modules/notifications/outbox.ts';
import { orderNotice, sendOrderNotice } from '../../server/modules/notifications/service.ts';
import { orders } from '../../server/modules/orders/schema.ts';
import type { SmsProvider } from '../../server/providers/sms/index.ts';
import { startApi, type TestApi } from './harness.ts';
import { FIND, mailOrder, pickupOrder } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';

let api: TestApi;
let me: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
});

const sent: { phone: string; text: string }[] = [];
const sms = (failing = false): SmsProvider => ({
  name: 'test',
  sendOtp: async () => {},
  send: async (message) => {
    if (failing) throw new Error('gateway down');
    sent.push({ phone: message.phone, text: message.text });
  },
});
/** Orders placed in Malay (the checkout's language) get their SMS in Malay. */
const inMalay = (orderNo: string) => api.db.update(orders).set({ language: 'ms' }).where(eq(orders.orderNo, orderNo));
const rowOf = async (orderNo: string) => (await api.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const noticesOf = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: me })).data.notices as { kind: string; text: string; sent: boolean }[];

test('the console’s moves tell the customer in the order’s language, and the timeline shows each SMS', async () => {
  const pickup = await paidOrder(api, me, pickupOrder());
  await inMalay(pickup);
  const ctx = { db: api.db, indexes: api.indexes, sms: sms() };
  sent.length = 0;
  await sendOrderNotice(ctx, await rowOf(pickup), { kind: 'pickupReady' }, api.now());
  // The send is nudged after the commit, not awaited by the move: wait for it as a stop does.
  await outboxIdle(api.db);
  const code = (await rowOf(pickup)).pickupCode!;
  expect(sent).toEqual([{ phone: '+60123456789', text: expect.stringContaining(`kod ambil ${code}`) }]);

  const mail = await paidOrder(api, me, mailOrder());
  await api.db.update(orders).set({ expressCompany: 'Pos Laju', expressNo: 'EP123456789MY', language: 'ms' }).where(eq(orders.orderNo, mail));
  await sendOrderNotice(ctx, await rowOf(mail), { kind: 'shipped' }, api.now());
  await sendOrderNotice(ctx, await rowOf(mail), { kind: 'refundDecided', approved: false, amountSen: 9700, note: 'Read www.example.com' }, api.now());
  await sendOrderNotice(ctx, await rowOf(mail), { kind: 'refundPaid', amountSen: 500 }, api.now());
  const notices = await noticesOf(mail);
  expect(notices.map((n) => n.kind)).toEqual(['bookingConfirmed', 'shipped', 'refundDecided', 'refundPaid']);
  expect(notices[1]!.text).toBe(`RM0 Servauto: pesanan ${mail} telah dipos melalui Pos Laju, nombor penjejakan EP123456789MY.`);
  expect(notices[2]!.text).not.toContain('example.com');
  expect(notices[3]!.text).toContain('RM 5.00');
});

test('a notice made in a rolled-back move is neither kept nor sent; one the provider refuses is shown as not sent; a keyed one goes once', async () => {
  const orderNo = await paidOrder(api, me, mailOrder());
  sent.length = 0;
  const ctx = { db: api.db, indexes: api.indexes, sms: sms() };
  const row = await rowOf(orderNo);
  await expect(
    api.db.transaction(async (tx) => {
      await orderNotice(tx, ctx, row, { kind: 'shipped' }, api.now());
      throw new Error('the move failed');
    }),
  ).rejects.toThrow('the move failed');
  expect(sent).toEqual([]);
  expect((await noticesOf(orderNo)).map((n) => n.kind)).toEqual(['bookingConfirmed']);

  await sendOrderNotice({ ...ctx, sms: sms(true) }, await rowOf(orderNo), { kind: 'refundPaid', amountSen: 100 }, api.now());
  await outboxIdle(api.db);
  expect((await noticesOf(orderNo)).at(-1)).toMatchObject({ kind: 'refundPaid', sent: false });

  await sendOrderNotice(ctx, await rowOf(orderNo), { kind: 'reminder' }, api.now(), 'once');
  await sendOrderNotice(ctx, await rowOf(orderNo), { kind: 'reminder' }, api.now(), 'once');
  await outboxIdle(api.db);
  expect(sent).toHaveLength(1);
});
