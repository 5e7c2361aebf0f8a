import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { ADD, count, FIND, mailOrder, rows } from './order-fixtures.ts';
import { jpegWithGps, PAGE, paidOrder, pngPhoto, REFUND, REFUND_CANCEL, scratchDataDir, setOrder, setRefund, upload } from './my-orders-fixtures.ts';

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

const find = (orderNo: string, userKey = me) => api.request(FIND, { orderNo }, { userKey });
const ask = (body: Record<string, unknown>, userKey = me, language = 'en_us') => api.request(REFUND, { reason: 'Wrong size', contact: '0123456789', ...body }, { userKey, language });
/** RM 89 wipers by post: RM 89 + RM 8 delivery = RM 97 paid. */
const PAID_SEN = 9700;

describe('app/refund and app/refund/cancel', () => {
  test('a refund of everything refundable, in PENDING_REVIEW with its own history; revoked while pending', async () => {
    const orderNo = await paidOrder(api, me, mailOrder());
    const paidSen = (await find(orderNo)).data.paidSen;
    const asked = await ask({ orderNo, reason: ' The blades do not fit ' });
    expect(asked.code, asked.msg).toBe(200);
    expect(asked.data.refunds).toEqual([
      expect.objectContaining({
        refundNo: `${orderNo}-R1`,
        status: 'PENDING_REVIEW',
        amountSen: paidSen,
        requestedSen: paidSen,
        reason: 'The blades do not fit',
        contact: '0123456789',
        images: [],
        history: [expect.objectContaining({ status: 'PENDING_REVIEW', by: 'customer', note: 'The blades do not fit' })],
      }),
    ]);
    expect(asked.data.actions).toMatchObject({ refund: false, revokeRefund: true });
    expect(asked.data.history.at(-1).note).toMatch(/^Refund of RM ?\d/);
    const tab = await api.request(PAGE, { status: 'REFUND' }, { userKey: me });
    expect(tab.data).toMatchObject({ total: 1, counts: { REFUND: 1 } });
    expect(tab.data.list[0].refund).toEqual({ refundNo: `${orderNo}-R1`, status: 'PENDING_REVIEW', amountSen: paidSen });

    const revoked = await api.request(REFUND_CANCEL, { orderNo }, { userKey: me, language: 'zh_cn' });
    expect(revoked.code).toBe(200);
    expect(revoked.data.refunds[0].status).toBe('REVOKED');
    expect(revoked.data.refunds[0].history.map((h: { status: string; note: string }) => [h.status, h.note])).toEqual([
      ['PENDING_REVIEW', 'The blades do not fit'],
      ['REVOKED', '顾客已撤回。'],
    ]);
    expect(revoked.data.actions).toMatchObject({ refund: true, revokeRefund: false });
    // A new request after a revoke is a second one.
    const again = await ask({ orderNo, amountSen: 1000 });
    expect(again.data.refunds.map((r: { refundNo: string; amountSen: number }) => [r.refundNo, r.amountSen])).toEqual([
      [`${orderNo}-R2`, 1000],
      [`${orderNo}-R1`, paidSen],
    ]);
  });

  test('a revoked refund is no refund: not in the Refunds tab nor its count, and not on the order card; a new request is', async () => {
    const orderNo = await paidOrder(api, me, mailOrder());
    expect((await ask({ orderNo })).code).toBe(200);
    expect((await api.request(REFUND_CANCEL, { orderNo }, { userKey: me })).code).toBe(200);
    const tab = await api.request(PAGE, { status: 'REFUND' }, { userKey: me });
    expect(tab.data).toMatchObject({ total: 0, list: [], counts: { ALL: 1, REFUND: 0 } });
    const all = await api.request(PAGE, {}, { userKey: me });
    expect(all.data.list[0]).toMatchObject({ orderNo, refund: null, actions: { refund: true, revokeRefund: false } });

    expect((await ask({ orderNo, amountSen: 1000 })).code).toBe(200);
    const asked = await api.request(PAGE, { status: 'REFUND' }, { userKey: me });
    expect(asked.data).toMatchObject({ total: 1, counts: { REFUND: 1 } });
    expect(asked.data.list[0].refund).toEqual({ refundNo: `${orderNo}-R2`, status: 'PENDING_REVIEW', amountSen: 1000 });
    // Revoked again: the card has no refund to tell of, though two were asked.
    expect((await api.request(REFUND_CANCEL, { orderNo }, { userKey: me })).code).toBe(200);
    expect((await api.request(PAGE, {}, { userKey: me })).data).toMatchObject({ counts: { REFUND: 0 }, list: [{ orderNo, refund: null }] });
  });

  test('refusals: unpaid, no reason, no contact, above what was paid, a second open request, another customer’s order, after the warranty', async () => {
    const unpaid = (await api.request(ADD, mailOrder(), { userKey: me })).data.orderNo;
    expect(await ask({ orderNo: unpaid })).toMatchObject({ code: 807, msg: 'This order cannot be refunded.' });

    const orderNo = await paidOrder(api, me, mailOrder());
    expect(await ask({ orderNo, reason: ' ' })).toMatchObject({ code: 400, msg: 'Please give a reason for the refund.' });
    expect(await ask({ orderNo, contact: '' }, me, 'ms_my')).toMatchObject({ code: 400, msg: 'Sila beritahu cara menghubungi anda tentang bayaran balik ini.' });
    expect(await ask({ orderNo, amountSen: PAID_SEN + 1 })).toMatchObject({ code: 807, msg: 'The refund must be between RM 0.01 and RM 97.00.', data: { field: 'amountSen' } });
    expect((await ask({ orderNo, amountSen: 0 })).code).toBe(400);
    expect(await ask({ orderNo }, other)).toMatchObject({ code: 404, msg: 'We cannot find that order.' });
    expect(await count(api, sql`select count(*)::int as n from refunds`)).toBe(0);

    expect((await ask({ orderNo, amountSen: 5000 })).code).toBe(200);
    expect(await ask({ orderNo, amountSen: 1000 }, me, 'zh_cn')).toMatchObject({ code: 807, msg: '此订单已有一项正在处理的退款申请。' });
    expect(await count(api, sql`select count(*)::int as n from refunds`)).toBe(1);

    const done = await paidOrder(api, me, mailOrder());
    await setOrder(api, done, { status: 'COMPLETED', completedAt: api.now() });
    api.advance(31 * DAY_SECONDS);
    me = (await api.login('0123456789')).userKey;
    expect(await ask({ orderNo: done })).toMatchObject({ code: 807, msg: 'A completed order can be refunded within 30 days of completion.' });
  });

  test('a revoke after review, or with no request, is refused and changes nothing; another customer cannot revoke', async () => {
    const orderNo = await paidOrder(api, me, mailOrder());
    expect(await api.request(REFUND_CANCEL, { orderNo }, { userKey: me })).toMatchObject({ code: 807, msg: 'This refund request is no longer waiting for review.' });
    await ask({ orderNo });
    expect((await api.request(REFUND_CANCEL, { orderNo }, { userKey: other })).code).toBe(404);
    await setRefund(api, orderNo, 'REVIEWED');
    expect(await api.request(REFUND_CANCEL, { orderNo }, { userKey: me })).toMatchObject({ code: 807, msg: 'This refund request is no longer waiting for review.' });
    expect((await find(orderNo)).data.refunds[0].status).toBe('REVIEWED');
  });
});

describe('app/upload/image and photos on a refund', () => {
  test('a JPEG with GPS in its EXIF is stored re-encoded, without EXIF; its owner gets a link, a forged or stale link shows nothing', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await upload(api, me, original, 'IMG_0001.JPG');
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ key: expect.stringMatching(/^[0-9a-f]{32}\.jpg$/), width: 64, height: 48 });

    const res = await api.fetch(answer.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
    expect(stored.includes('Tracker 9000')).toBe(false);

    const forged = answer.data.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await api.fetch(forged)).status).toBe(404);
    const otherKey = answer.data.url.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await api.fetch(otherKey)).status).toBe(404);
    expect((await api.fetch(answer.data.url.replace(/\?.*$/, ''))).status).toBe(404);
    api.advance(2 * 3600);
    expect((await api.fetch(answer.data.url)).status).toBe(404);
  });

  test('refused: no login, a text file named .jpg, an SVG with a script, a truncated JPEG, 6 MB, no file', async () => {
    const jpeg = await jpegWithGps(400, 300);
    expect((await upload(api, undefined, jpeg)).code).toBe(708);
    expect(await upload(api, me, new TextEncoder().encode('just some notes, not a photo\n'), 'photo.jpg', 'image/jpeg')).toMatchObject({
      code: 415,
      msg: 'Please upload a photo in JPEG, PNG, WebP or HEIC format.',
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    expect((await upload(api, me, new TextEncoder().encode(svg), 'photo.svg', 'image/svg+xml')).code).toBe(415);
    expect((await upload(api, me, new TextEncoder().encode(svg), 'photo.png', 'image/png')).code).toBe(415);
    expect(await upload(api, me, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg', 'image/jpeg', 'zh_cn')).toMatchObject({
      code: 415,
      msg: '此照片已损坏或不完整，无法读取。',
    });
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    jpeg.copy(big);
    expect(await upload(api, me, big, 'big.jpg', 'image/jpeg', 'ms_my')).toMatchObject({ code: 413, msg: 'Saiz foto paling besar ialah 5 MB.' });
    // sharp's prebuilt libvips has no HEVC decoder: an iPhone HEIC is recognised and refused in words that say so.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(2048, 7)]);
    expect(await upload(api, me, heic, 'IMG_0002.HEIC', 'image/heic')).toMatchObject({ code: 415, msg: 'HEIC photos cannot be read at the moment. Please upload a JPEG or PNG.' });
    // A declared length past the limit is refused before a byte of the body is read.
    let read = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        read++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const declared = await api.fetch('/api/app/upload/image', {
      method: 'POST',
      body: endless,
      duplex: 'half',
      headers: { Authorization: me, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(7 * 1024 * 1024) },
    } as RequestInit);
    expect(((await declared.json()) as { code: number }).code).toBe(413);
    expect(read).toBeLessThanOrEqual(1);
    const empty = await api.fetch('/api/app/upload/image', { method: 'POST', body: new FormData(), headers: { Authorization: me } });
    expect(((await empty.json()) as { code: number }).code).toBe(400);
    const json = await api.fetch('/api/app/upload/image', { method: 'POST', body: '{}', headers: { Authorization: me, 'Content-Type': 'application/json' } });
    expect(((await json.json()) as { code: number }).code).toBe(415);
    expect(await count(api, sql`select count(*)::int as n from uploads`)).toBe(0);
  });

  test('a PNG stays a PNG; three photos go on a refund and its owner sees them; a fourth, a stranger’s, or one used already are refused', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 4; i++) keys.push((await upload(api, me, i % 2 ? await pngPhoto() : await jpegWithGps())).data.key);
    expect(keys[1]).toMatch(/\.png$/);
    const strangers = (await upload(api, other, await jpegWithGps())).data.key;
    const orderNo = await paidOrder(api, me, mailOrder());

    expect(await ask({ orderNo, images: keys })).toMatchObject({ code: 400, msg: 'A refund request can carry at most 3 photos.' });
    expect(await ask({ orderNo, images: [keys[0], strangers] })).toMatchObject({ code: 807, msg: 'One of the photos was not found. Please upload it again.' });
    expect(await ask({ orderNo, images: ['../../etc/passwd'] })).toMatchObject({ code: 400 });
    expect(await ask({ orderNo, images: [keys[0], keys[0]] })).toMatchObject({ code: 807, msg: 'The same photo is attached twice.' });
    expect(await count(api, sql`select count(*)::int as n from refunds`)).toBe(0);

    const asked = await ask({ orderNo, images: keys.slice(0, 3) });
    expect(asked.code, asked.msg).toBe(200);
    const images = asked.data.refunds[0].images as { key: string; url: string }[];
    expect(images.map((i) => i.key)).toEqual(keys.slice(0, 3));
    for (const image of images) expect((await api.fetch(image.url)).status).toBe(200);
    expect((await api.request(FIND, { orderNo }, { userKey: other })).code).toBe(404);

    // The same photo on another order's request.
    const second = await paidOrder(api, me, mailOrder());
    expect(await ask({ orderNo: second, images: [keys[0]] })).toMatchObject({ code: 807, msg: 'One of the photos is already part of another refund request.' });
    expect((await ask({ orderNo: second, images: [keys[3]] })).code).toBe(200);
    const stored = await rows<{ key: string }>(api, sql`select key from refund_images order by key`);
    expect(stored.map((r) => r.key).sort()).toEqual([...keys].sort());
  });
});
