import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

// The real content, checked as a whole through the API: every car we list can be served.

const PAGE = '/api/app/order/vehicle/product/app/page';
const FIND = '/api/app/order/vehicle/product/app/find';
const CHOSE = '/api/app/order/vehicle/car/size/chose';
const BASIC_SERVICE = 'service-basic';

type Card = { id: string; fit: { status: 'fits' | 'noFit' | 'unknown' } };
type ProductFile = { id: string; fit: { kind: string; axle?: string } };
const catalogDir = fileURLToPath(new URL('../../content/catalog', import.meta.url));
function readCatalog(): ProductFile[] {
  return readdirSync(catalogDir).flatMap((folder) =>
    readdirSync(`${catalogDir}/${folder}`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`${catalogDir}/${folder}/${f}`, 'utf8')) as ProductFile),
  );
}

let api: TestApi;
let catalog: ProductFile[];
beforeAll(async () => {
  catalog = readCatalog();
  api = await startApi();
});
afterAll(() => api.close());

async function page(body: object): Promise<{ list: Card[]; total: number }> {
  const answer = await api.request(PAGE, body);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}
async function find(id: string, variantId?: string) {
  const answer = await api.request(FIND, { id, variantId });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

describe('the catalogue covers every car we list', () => {
  /** Every active variant, found the way the picker finds them. */
  async function everyVariant() {
    const variants: { variantId: string; fuel: string; sizeClass: string }[] = [];
    const brands = (await api.request(CHOSE, {})).data.list;
    for (const { brandId } of brands) {
      for (const { modelId } of (await api.request(CHOSE, { brandId })).data.list) {
        variants.push(...(await api.request(CHOSE, { modelId, level: 'variant' })).data.list);
      }
    }
    return variants;
  }

  /** Every card of a category for the car, all pages. */
  async function fittingIds(category: string, variantId: string) {
    const found: string[] = [];
    for (let n = 1; ; n++) {
      const one = await page({ category, variantId, fitsOnly: true, page: n, pageSize: 48 });
      found.push(...one.list.filter((c) => c.fit.status === 'fits').map((c) => c.id));
      if (n * 48 >= one.total) return found;
    }
  }

  test(
    'every variant has a wiper, a tyre, front brake pads, mats, tint, and (unless electric) a basic service at RM 159.00 for size S',
    async () => {
      const frontPads = new Set(catalog.filter((p) => p.fit.kind === 'brakePads' && p.fit.axle === 'front').map((p) => p.id));
      const needs: [string, string, (id: string) => boolean][] = [
        ['Wiper Blade', 'Wiper Blade', () => true],
        ['Tires Service', 'Tires Service', () => true],
        ['Brake Pads (front)', 'Brake Pads', (id) => frontPads.has(id)],
        ['Car Mats', 'Car Mats', () => true],
        ['Tinting Films', 'Tinting Films', () => true],
      ];
      const variants = await everyVariant();
      expect(variants.length).toBeGreaterThan(100);

      const missing: Record<string, string[]> = {};
      const miss = (what: string, variantId: string) => (missing[what] ??= []).push(variantId);
      for (const v of variants) {
        for (const [what, category, counts] of needs) {
          if (!(await fittingIds(category, v.variantId)).some(counts)) miss(what, v.variantId);
        }
        if (v.fuel === 'Electric') continue;
        const basic = await find(BASIC_SERVICE, v.variantId);
        if (basic.fit.status !== 'fits') miss('Basic service', v.variantId);
        if (v.sizeClass === 'S' && basic.price.totalSen !== 15900) miss(`Basic service at RM 159.00 (size S)`, `${v.variantId}: ${basic.price.totalSen} sen`);
      }
      expect(missing).toEqual({});
    },
    180_000,
  );
});
