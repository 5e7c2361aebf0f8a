import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { otherCode, startApi, type TestApi } from './harness.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { ownDocument } from './einvoice-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { PAGE, paidOrder, pngPhoto, REFUND, scratchDataDir, setOrder, upload } from './my-orders-fixtures.ts';
import { installOrder, mailOrder, placeAndStartPaying, rows } from './order-fixtures.ts';
import { completedInstall, R, WIPERS_ID } from './review-fixtures.ts';

/** Closing one's account (docs/contracts/running-the-business.md §5). */
const SEND = '/api/app/user/send/sms';
const CLOSE = '/api/app/user/close';
const INFO = '/api/app/user/info';
const CONSENT = '/api/app/user/consent';
const PHONE = '0123456789';

let api: TestApi;
let dataDir: string;
let k: Keys;

beforeAll(async () => {
  dataDir = scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

/** Asks for a closing code for the customer's own phone (the resend wait passed first): the code. */
async function closeCode(userKey: string = k.customer, language = 'en_us'): Promise<string> {
  api.advance(61);
  const sent = await api.request(SEND, { phone: PHONE, type: 'close' }, { userKey, language });
  expect(sent.code, sent.msg).toBe(200);
  return api.lastCode(PHONE)!;
}

const close = (code: string, userKey: string = k.customer, language = 'en_us') => api.request(CLOSE, { code }, { userKey, language });

/** A snapshot of rows as JSON text, to compare byte for byte. */
const snapshot = async (query: ReturnType<typeof sql>) => JSON.stringify(await rows(api, query));

/** A completed order's claim, still waiting for the workshop. */
async function openClaim(orderNo: string) {
  const at = api.now().toISOString();
  await api.db.execute(
    sql`insert into warranty_claims (order_id, seq, customer_id, workshop_id, status, description, created_at, updated_at)
        select id, 1, customer_id, store_id, 'SUBMITTED', 'The blade squeaks', ${at}, ${at} from orders where order_no = ${orderNo}`,
  );
}

describe('app/user/send/sms with type close', () => {
  test("goes only to the logged-in customer's own phone", async () => {
    const other = await api.request(SEND, { phone: '0198765432', type: 'close' }, { userKey: k.customer });
    expect(other.code).toBe(807);
    expect(other.msg).toBe('A code to close your account goes only to the phone number you logged in with.');
    expect((await api.request(SEND, { phone: PHONE, type: 'close' })).code).toBe(708);

    // Its words are tests/unit/sms-meaning.test.ts's; here, that it comes.
    expect(await closeCode(k.customer, 'ms_my')).toMatch(/^\d{6}$/);
  });

  test('a closing code never logs in, and a login code never closes', async () => {
    const closing = await closeCode();
    const login = await api.request('/api/app/user/client-login', { phone: PHONE, code: closing });
    expect(login.code).toBe(807);

    api.advance(61);
    expect((await api.request(SEND, { phone: PHONE })).code).toBe(200);
    const loginCode = api.lastCode(PHONE)!;
    const refused = await close(loginCode);
    expect(refused.code).toBe(807);
    expect(refused.msg).toBe('The code is incorrect. 4 tries left.');
    expect((await api.request(INFO, {}, { userKey: k.customer })).code).toBe(200);
  });
});

describe('app/user/close refused', () => {
  test('while an order awaits payment, is upcoming, in progress, or has a refund or a claim open: each named, in two languages, nothing changed', async () => {
    const unpaid = (await placeAndStartPaying(api, k.customer, mailOrder())).orderNo;
    const upcoming = await paidOrder(api, k.customer, installOrder());
    const started = await paidOrder(api, k.customer, mailOrder());
    await setOrder(api, started, { status: 'IN_PROGRESS', stage: 'SHIPPED' });
    const refunding = await paidOrder(api, k.customer, mailOrder());
    await setOrder(api, refunding, { status: 'COMPLETED', completedAt: api.now() });
    expect((await api.request(REFUND, { orderNo: refunding, reason: 'Wrong size', contact: PHONE }, { userKey: k.customer })).code).toBe(200);
    const claimed = await completedInstall(api, k.customer, { appointment: { date: '2025-06-05', time: '10:00' } });
    await openClaim(claimed);
    const code = await closeCode();

    const writes = await api.writes();
    const refused = await close(code);
    expect(refused.code).toBe(807);
    expect(refused.msg).toBe(
      `Your account cannot be closed yet: order ${unpaid} is awaiting payment; order ${upcoming} is upcoming; order ${started} is in progress; order ${refunding} has a refund open; order ${claimed} has a warranty claim open.`,
    );
    expect(refused.data.open).toEqual([
      { orderNo: unpaid, why: 'PENDING_PAYMENT' },
      { orderNo: upcoming, why: 'UPCOMING' },
      { orderNo: started, why: 'IN_PROGRESS' },
      { orderNo: refunding, why: 'refund' },
      { orderNo: claimed, why: 'claim' },
    ]);
    const inMalay = await close(code, k.customer, 'ms_my');
    expect(inMalay.msg).toContain(`pesanan ${unpaid} menunggu pembayaran`);
    expect(inMalay.msg).toContain(`pesanan ${claimed} mempunyai tuntutan waranti yang belum selesai`);
    expect(await api.writes()).toBe(writes);
    expect((await api.request(INFO, {}, { userKey: k.customer })).code).toBe(200);
  });

  test("a wrong code is the login's refusal, and counts a try", async () => {
    const code = await closeCode();
    const wrong = await close(otherCode(code));
    expect(wrong.code).toBe(807);
    expect(wrong.msg).toBe('The code is incorrect. 4 tries left.');
    expect((await close(code)).code).toBe(200);
  });

  test('an expired code is refused', async () => {
    const code = await closeCode();
    api.advance(5 * 60);
    const late = await close(code);
    expect(late.code).toBe(807);
    expect(late.msg).toBe('This code has expired. Please request a new one.');
    expect((await api.request(INFO, {}, { userKey: k.customer })).code).toBe(200);
  });
});

describe('app/user/close done', () => {
  test('sessions end; phone, names, plates, addresses, photos, garage and consents erased; orders, reviews and documents kept; one SMS; audited', async () => {
    // The customer's garage, consent, orders (one refunded in part, one with its own e-invoice) and a review with a photo.
    const carId = await garageCar(api, k.customer);
    expect((await api.request(G.odometer, { carId, km: 12000 }, { userKey: k.customer })).code).toBe(200);
    expect((await api.request(CONSENT, { serviceReminders: true }, { userKey: k.customer })).code).toBe(200);
    const fitted = await completedInstall(api, k.customer, { contact: { name: 'Nur Aisyah binti Rahman', phone: PHONE, email: 'aisyah@example.my' } });
    const photo = (await upload(api, k.customer, await pngPhoto(), 'p.png', 'image/png')).data.key as string;
    const review = await api.request(R.add, { orderNo: fitted, target: 'product', productId: WIPERS_ID, rating: 4, text: 'Quiet and clean wipe.', images: [photo] }, { userKey: k.customer });
    expect(review.code, review.msg).toBe(200);
    const parcel = await paidOrder(api, k.customer, mailOrder());
    await setOrder(api, parcel, { status: 'COMPLETED', completedAt: api.now() });
    expect((await api.request(REFUND, { orderNo: parcel, reason: 'One blade too short', contact: PHONE, amountSen: 1000 }, { userKey: k.customer })).code).toBe(200);
    expect((await api.request(C.review, { orderNo: parcel, decision: 'approve' }, { userKey: k.admin })).code).toBe(200);
    await api.payments.idle();
    await ownDocument(api, fitted);
    // Another customer's order, which nothing touches.
    const someoneElse = (await api.login('0198765432', { address: '60.1.1.1' })).userKey;
    const theirs = await paidOrder(api, someoneElse, mailOrder({ contact: { name: 'Tan Mei Ling', phone: '0198765432' } }));

    const [{ id: userId }] = await rows<{ id: string }>(api, sql`select id from users where phone = '+60123456789'`);
    const mine = sql`(select id from orders where customer_id = ${userId})`;
    const documents = sql`select (select json_agg(i order by invoice_no) from invoices i where order_id in ${mine}) as invoices,
                                 (select json_agg(c order by credit_note_no) from credit_notes c where order_id in ${mine}) as notes,
                                 (select json_agg(e order by id) from einvoice_documents e where order_id in ${mine}) as einvoices`;
    const kept = await snapshot(documents);
    expect(kept).toMatch(/INV-000001.*INV-000002.*CN-000001.*EI-/);
    const amounts = await snapshot(sql`select order_no, status, total_sen, paid.n as history from orders, lateral (select count(*)::int as n from order_history where order_id = orders.id) paid where customer_id = ${userId} order by order_no`);
    const theirRow = await snapshot(sql`select * from orders where order_no = ${theirs}`);
    const reviewsBefore = (await api.request(R.page, { productId: WIPERS_ID })).data.list;
    expect(reviewsBefore[0]).toMatchObject({ authorName: expect.stringMatching(/^Nur /), text: 'Quiet and clean wipe.' });

    const code = await closeCode();
    const sms = api.smsLines.length;
    const closed = await close(code);
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data).toEqual({ closed: true, closedAt: api.now().toISOString() });

    // The sessions ended: the key is unknown.
    expect((await api.request(INFO, {}, { userKey: k.customer })).code).toBe(708);

    // The account stays, closed, without its phone, names or avatar.
    expect(await rows(api, sql`select phone, name, real_name, avatar, closed_at is not null as closed from users where id = ${userId}`)).toEqual([
      { phone: null, name: '', real_name: '', avatar: '', closed: true },
    ]);
    expect(await rows(api, sql`select count(*)::int as n from sessions where user_id = ${userId}`)).toEqual([{ n: 0 }]);
    // Plates, contacts and addresses erased; the orders, amounts and history kept.
    const erased = await rows<{ car_plate: string; contact: unknown; address: unknown; notes: string }>(api, sql`select car_plate, contact, address, notes from orders where customer_id = ${userId}`);
    expect(erased).toHaveLength(2);
    for (const order of erased) {
      expect(order.car_plate).toBe('');
      expect(order.contact).toEqual({ name: '', phone: '' });
    }
    expect(erased.map((o) => o.address)).toContainEqual({ recipient: '', phone: '', line1: '', postcode: '', city: '', state: '' });
    expect(await snapshot(sql`select order_no, status, total_sen, paid.n as history from orders, lateral (select count(*)::int as n from order_history where order_id = orders.id) paid where customer_id = ${userId} order by order_no`)).toBe(amounts);
    expect(await rows(api, sql`select contact from refunds where order_id in ${mine}`)).toEqual([{ contact: '' }]);
    // Invoices, credit notes and e-invoices exactly as issued.
    expect(await snapshot(documents)).toBe(kept);
    // The garage and the consents gone.
    expect(await rows(api, sql`select (select count(*)::int from user_cars where user_id = ${userId}) as cars, (select count(*)::int from odometer_readings where car_id = ${carId}) as readings, (select count(*)::int from reminder_consents where user_id = ${userId}) as consents`)).toEqual([
      { cars: 0, readings: 0, consents: 0 },
    ]);
    // The review stays, as "A customer", with its stars and text, without its photo.
    const reviewsAfter = (await api.request(R.page, { productId: WIPERS_ID })).data.list;
    expect(reviewsAfter).toEqual([{ ...reviewsBefore[0], authorName: 'A customer', images: [] }]);
    expect((await api.request(R.page, { productId: WIPERS_ID }, { language: 'zh_cn' })).data.list[0].authorName).toBe('一位顾客');
    // The photo's file is removed by the job the closing wrote, after its commit.
    const file = path.join(dataDir, 'uploads', photo.slice(0, 2), photo);
    expect(existsSync(file)).toBe(true);
    await api.runJobs();
    expect(existsSync(file)).toBe(false);
    expect(await rows(api, sql`select count(*)::int as n from uploads where customer_id = ${userId}`)).toEqual([{ n: 0 }]);

    // One SMS confirms it, and its number is erased once sent; earlier messages keep their text, not their number.
    const confirmations = api.smsLines.slice(sms).filter((line) => line.includes('your account is closed'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain('+60123456789');
    await api.runJobs();
    expect(api.smsLines.slice(sms).filter((line) => line.includes('your account is closed'))).toHaveLength(1);
    expect(await rows(api, sql`select "to", state from outbox_messages where text like '%your account is closed%'`)).toEqual([{ to: '', state: 'sent' }]);
    expect(await rows(api, sql`select count(*)::int as n from outbox_messages where "to" = '+60123456789' or "to" = ${PHONE}`)).toEqual([{ n: 0 }]);
    expect((await rows<{ n: number }>(api, sql`select count(*)::int as n from outbox_messages where order_id in ${mine}`))[0]!.n).toBeGreaterThan(0);

    // Audited: who, when, what was erased in counts.
    const [audited] = await auditRows(api, 'app/user/close');
    expect(audited).toMatchObject({ phone: '', role: 'customer', details: { sessions: 1, orders: 2, refunds: 1, photos: 1, cars: 1, readings: 1, consents: 1 } });

    // Another customer's order untouched.
    expect(await snapshot(sql`select * from orders where order_no = ${theirs}`)).toBe(theirRow);

    // The console: "closed account", and neither the plate, nor the phone, nor the address.
    const page = await api.request(C.page, { q: fitted, pageNum: 1, pageSize: 10 }, { userKey: k.admin });
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list[0]).toMatchObject({ orderNo: fitted, customer: { name: 'closed account', phone: '', closedAccount: true }, car: { plate: '' } });
    const found = await api.request(C.find, { orderNo: parcel }, { userKey: k.admin, language: 'ms_my' });
    expect(found.code, found.msg).toBe(200);
    expect(found.data).toMatchObject({ closedAccount: true, contact: { name: 'akaun ditutup', phone: '', email: null } });
    const shown = JSON.stringify([page.data, found.data]);
    expect(shown).not.toMatch(/0123456789|WXY|wxy|Jalan SS 2|Nur Aisyah|aisyah@/);
  });

  test('a later login with the same phone makes a new, empty account', async () => {
    const orderNo = await completedInstall(api, k.customer);
    await garageCar(api, k.customer);
    const [{ id: before }] = await rows<{ id: string }>(api, sql`select id from users where phone = '+60123456789'`);
    expect((await close(await closeCode())).code).toBe(200);

    api.advance(61);
    const again = await api.login(PHONE, { address: '10.0.0.9' });
    expect(again.user.id).not.toBe(before);
    expect(again.user.phone).toBe('+60123456789');
    const orders = await api.request(PAGE, { pageNum: 1, pageSize: 10 }, { userKey: again.userKey });
    expect(orders.code, orders.msg).toBe(200);
    expect(orders.data.total).toBe(0);
    expect((await api.request(G.list, {}, { userKey: again.userKey })).data).toEqual([]);
    const find = await api.request('/api/app/order/vehicle/order/app/find', { orderNo }, { userKey: again.userKey });
    expect(find.code).not.toBe(200);
  });
});
