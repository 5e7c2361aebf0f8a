import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { rows } from './order-fixtures.ts';
import { paidOrder, pngPhoto, REFUND, scratchDataDir, upload } from './my-orders-fixtures.ts';
import { installOrder } from './order-fixtures.ts';
import { completedInstall, completedParcel, R, SERVICE_ID, WIPERS_ID, writtenDaysAgo } from './review-fixtures.ts';

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

const add = (body: Record<string, unknown>, userKey: string | undefined = me, language = 'en_us') => api.request(R.add, { rating: 5, ...body }, { userKey, language });
const page = (body: Record<string, unknown>, language = 'en_us') => api.request(R.page, body, { language });
const photos = async (n: number, userKey = me) => {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) keys.push((await upload(api, userKey, await pngPhoto(), 'p.png', 'image/png')).data.key);
  return keys;
};

describe('app/review/add', () => {
  test('the buyer rates a product of a completed order: published at once, with the buyer’s first name and initial and the car model', async () => {
    const orderNo = await completedInstall(api, me, { contact: { name: 'Nur Aisyah binti Rahman', phone: '0123456789' } });
    const added = await add({ orderNo, target: 'product', productId: WIPERS_ID, rating: 4, text: '  Quiet and clean wipe.  ' });
    expect(added.code, added.msg).toBe(200);
    expect(added.data).toMatchObject({
      orderNo,
      target: 'product',
      productId: WIPERS_ID,
      storeId: 'petaling-jaya-ss2-tyre-auto',
      rating: 4,
      text: 'Quiet and clean wipe.',
      images: [],
      status: 'visible',
      statusNote: null,
      editable: true,
      reply: null,
    });

    const shown = await page({ productId: WIPERS_ID });
    expect(shown.code).toBe(200);
    expect(shown.data.summary).toEqual({ count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    expect(shown.data.total).toBe(1);
    expect(shown.data.list).toEqual([
      {
        reviewId: added.data.reviewId,
        rating: 4,
        text: 'Quiet and clean wipe.',
        images: [],
        authorName: 'Nur R.',
        carModel: 'Perodua Myvi',
        createdAt: added.data.createdAt,
        verified: true,
      },
    ]);
    // Never the phone nor the plate.
    expect(JSON.stringify(shown.data)).not.toMatch(/0123456789|WXY/);
  });

  test('the workshop of an installation is rated on its own page, not the product’s; each product once, the workshop once', async () => {
    const orderNo = await completedInstall(api, me);
    expect((await add({ orderNo, target: 'workshop', rating: 3 })).code).toBe(200);
    expect((await add({ orderNo, target: 'product', productId: SERVICE_ID, rating: 5 })).code).toBe(200);
    expect((await add({ orderNo, target: 'product', productId: WIPERS_ID, rating: 2 })).code).toBe(200);

    const workshop = await page({ storeId: 'petaling-jaya-ss2-tyre-auto' });
    expect(workshop.data.summary).toMatchObject({ count: 1, average: 3 });
    expect((await page({ productId: SERVICE_ID })).data.summary).toMatchObject({ count: 1, average: 5 });

    const twice = await add({ orderNo, target: 'workshop', rating: 1 });
    expect(twice).toMatchObject({ code: 807, msg: 'You have already reviewed this for this order. You can change your review instead.' });
    expect((await add({ orderNo, target: 'product', productId: WIPERS_ID })).code).toBe(807);
    expect((await add({ orderNo, target: 'product', productId: WIPERS_ID }, me, 'zh_cn')).msg).toBe('您已为此订单评价过这一项，可以修改原有评价。');
    expect((await api.request(R.mine, { orderNo }, { userKey: me })).data).toHaveLength(3);
  });

  test('someone else’s order, an order not completed, a product not bought, a workshop review of a parcel: refused', async () => {
    const orderNo = await completedInstall(api, me);
    expect(await add({ orderNo, target: 'product', productId: WIPERS_ID }, other)).toMatchObject({ code: 404, data: { field: 'orderNo' } });

    const upcoming = await paidOrder(api, me, installOrder());
    expect(await add({ orderNo: upcoming, target: 'product', productId: WIPERS_ID })).toMatchObject({ code: 807, msg: 'You can review an order once it is completed.' });
    expect((await add({ orderNo: upcoming, target: 'product', productId: WIPERS_ID }, me, 'ms_my')).msg).toBe('Anda boleh mengulas pesanan setelah ia selesai.');

    expect(await add({ orderNo, target: 'product', productId: 'mat-goodyear-rubber' })).toMatchObject({ code: 807, msg: 'This product is not part of the order.' });
    expect(await add({ orderNo, target: 'product' })).toMatchObject({ code: 807, msg: 'Please choose the product you are reviewing.' });

    const parcel = await completedParcel(api, me);
    expect(await add({ orderNo: parcel, target: 'workshop' })).toMatchObject({ code: 807, msg: 'Only an order fitted at a workshop can have a review of the workshop.' });
    expect((await add({ orderNo: parcel, target: 'product', productId: WIPERS_ID })).code).toBe(200);

    expect((await api.request(R.add, { orderNo, target: 'product', productId: WIPERS_ID, rating: 5 })).code).toBe(708);
    expect(await rows(api, sql`select 1 from reviews where order_id = (select id from orders where order_no = ${orderNo})`)).toHaveLength(0);
  });

  test('a rating of 0 or 6, 1,001 characters and a 4th photo are refused with a clear message; 1,000 characters and 3 photos are taken', async () => {
    const orderNo = await completedInstall(api, me);
    for (const rating of [0, 6, 2.5]) {
      expect(await add({ orderNo, target: 'workshop', rating })).toMatchObject({ code: 400, msg: 'Please give 1 to 5 stars.', data: { field: 'rating' } });
    }
    expect((await add({ orderNo, target: 'workshop', rating: 0 }, me, 'zh_cn')).msg).toBe('请给出 1 至 5 颗星。');
    expect(await add({ orderNo, target: 'workshop', text: 'a'.repeat(1001) })).toMatchObject({ code: 400, msg: 'A review can be at most 1,000 characters.', data: { field: 'text' } });
    const keys = await photos(4);
    expect(await add({ orderNo, target: 'workshop', images: keys })).toMatchObject({ code: 400, msg: 'A review can carry at most 3 photos.', data: { field: 'images' } });
    expect((await add({ orderNo, target: 'workshop', images: keys }, me, 'ms_my')).msg).toBe('Ulasan boleh disertakan paling banyak 3 foto.');

    const taken = await add({ orderNo, target: 'workshop', text: 'b'.repeat(1000), images: keys.slice(0, 3) });
    expect(taken.code, taken.msg).toBe(200);
    expect(taken.data.text).toHaveLength(1000);
    expect(taken.data.images.map((i: { key: string }) => i.key)).toEqual(keys.slice(0, 3));
    expect((await api.fetch(taken.data.images[0].url)).status).toBe(200);
    const shown = await page({ storeId: 'petaling-jaya-ss2-tyre-auto' });
    expect(shown.data.list[0].images).toHaveLength(3);
    expect((await api.fetch(shown.data.list[0].images[0].url)).status).toBe(200);
  });

  test('photos: only the customer’s own, each on one review or refund', async () => {
    const orderNo = await completedInstall(api, me);
    const [mine, again] = await photos(2);
    const [theirs] = await photos(1, other);
    expect(await add({ orderNo, target: 'workshop', images: [theirs] })).toMatchObject({ code: 807, msg: 'One of the photos was not found. Please upload it again.' });
    expect(await add({ orderNo, target: 'workshop', images: [mine, mine] })).toMatchObject({ code: 807, msg: 'The same photo is attached twice.' });
    expect((await add({ orderNo, target: 'workshop', images: [mine] })).code).toBe(200);
    expect(await add({ orderNo, target: 'product', productId: WIPERS_ID, images: [mine] })).toMatchObject({
      code: 807,
      msg: 'One of the photos is already part of another review or a refund request.',
    });
    // A photo on a refund request is not a review's.
    const refundOrder = await completedInstall(api, me);
    expect((await api.request(REFUND, { orderNo: refundOrder, reason: 'Streaks', contact: '0123456789', images: [again] }, { userKey: me })).code).toBe(200);
    expect((await add({ orderNo, target: 'product', productId: WIPERS_ID, images: [again] })).code).toBe(807);
  });

  test('a phone number or a plate in the text: saved, held for the admin with a message saying so, absent from the public page', async () => {
    const orderNo = await completedInstall(api, me);
    const phone = await add({ orderNo, target: 'workshop', text: 'Ask for Ali, 012-345 6789' });
    expect(phone.code).toBe(200);
    expect(phone.data).toMatchObject({ status: 'pending', heldFor: 'phone' });
    expect(phone.data.statusNote).toBe(
      'Your review is saved, but it seems to contain a phone number, which we do not publish. Our team will look at it before it is published; remove the number to publish it at once.',
    );
    const plate = await add({ orderNo, target: 'product', productId: WIPERS_ID, text: 'Fitted on WXY 1234 in ten minutes' }, me, 'zh_cn');
    expect(plate.data).toMatchObject({ status: 'pending', heldFor: 'plate' });
    expect(plate.data.statusNote).toMatch(/车牌号码/);

    expect((await page({ storeId: 'petaling-jaya-ss2-tyre-auto' })).data).toMatchObject({ total: 0, list: [], summary: { count: 0, average: null } });
    expect((await page({ productId: WIPERS_ID })).data.total).toBe(0);

    // Taking the number out publishes it at once.
    const fixed = await api.request(R.update, { reviewId: phone.data.reviewId, text: 'Ask for Ali at the counter' }, { userKey: me });
    expect(fixed.data).toMatchObject({ status: 'visible', heldFor: null, statusNote: null });
    expect((await page({ storeId: 'petaling-jaya-ss2-tyre-auto' })).data.total).toBe(1);
  });
});

describe('app/review/check', () => {
  test('tells the form, as the author types, what the server would hold the text for; logged in only; writes nothing', async () => {
    const check = (text: string) => api.request(R.check, { text }, { userKey: me });
    expect((await check('Ask for Ali, ٠١٢٣٤٥٦٧٨٩')).data).toEqual({ names: 'phone' });
    expect((await check('Fitted on W X Y 1 2 3 4 in ten minutes')).data).toEqual({ names: 'plate' });
    expect((await check('5 stars, 2 visits, RM 159 well spent')).data).toEqual({ names: null });
    expect((await api.request(R.check, { text: 'Ask for Ali, 012/345/6789' })).code).toBe(708);
    expect((await api.request(R.check, { text: 'x'.repeat(4001) }, { userKey: me })).code).toBe(400);
    const orderNo = await completedInstall(api, me);
    expect((await api.request(R.mine, { orderNo }, { userKey: me })).data).toEqual([]);
  });
});

describe('app/review/update', () => {
  test('the author changes stars, text and photos within 30 days; after that, refused; nobody else may', async () => {
    const orderNo = await completedInstall(api, me);
    const [first, second] = await photos(2);
    const added = await add({ orderNo, target: 'product', productId: WIPERS_ID, rating: 2, text: 'Streaky', images: [first] });
    const reviewId = added.data.reviewId;

    expect(await api.request(R.update, { reviewId, rating: 4 }, { userKey: other })).toMatchObject({ code: 404 });
    expect(await api.request(R.update, { reviewId, rating: 6 }, { userKey: me })).toMatchObject({ code: 400, msg: 'Please give 1 to 5 stars.' });
    expect(await api.request(R.update, { reviewId, text: 'x'.repeat(1001) }, { userKey: me })).toMatchObject({ code: 400 });

    const changed = await api.request(R.update, { reviewId, rating: 4, images: [second] }, { userKey: me });
    expect(changed.code, changed.msg).toBe(200);
    expect(changed.data).toMatchObject({ rating: 4, text: 'Streaky', status: 'visible' });
    expect(changed.data.images.map((i: { key: string }) => i.key)).toEqual([second]);
    expect((await page({ productId: WIPERS_ID })).data.summary.average).toBe(4);

    await writtenDaysAgo(api, reviewId, 29);
    expect((await api.request(R.update, { reviewId, text: 'Better after a week' }, { userKey: me })).code).toBe(200);
    await writtenDaysAgo(api, reviewId, 2);
    const late = await api.request(R.update, { reviewId, rating: 5 }, { userKey: me });
    expect(late).toMatchObject({ code: 807, msg: 'A review can be changed within 30 days of writing it.' });
    expect((await api.request(R.update, { reviewId, rating: 5 }, { userKey: me, language: 'zh_cn' })).msg).toBe('评价只能在发表后 30 天内修改。');
    expect((await api.request(R.mine, { orderNo }, { userKey: me })).data[0]).toMatchObject({ rating: 4, editable: false });
  });
});

describe('app/review/page', () => {
  test('no login; stars filter the list, not the summary; newest or helpful (text and photos first); a customer with no name is “Customer”', async () => {
    const names = ['Tan Wei Ming', 'Siti Nurhaliza', ''];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const who = (await api.login(`01710000${i}0`, { address: `60.2.2.${i + 1}` })).userKey;
      const orderNo = await completedInstall(api, who, { contact: { name: name || 'Ali', phone: `01710000${i}0` } });
      api.advance(60);
      const images = i === 0 ? await photos(1, who) : [];
      const body = [
        { rating: 5, text: 'Great wipers', images },
        { rating: 3, text: 'Fine' },
        { rating: 5, text: '' },
      ][i]!;
      const added = await add({ orderNo, target: 'product', productId: WIPERS_ID, ...body }, who);
      expect(added.code, added.msg).toBe(200);
      ids.push(added.data.reviewId);
    }
    await api.db.execute(sql`update users set real_name = '', name = '' where id = (select customer_id from reviews where id = ${ids[2]!})`);

    const newest = await page({ productId: WIPERS_ID, pageNum: 1, pageSize: 10 });
    expect(newest.data.summary).toEqual({ count: 3, average: 4.3, histogram: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 2 } });
    expect(newest.data.list.map((r: { reviewId: string }) => r.reviewId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(newest.data.list.map((r: { authorName: string }) => r.authorName)).toEqual(['Customer', 'Siti N.', 'Tan M.']);
    expect((await page({ productId: WIPERS_ID }, 'zh_cn')).data.list[0].authorName).toBe('顾客');
    expect((await page({ productId: WIPERS_ID }, 'ms_my')).data.list[0].authorName).toBe('Pelanggan');

    const helpful = await page({ productId: WIPERS_ID, sort: 'helpful' });
    expect(helpful.data.list.map((r: { reviewId: string }) => r.reviewId)).toEqual([ids[0], ids[1], ids[2]]);

    const fives = await page({ productId: WIPERS_ID, rating: 5, pageSize: 1 });
    expect(fives.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 1, summary: { count: 3 } });
    expect(fives.data.list.map((r: { reviewId: string }) => r.reviewId)).toEqual([ids[2]]);
    expect((await page({ productId: WIPERS_ID, rating: 5, pageSize: 1, pageNum: 2 })).data.list.map((r: { reviewId: string }) => r.reviewId)).toEqual([ids[0]]);

    expect(await page({})).toMatchObject({ code: 400, msg: 'Please name either a product or a workshop.' });
    expect((await page({ productId: WIPERS_ID, storeId: 'petaling-jaya-ss2-tyre-auto' })).code).toBe(400);
    expect((await page({ productId: 'no-such-product' })).data).toMatchObject({ total: 0, summary: { count: 0, average: null } });
  });
});

describe('photos on a review', () => {
  test('are kept by the hourly sweep of photos attached to nothing, and do not count against the unattached limit', async () => {
    const orderNo = await completedInstall(api, me);
    const [kept, loose] = await photos(2);
    expect((await add({ orderNo, target: 'workshop', images: [kept] })).code).toBe(200);
    const { scheduleUploadSweep } = await import('../../server/jobs/upload-sweep.ts');
    api.advance(25 * 60 * 60);
    await scheduleUploadSweep(api.db, api.now());
    api.advance(60 * 60);
    await api.runJobs();
    const left = (await rows<{ key: string }>(api, sql`select key from uploads`)).map((r) => r.key);
    expect(left).toContain(kept);
    expect(left).not.toContain(loose);
  });
});

describe('the OpenAPI document', () => {
  test('names every review call', async () => {
    const document = (await (await api.fetch('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of ['/app/review/add', '/app/review/update', '/app/review/mine', '/app/review/check', '/app/review/page', '/console/reviews/page', '/console/reviews/hide', '/console/reviews/show', '/console/reviews/reply']) {
      expect(Object.keys(document.paths).some((p) => p.endsWith(path)), path).toBe(true);
    }
  });
});
