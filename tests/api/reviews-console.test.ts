import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { auditRows, staffKeys, type Keys } from './console-fixtures.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { completedInstall, completedParcel, R, WIPERS_ID } from './review-fixtures.ts';

let api: TestApi;
let keys: Keys;
const SS2 = 'petaling-jaya-ss2-tyre-auto';

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  keys = await staffKeys(api);
});

const call = (path: string, body: Record<string, unknown>, userKey?: string, language = 'en_us') => api.request(path, body, { userKey, language });

/** The customer's workshop review and product review of a completed SS2 installation. */
async function twoReviews() {
  const orderNo = await completedInstall(api, keys.customer);
  const workshop = await call(R.add, { orderNo, target: 'workshop', rating: 1, text: 'Slow and rude' }, keys.customer);
  const product = await call(R.add, { orderNo, target: 'product', productId: WIPERS_ID, rating: 5, text: 'Good' }, keys.customer);
  return { orderNo, workshop: workshop.data.reviewId as string, product: product.data.reviewId as string };
}

describe('console/reviews/page', () => {
  test('admins see every review, by state and workshop; workshop staff their own workshop’s; others are refused', async () => {
    const { orderNo, workshop, product } = await twoReviews();
    const parcel = await completedParcel(api, keys.customer);
    const held = await call(R.add, { orderNo: parcel, target: 'product', productId: WIPERS_ID, rating: 4, text: 'Call 0123456789' }, keys.customer);

    const all = await call(R.consolePage, {}, keys.admin);
    expect(all.code, all.msg).toBe(200);
    expect(all.data.total).toBe(3);
    expect(all.data.list.find((r: { reviewId: string }) => r.reviewId === workshop)).toMatchObject({
      orderNo,
      target: 'workshop',
      product: null,
      store: { id: SS2 },
      rating: 1,
      status: 'visible',
      actions: { hide: true, show: false, reply: true },
    });
    expect((await call(R.consolePage, { status: 'pending' }, keys.admin)).data.list.map((r: { reviewId: string }) => r.reviewId)).toEqual([held.data.reviewId]);
    expect((await call(R.consolePage, { storeId: SS2 }, keys.admin)).data.total).toBe(2);

    const mine = await call(R.consolePage, {}, keys.ss2);
    expect(mine.data.list.map((r: { reviewId: string }) => r.reviewId).sort()).toEqual([workshop, product].sort());
    expect(mine.data.list[0].actions).toMatchObject({ hide: false, show: false, reply: true });
    expect((await call(R.consolePage, {}, keys.segambut)).data.total).toBe(0);
    expect((await call(R.consolePage, { storeId: SS2 }, keys.segambut)).code).toBe(403);
    expect((await call(R.consolePage, {}, keys.customer)).code).toBe(403);
    expect((await call(R.consolePage, {})).code).toBe(708);
  });
});

describe('console/reviews/hide and show', () => {
  test('an admin hides for one of four reasons only; the review leaves the public page and its author reads why; audited', async () => {
    const { orderNo, workshop } = await twoReviews();
    for (const who of [keys.ss2, keys.segambut, keys.customer]) expect((await call(R.hide, { reviewId: workshop, reason: 'abuse' }, who)).code).toBe(403);
    expect((await call(R.hide, { reviewId: workshop, reason: 'abuse' })).code).toBe(708);
    expect(await call(R.hide, { reviewId: workshop, reason: 'negative' }, keys.admin)).toMatchObject({
      code: 400,
      msg: 'A review can be hidden only for personal data, abuse, off-topic text or spam.',
    });
    expect((await call(R.page, { storeId: SS2 })).data.total).toBe(1);

    const hidden = await call(R.hide, { reviewId: workshop, reason: 'abuse' }, keys.admin);
    expect(hidden.code, hidden.msg).toBe(200);
    expect(hidden.data).toMatchObject({ status: 'hidden', hiddenReason: 'abuse', actions: { hide: false, show: true } });
    expect((await call(R.page, { storeId: SS2 })).data).toMatchObject({ total: 0, list: [], summary: { count: 0 } });
    expect((await call(R.hide, { reviewId: workshop, reason: 'spam' }, keys.admin))).toMatchObject({ code: 807, msg: 'This review is already hidden.' });

    const seen = (await call(R.mine, { orderNo }, keys.customer)).data.find((r: { reviewId: string }) => r.reviewId === workshop);
    expect(seen).toMatchObject({ status: 'hidden', hiddenReason: 'abuse' });
    expect(seen.statusNote).toBe('Our team hid this review because it contains abusive language. You can change it; our team will then look at it again.');
    expect((await call(R.mine, { orderNo }, keys.customer, 'zh_cn')).data.find((r: { reviewId: string }) => r.reviewId === workshop).statusNote).toMatch(/含有辱骂性言语/);

    // The author's change waits for the admin: never back by itself.
    const edited = await call(R.update, { reviewId: workshop, text: 'Slow service' }, keys.customer);
    expect(edited.data).toMatchObject({ status: 'pending', heldFor: 'edited', hiddenReason: 'abuse' });
    expect((await call(R.page, { storeId: SS2 })).data.total).toBe(0);

    const shown = await call(R.show, { reviewId: workshop }, keys.admin);
    expect(shown.data).toMatchObject({ status: 'visible', heldFor: null });
    expect((await call(R.page, { storeId: SS2 })).data.list[0]).toMatchObject({ reviewId: workshop, text: 'Slow service', rating: 1 });
    expect(await call(R.show, { reviewId: workshop }, keys.admin)).toMatchObject({ code: 807, msg: 'This review is already published.' });
    expect((await call(R.show, { reviewId: workshop }, keys.ss2)).code).toBe(403);

    expect(await auditRows(api, 'console/reviews/hide')).toEqual([
      expect.objectContaining({ phone: '+60100000001', role: 'admin', order_no: orderNo, store_id: SS2, details: { reviewId: workshop, reason: 'abuse', was: 'visible' } }),
    ]);
    expect(await auditRows(api, 'console/reviews/show')).toEqual([
      expect.objectContaining({ role: 'admin', order_no: orderNo, details: expect.objectContaining({ reviewId: workshop, was: 'pending', heldFor: 'edited' }) }),
    ]);
  });

  test('a review held for a phone number is not published in one call: the admin must choose, and is told what was found', async () => {
    const orderNo = await completedInstall(api, keys.customer);
    const held = await call(R.add, { orderNo, target: 'workshop', rating: 5, text: 'Ask for Ali 012/345/6789' }, keys.customer);
    expect(held.data).toMatchObject({ status: 'pending', heldFor: 'phone' });
    const reviewId = held.data.reviewId as string;
    const listed = (await call(R.consolePage, { status: 'pending' }, keys.admin)).data.list[0];
    expect(listed).toMatchObject({ reviewId, found: [{ kind: 'phone', value: '012-345 6789' }], publicText: null });

    expect(await call(R.show, { reviewId }, keys.admin)).toMatchObject({
      code: 807,
      msg: 'This review names 012-345 6789. Choose to publish it with this personal data masked, or as written.',
    });
    expect((await call(R.show, { reviewId }, keys.admin, 'ms_my')).msg).toMatch(/^Ulasan ini menyebut 012-345 6789\./);
    expect((await call(R.page, { storeId: SS2 })).data.total).toBe(0);
    expect(await auditRows(api, 'console/reviews/show')).toEqual([]);

    // As written, when the admin chooses it.
    expect((await call(R.show, { reviewId, mask: false }, keys.admin)).data).toMatchObject({ status: 'visible', publicText: null });
    expect((await call(R.page, { storeId: SS2 })).data.list[0].text).toBe('Ask for Ali 012/345/6789');
    expect((await call(R.show, { reviewId: '00000000-0000-4000-8000-000000000000', mask: true }, keys.admin)).code).toBe(404);
  });

  test('published with its personal data masked: the public reads •••, the author the words as written; audited', async () => {
    const orderNo = await completedInstall(api, keys.customer);
    const text = 'Great job! Call Ali at ٠١٢٣٤٥٦٧٨٩, my car W X Y 1 2 3 4 runs well.';
    const held = await call(R.add, { orderNo, target: 'workshop', rating: 5, text }, keys.customer);
    const reviewId = held.data.reviewId as string;
    expect((await call(R.consolePage, { status: 'pending' }, keys.admin)).data.list[0].found).toEqual([
      { kind: 'phone', value: '012-345 6789' },
      { kind: 'plate', value: 'WXY 1234' },
    ]);
    expect((await call(R.show, { reviewId, mask: true }, keys.ss2)).code).toBe(403);

    const shown = await call(R.show, { reviewId, mask: true }, keys.admin);
    expect(shown.code, shown.msg).toBe(200);
    const masked = 'Great job! Call Ali at •••, my car ••• runs well.';
    expect(shown.data).toMatchObject({ status: 'visible', heldFor: null, text, publicText: masked });
    expect((await call(R.page, { storeId: SS2 })).data.list[0]).toMatchObject({ reviewId, text: masked });
    expect((await call(R.mine, { orderNo }, keys.customer)).data.find((r: { reviewId: string }) => r.reviewId === reviewId)).toMatchObject({ text, status: 'visible' });
    expect(await auditRows(api, 'console/reviews/show')).toEqual([
      expect.objectContaining({ role: 'admin', order_no: orderNo, store_id: SS2, details: { reviewId, was: 'pending', heldFor: 'phone', hiddenReason: null, masked: true, found: ['phone', 'plate'] } }),
    ]);

    // The author's change is read afresh: a clean text is published as written, the mask gone.
    await call(R.update, { reviewId, text: 'Great job, runs well.' }, keys.customer);
    expect((await call(R.page, { storeId: SS2 })).data.list[0].text).toBe('Great job, runs well.');
  });

  test('a held review kept hidden for personal data: off the public pages, the author reads why; audited', async () => {
    const orderNo = await completedInstall(api, keys.customer);
    const held = await call(R.add, { orderNo, target: 'workshop', rating: 4, text: 'plate wxy-1234, thanks' }, keys.customer);
    const reviewId = held.data.reviewId as string;
    const kept = await call(R.hide, { reviewId, reason: 'personal-data' }, keys.admin);
    expect(kept.data).toMatchObject({ status: 'hidden', hiddenReason: 'personal-data', found: [{ kind: 'plate', value: 'WXY 1234' }] });
    expect((await call(R.page, { storeId: SS2 })).data.total).toBe(0);
    expect((await call(R.mine, { orderNo }, keys.customer)).data[0].statusNote).toBe(
      'Our team hid this review because it contains personal data. You can change it; our team will then look at it again.',
    );
    expect(await auditRows(api, 'console/reviews/hide')).toEqual([expect.objectContaining({ details: { reviewId, reason: 'personal-data', was: 'pending' } })]);
  });
});

describe('console/reviews/reply', () => {
  test('the admin or the reviewed workshop’s staff write one public reply, editable; staff of another workshop may not; audited', async () => {
    const { orderNo, workshop, product } = await twoReviews();
    expect((await call(R.reply, { reviewId: workshop, text: 'Sorry' }, keys.segambut)).code).toBe(403);
    expect((await call(R.reply, { reviewId: workshop, text: 'Sorry' }, keys.customer)).code).toBe(403);
    expect((await call(R.reply, { reviewId: workshop, text: 'Sorry' })).code).toBe(708);
    expect(await call(R.reply, { reviewId: workshop, text: '  ' }, keys.ss2)).toMatchObject({ code: 400, msg: 'Please write a reply.' });
    expect(await call(R.reply, { reviewId: workshop, text: 'x'.repeat(1001) }, keys.ss2)).toMatchObject({ code: 400, msg: 'A reply can be at most 1,000 characters.' });

    const first = await call(R.reply, { reviewId: workshop, text: 'Sorry for the wait, we added a bay.' }, keys.ss2);
    expect(first.code, first.msg).toBe(200);
    expect(first.data.reply).toMatchObject({ text: 'Sorry for the wait, we added a bay.' });
    const changed = await call(R.reply, { reviewId: workshop, text: 'Sorry for the wait: we added a second bay.' }, keys.admin);
    expect(changed.data.reply.text).toBe('Sorry for the wait: we added a second bay.');
    // A product review is answered by the staff of the workshop that fitted it.
    expect((await call(R.reply, { reviewId: product, text: 'Thank you!' }, keys.ss2)).code).toBe(200);

    const shown = (await call(R.page, { storeId: SS2 })).data.list[0];
    expect(shown.reply).toMatchObject({ text: 'Sorry for the wait: we added a second bay.' });
    expect((await call(R.page, { productId: WIPERS_ID })).data.list[0].reply.text).toBe('Thank you!');
    expect((await call(R.mine, { orderNo }, keys.customer)).data.find((r: { reviewId: string }) => r.reviewId === workshop).reply.text).toBe('Sorry for the wait: we added a second bay.');

    const audited = await auditRows(api, 'console/reviews/reply');
    expect(audited.map((a) => [a.role, a.order_no, a.store_id, a.details.text, a.details.before])).toEqual([
      ['workshop', orderNo, SS2, 'Sorry for the wait, we added a bay.', null],
      ['admin', orderNo, SS2, 'Sorry for the wait: we added a second bay.', 'Sorry for the wait, we added a bay.'],
      ['workshop', orderNo, SS2, 'Thank you!', null],
    ]);
  });

  test('a parcel’s product review has no workshop: only an admin replies', async () => {
    const parcel = await completedParcel(api, keys.customer);
    const review = await call(R.add, { orderNo: parcel, target: 'product', productId: WIPERS_ID, rating: 4 }, keys.customer);
    expect((await call(R.reply, { reviewId: review.data.reviewId, text: 'Thanks' }, keys.ss2)).code).toBe(403);
    expect((await call(R.reply, { reviewId: review.data.reviewId, text: 'Thanks' }, keys.admin)).code).toBe(200);
  });
});
