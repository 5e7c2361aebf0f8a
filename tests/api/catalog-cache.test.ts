import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_CACHE_BYTES } from '../../server/modules/catalog/service.ts';
import { startApi, type TestApi } from './harness.ts';

// Product lists are kept serialised between requests. A client varying the keyword by spaces
// and case (or asking for every car's pages) must not make the server hold more than the bound.

const PAGE = '/api/app/order/vehicle/product/app/page';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** The answer as text: the tests compare and measure it without parsing 50 000 bodies. */
async function pageText(body: object, language = 'en_us'): Promise<string> {
  const res = await api.fetch(PAGE, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', language },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(text.startsWith('{"code":200'), text.slice(0, 200)).toBe(true);
  return text;
}

const cache = () => api.indexes.catalog.pages;
/** What the cache holds, counted from its entries rather than its own tally. */
const held = () => [...cache()].reduce((sum, [key, json]) => sum + 2 * (key.length + json.length), 0);

/** `word` spelt the `n`th way: capitals by the bits of n, spaces before, inside and after. */
function spelling(word: string, n: number): string {
  const letters = [...word].map((ch, i) => ((n >> i) & 1 ? ch.toUpperCase() : ch.toLowerCase()));
  const inside = (n >> 12) % 3;
  const at = 1 + ((n >> 14) % (word.length - 1));
  return ' '.repeat((n >> 16) % 4) + letters.slice(0, at).join('') + ' '.repeat(inside) + letters.slice(at).join('') + ' '.repeat(n % 3);
}

describe('the product-page cache', () => {
  test('50 000 spellings of keywords by spaces and case keep one answer per keyword, far under the bound', { timeout: 240_000 }, async () => {
    const words = ['bosch', 'michelin', 'tyre', 'wiper', 'brake', 'tint', 'oil', 'service', 'dash', 'mat'];
    const canonical = new Map<string, string>();
    for (const word of words) canonical.set(word, await pageText({ keyword: word, pageSize: 48 }));
    const before = cache().size;

    const seen = new Set<string>();
    for (let n = 0; seen.size < 50_000; n++) {
      const word = words[n % words.length]!;
      const keyword = spelling(word, Math.floor(n / words.length));
      if (keyword.length > 60 || seen.has(keyword)) continue;
      seen.add(keyword);
      const text = await pageText({ keyword, pageSize: 48 });
      // A sample is compared whole: a spelling finds what the word finds.
      if (seen.size % 997 === 0) expect(text, keyword).toBe(canonical.get(word));
    }

    expect(seen.size).toBe(50_000);
    expect(cache().size).toBe(before);
    expect(cache().bytes).toBe(held());
    expect(cache().bytes).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
  });

  test('every car’s full pages in every order stay within 32 MB, the latest kept', { timeout: 240_000 }, async () => {
    const variants = [...api.indexes.cars.brands()]
      .flatMap((b) => api.indexes.cars.models(b.brandId) ?? [])
      .flatMap((m) => api.indexes.cars.variants({ modelId: m.modelId }) ?? [])
      .map((v) => v.variantId);
    expect(variants.length).toBeGreaterThan(300);

    let served = 0;
    let last = '';
    for (const sort of ['popular', 'priceAsc', 'priceDesc', 'saving']) {
      for (const variantId of variants) {
        last = await pageText({ variantId, sort, pageSize: 48 });
        served += 2 * last.length;
        expect(cache().bytes).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
      }
    }
    // Kept whole, these answers would have needed more than twice the bound.
    expect(served).toBeGreaterThan(2 * PAGE_CACHE_BYTES);
    expect(cache().bytes).toBe(held());
    expect(cache().bytes).toBeGreaterThan(PAGE_CACHE_BYTES / 2);
    const newest = [...cache().keys()].at(-1)!;
    expect(newest).toContain(variants.at(-1));
    expect(last).toContain(cache().get(newest)!);
  });

  test('the same request by category name, slug or case shares one answer', async () => {
    const a = await pageText({ category: 'Wiper Blade', keyword: 'Aero Twin' });
    const b = await pageText({ category: 'auto-wiper-blade', keyword: 'aerotwin' });
    const c = await pageText({ category: 'wiper blade', keyword: '  AERO-TWIN ' });
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect([...cache().keys()].filter((key) => /wiper/i.test(key) && key.includes('aerotwin'))).toHaveLength(1);
  });

  test('an unknown category or car is answered 404 and nothing is kept', async () => {
    const before = cache().size;
    for (let n = 0; n < 50; n++) {
      const unknownCategory = await api.request(PAGE, { category: `Spoilers ${n}` });
      const unknownCar = await api.request(PAGE, { variantId: `perodua-myvi-${n}` });
      expect([unknownCategory.code, unknownCar.code]).toEqual([404, 404]);
    }
    expect(cache().size).toBe(before);
  });
});
