import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { productReviewPages, REVIEWS_REFRESH_MS, type ProductReviewPages } from '../../server/pages/product-reviews.ts';
import { mountSite } from '../../server/static.ts';
import { staffKeys, type Keys } from './console-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { completedInstall, completedParcel, R, WIPERS_ID } from './review-fixtures.ts';

/**
 * Product pages as the server sends them: built once, with the product's rating and latest
 * reviews filled into their HTML and JSON-LD from a cache read again every ten minutes.
 */

const PAGE = 'products/auto-wiper-blade/wiper-bosch-aerotwin';
const prefixes = { en: '', 'zh-cn': 'zh-cn/', ms: 'ms/' } as const;
type Lang = keyof typeof prefixes;

/** A product page as Astro builds it: the Product JSON-LD in the head and the reviews' mark in the body. */
function builtPage(lang: Lang) {
  const ld = { '@context': 'https://schema.org', '@type': 'Product', name: 'Bosch Aerotwin', sku: WIPERS_ID, offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'MYR' } };
  return (
    `<!doctype html><html lang="${lang}"><head><title>Bosch Aerotwin</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>` +
    `<body><main><h1>Bosch Aerotwin</h1>${'<p>Quiet, streak-free wiping in the monsoon.</p>\n'.repeat(60)}` +
    `<!--servauto:reviews:${lang}:${WIPERS_ID}--></main></body></html>`
  );
}

let api: TestApi;
let keys: Keys;
let top: string;
let site: Hono;
let pages: ProductReviewPages;
let clock = 0;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
  top = mkdtempSync(path.join(tmpdir(), 'servauto-reviews-site-'));
  for (const [lang, prefix] of Object.entries(prefixes)) {
    const file = path.join(top, prefix, PAGE, 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, builtPage(lang as Lang));
  }
  writeFileSync(path.join(top, 'about.html'), '<!doctype html><title>About</title>');
  pages = productReviewPages({ db: api.db, indexes: api.indexes, now: () => api.now(), secret: api.secret }, { clock: () => clock });
  site = new Hono();
  mountSite(site, { siteDir: top, productPage: () => undefined, fillPage: pages.fill });
});
afterAll(() => {
  pages?.stop();
  rmSync(top, { recursive: true, force: true });
  return api?.close();
});
beforeEach(async () => {
  await api.reset();
  pages.clear();
  clock = 0;
  keys = await staffKeys(api);
});

const get = (lang: Lang = 'en', headers: Record<string, string> = {}) => site.request(`/pc/${prefixes[lang]}${PAGE}`, { headers });
const html = async (lang: Lang = 'en') => (await get(lang)).text();

/** The page's JSON-LD blocks, parsed (a block that is not valid JSON fails the test). */
function jsonLd(page: string): Record<string, any>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const productLd = (page: string) => jsonLd(page).find((ld) => ld['@type'] === 'Product')!;

/** A review of the wipers by the customer, from a completed installation. */
async function reviewWipers(rating: number, text: string, name = 'Nur Aisyah binti Rahman') {
  const orderNo = await completedInstall(api, keys.customer, { contact: { name, phone: '0123456789' } });
  const added = await api.request(R.add, { orderNo, target: 'product', productId: WIPERS_ID, rating, text }, { userKey: keys.customer });
  expect(added.code, added.msg).toBe(200);
  expect(added.data.status).toBe('visible');
  return added.data.reviewId as string;
}

describe('a product page without reviews', () => {
  test('says there are none yet and carries no rating in its JSON-LD', async () => {
    const page = await html();
    expect(page).toContain('No reviews yet.');
    expect(page).not.toContain('servauto:reviews');
    expect(page).not.toContain('AggregateRating');
    const ld = productLd(page);
    expect(ld.sku).toBe(WIPERS_ID);
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.review).toBeUndefined();
  });
});

describe('a product page with reviews', () => {
  test('shows the rating, the histogram and the latest reviews in its HTML, with AggregateRating and Review in the JSON-LD', async () => {
    await html(); // cached empty: a review written through this server drops the cache at once
    await reviewWipers(4, 'Quiet and clean wipe.');
    const parcel = await completedParcel(api, keys.customer);
    const second = await api.request(R.add, { orderNo: parcel, target: 'product', productId: WIPERS_ID, rating: 5, text: '' }, { userKey: keys.customer });
    expect(second.code, second.msg).toBe(200);

    const page = await html();
    expect(page).toContain('Reviews</h2>');
    expect(page).toContain('4.5 out of 5');
    expect(page).toContain('2 reviews');
    expect(page).toContain('Quiet and clean wipe.');
    expect(page).toContain('Nur A.');
    expect(page).toContain('Verified buyer');
    expect(page).toContain('aria-label="4 out of 5 stars"');
    // The date in words, on the KL calendar (the test clock's day).
    expect(page).toContain('Mon, 2 Jun 2025');
    // The histogram: one 5-star and one 4-star review.
    expect(page).toMatch(/5 stars<\/span>.*?<span class="w-10 shrink-0 text-right">1<\/span>/);
    expect(page).toMatch(/3 stars<\/span>.*?<span class="w-10 shrink-0 text-right">0<\/span>/);
    expect(page).toContain('1 star<');

    const ld = productLd(page);
    expect(ld.name).toBe('Bosch Aerotwin');
    expect(ld.offers.price).toBe('89.00');
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(2);
    expect(ld.review.find((r: any) => r.reviewBody === 'Quiet and clean wipe.')).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Nur A.' },
      datePublished: '2025-06-02',
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
    });
  });

  test('the shop’s reply is shown under the review', async () => {
    const reviewId = await reviewWipers(3, 'Fits, but squeaks a little.');
    const reply = await api.request(R.reply, { reviewId, text: 'Thank you: our workshop will check the arm tension for free.' }, { userKey: keys.admin });
    expect(reply.code, reply.msg).toBe(200);
    const page = await html();
    expect(page).toContain('Reply from Servauto');
    expect(page).toContain('our workshop will check the arm tension for free.');
  });

  test('a review published with its personal data masked shows ••• in the page and its JSON-LD, never the number or the plate', async () => {
    const parcel = await completedParcel(api, keys.customer);
    const text = 'Fits well. Call me 012 345 6789 about WXY1234.';
    const held = await api.request(R.add, { orderNo: parcel, target: 'product', productId: WIPERS_ID, rating: 5, text }, { userKey: keys.customer });
    expect(held.data.status).toBe('pending');
    const shown = await api.request(R.show, { reviewId: held.data.reviewId, mask: true }, { userKey: keys.admin });
    expect(shown.code, shown.msg).toBe(200);
    for (const lang of ['en', 'zh-cn', 'ms'] as const) {
      const page = await html(lang);
      expect(page).toContain('Fits well. Call me ••• about •••.');
      expect(page).not.toContain('6789');
      expect(page).not.toContain('WXY1234');
      expect(productLd(page).review[0].reviewBody).toBe('Fits well. Call me ••• about •••.');
    }
  });

  test('a review held for a phone number, or hidden by the admin, is not on the page', async () => {
    const held = await completedParcel(api, keys.customer);
    const answer = await api.request(R.add, { orderNo: held, target: 'product', productId: WIPERS_ID, rating: 1, text: 'Call me on 0123456789' }, { userKey: keys.customer });
    expect(answer.data.status).toBe('pending');
    expect(await html()).toContain('No reviews yet.');

    const reviewId = await reviewWipers(2, 'Spam spam spam');
    expect(await html()).toContain('Spam spam spam');
    const hidden = await api.request(R.hide, { reviewId, reason: 'spam' }, { userKey: keys.admin });
    expect(hidden.code, hidden.msg).toBe(200);
    const page = await html();
    expect(page).not.toContain('Spam spam spam');
    expect(productLd(page).aggregateRating).toBeUndefined();
  });

  test('a reviewer’s words are text, never markup, in the HTML and in the JSON-LD', async () => {
    const text = '</script><script>alert("x")</script> <b>bold</b> & <!-- done';
    await reviewWipers(5, text, '<img src=x onerror=alert(1)> Ali');
    const page = await html();
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<b>bold</b>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;bold&lt;/b&gt; &amp; &lt;!-- done');
    // Only the page's own script blocks: none opened or closed by the review.
    expect(page.match(/<script/g)).toHaveLength(1);
    const ld = productLd(page);
    expect(ld.review[0].reviewBody).toBe(text);
  });
});

describe('freshness', () => {
  test('a change made by another server shows within the refresh interval, not before; the ETag follows the reviews', async () => {
    const reviewId = await reviewWipers(4, 'Quiet and clean wipe.');
    const first = await get();
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+-.+-.+"$/);
    expect(await first.text()).toContain('Quiet and clean wipe.');
    // Unchanged: the browser's copy is still good.
    expect((await get('en', { 'If-None-Match': etag })).status).toBe(304);

    // Hidden by another process (straight in the database): this one still shows its cached copy…
    await api.db.execute(sql`update reviews set status = 'hidden', hidden_reason = 'spam' where id = ${reviewId}`);
    clock += REVIEWS_REFRESH_MS - 1;
    expect(await html()).toContain('Quiet and clean wipe.');
    // …until ten minutes have passed since it read them.
    clock += 1;
    const later = await get('en', { 'If-None-Match': etag });
    expect(later.status).toBe(200);
    expect(later.headers.get('ETag')).not.toBe(etag);
    const page = await later.text();
    expect(page).not.toContain('Quiet and clean wipe.');
    expect(page).toContain('No reviews yet.');
  });

  test('the filled page goes out compressed and revalidated each time', async () => {
    await reviewWipers(5, 'Great.');
    const res = await get('en', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(body).toContain('Great.');
    expect(body.endsWith('</html>')).toBe(true);
  });

  test('a page without the mark is served as built', async () => {
    const res = await site.request('/pc/about.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html><title>About</title>');
    expect(res.headers.get('ETag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });
});

describe('three languages', () => {
  test('the block speaks the page’s language, with its date in words', async () => {
    await reviewWipers(4, 'Bagus');
    const zh = await html('zh-cn');
    expect(zh).toContain('评价</h2>');
    expect(zh).toContain('4.0 分（满分 5 分）');
    expect(zh).toContain('1 条评价');
    expect(zh).toContain('已验证买家');
    expect(zh).toContain('2025年6月2日（周一）');
    expect(productLd(zh).aggregateRating.reviewCount).toBe(1);

    const ms = await html('ms');
    expect(ms).toContain('Ulasan</h2>');
    expect(ms).toContain('4.0 daripada 5');
    expect(ms).toContain('1 ulasan');
    expect(ms).toContain('Pembeli disahkan');
    expect(ms).toContain('Isn, 2 Jun 2025');

    const en = await html('en');
    expect(en).toContain('1 review<');
    expect(en).not.toContain('已验证买家');
  });
});

describe('app/review/workshop-ratings', () => {
  const SS2 = 'petaling-jaya-ss2-tyre-auto';
  const ratings = () => api.request('/api/app/review/workshop-ratings', {});

  test('no login: each reviewed workshop with its count and average of visible workshop reviews; product reviews and hidden ones do not count', async () => {
    expect((await ratings()).data).toEqual([]);
    const first = await completedInstall(api, keys.customer);
    const second = await completedInstall(api, keys.customer);
    const third = await completedInstall(api, keys.customer);
    for (const [orderNo, rating] of [[first, 5], [second, 4], [third, 1]] as const) {
      const added = await api.request(R.add, { orderNo, target: 'workshop', rating }, { userKey: keys.customer });
      expect(added.code, added.msg).toBe(200);
    }
    await api.request(R.add, { orderNo: first, target: 'product', productId: WIPERS_ID, rating: 1 }, { userKey: keys.customer });
    expect((await ratings()).data).toEqual([{ storeId: SS2, count: 3, average: 3.3 }]);

    const low = (await api.request(R.mine, { orderNo: third }, { userKey: keys.customer })).data.find((r: { target: string }) => r.target === 'workshop');
    expect((await api.request(R.hide, { reviewId: low.reviewId, reason: 'off-topic' }, { userKey: keys.admin })).code).toBe(200);
    const answer = await ratings();
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual([{ storeId: SS2, count: 2, average: 4.5 }]);
  });

  test('asks for nothing: anything sent is refused', async () => {
    expect((await api.request('/api/app/review/workshop-ratings', { storeId: SS2 })).code).toBe(400);
  });
});

describe('the public review calls, shared between visitors', () => {
  test('a review written, edited or hidden through this server shows in app/review/page and the workshop ratings at once', async () => {
    const page = () => api.request(R.page, { productId: WIPERS_ID, pageNum: 1, pageSize: 5 });
    const ratings = async () => (await api.request('/api/app/review/workshop-ratings', {})).data as { storeId: string; count: number }[];
    expect((await page()).data.summary.count).toBe(0);
    expect(await ratings()).toEqual([]);

    const orderNo = await completedInstall(api, keys.customer);
    const added = await api.request(R.add, { orderNo, target: 'product', productId: WIPERS_ID, rating: 2, text: '' }, { userKey: keys.customer });
    expect(added.code, added.msg).toBe(200);
    const workshop = await api.request(R.add, { orderNo, target: 'workshop', rating: 5, text: '' }, { userKey: keys.customer });
    expect(workshop.code, workshop.msg).toBe(200);
    expect((await page()).data.summary).toMatchObject({ count: 1, average: 2 });
    expect((await ratings()).map((r) => r.count)).toEqual([1]);

    // An edit that adds text moves the review up the "most helpful" order.
    const other = await completedParcel(api, keys.customer);
    api.advance(60); // written a minute later: the newest of the two
    const second = await api.request(R.add, { orderNo: other, target: 'product', productId: WIPERS_ID, rating: 4, text: '' }, { userKey: keys.customer });
    const helpful = () => api.request(R.page, { productId: WIPERS_ID, sort: 'helpful', pageNum: 1, pageSize: 5 });
    expect((await helpful()).data.list[0].reviewId).toBe(second.data.reviewId);
    const edited = await api.request(R.update, { reviewId: added.data.reviewId, text: 'Squeaked after a week.' }, { userKey: keys.customer });
    expect(edited.code, edited.msg).toBe(200);
    expect((await helpful()).data.list.map((r: { text: string }) => r.text)).toEqual(['Squeaked after a week.', '']);

    const hidden = await api.request(R.hide, { reviewId: added.data.reviewId, reason: 'spam' }, { userKey: keys.admin });
    expect(hidden.code, hidden.msg).toBe(200);
    expect((await page()).data.summary).toMatchObject({ count: 1, average: 4 });
  });
});
