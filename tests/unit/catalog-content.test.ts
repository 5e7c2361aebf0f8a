import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { loadCatalog } from '../../server/modules/catalog/content.ts';

// The catalogue's own rules, checked on every start: a content editor's slip stops the start
// with the file named, instead of reaching a customer.
const realCatalog = fileURLToPath(new URL('../../content/catalog', import.meta.url));
const real = (folder: string, id: string) => JSON.parse(readFileSync(path.join(realCatalog, folder, `${id}.json`), 'utf8'));

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});
/** A content folder holding only `product`. */
function contentWith(folder: string, product: { id: string }) {
  dir = mkdtempSync(path.join(tmpdir(), 'servauto-catalog-'));
  mkdirSync(path.join(dir, 'catalog', folder), { recursive: true });
  writeFileSync(path.join(dir, 'catalog', folder, `${product.id}.json`), JSON.stringify(product));
  return dir;
}

describe('tyres priced per size', () => {
  test('load with a price for every size', async () => {
    const tyre = real('auto-tires-service', 'tyre-bridgestone-ecopia-ep150');
    const [loaded] = await loadCatalog(contentWith('auto-tires-service', tyre));
    expect(loaded!.fit).toMatchObject({ kind: 'tyre', sizes: { '175/65R14': 21500 } });
  });

  test('the "from" price must be the lowest size price', async () => {
    const tyre = real('auto-tires-service', 'tyre-bridgestone-ecopia-ep150');
    tyre.partsSen = 21500;
    await expect(loadCatalog(contentWith('auto-tires-service', tyre))).rejects.toThrow(
      'tyre-bridgestone-ecopia-ep150: partsSen is 21500, but its lowest price per size is 17000',
    );
  });

  test('a size without a price is refused, naming it', async () => {
    const tyre = real('auto-tires-service', 'tyre-bridgestone-ecopia-ep150');
    tyre.fit.sizes['185/55R15'] = null;
    await expect(loadCatalog(contentWith('auto-tires-service', tyre))).rejects.toThrow('fit.sizes.185/55R15');
  });

  test('a size written wrongly is refused', async () => {
    const tyre = real('auto-tires-service', 'tyre-bridgestone-ecopia-ep150');
    tyre.fit.sizes['175-65-14'] = 21500;
    await expect(loadCatalog(contentWith('auto-tires-service', tyre))).rejects.toThrow('tyre-bridgestone-ecopia-ep150.json: fit.sizes');
  });
});

describe('brake pads priced per pad code', () => {
  test('the "from" price must be the lowest pad price', async () => {
    const pads = real('auto-brake-pads', 'brakepads-perodua-genuine-front');
    pads.partsSen += 100;
    await expect(loadCatalog(contentWith('auto-brake-pads', pads))).rejects.toThrow('lowest price per pad code');
  });
});

describe('tint shades', () => {
  test.each([
    ['front', [60, 70], 'tint front 60% is below the JPJ minimum of 70%'],
    ['sideWindows', [30, 50], 'tint sideWindows 30% is below the JPJ minimum of 50%'],
    ['rearWindscreen', [20, 35], 'tint rearWindscreen 20% is below the JPJ minimum of 30%'],
  ])('below the legal minimum on the %s are refused', async (group, shades, error) => {
    const film = real('auto-tinting-films', 'tint-3m-crystalline');
    film.tint[group] = shades;
    await expect(loadCatalog(contentWith('auto-tinting-films', film))).rejects.toThrow(error);
  });
});

describe('service packages name their oil from the data', () => {
  test('the basic service’s texts name the oil only as {oil}, never by a written name', () => {
    const service = real('auto-maintenance', 'service-basic');
    const texts = [service.description, ...service.included].flatMap((t: Record<string, string>) => Object.values(t));
    expect(texts.filter((t) => t.includes('{oil}'))).toHaveLength(6);
    expect(texts.join(' ')).not.toMatch(/Petronas|Syntium|5W-30/);
  });

  test('a product that includes no oil may not name {oil}', async () => {
    const wipers = real('auto-wiper-blade', 'wiper-bosch-aerotwin');
    wipers.description.en += ' Comes with {oil}.';
    await expect(loadCatalog(contentWith('auto-wiper-blade', wipers))).rejects.toThrow('wiper-bosch-aerotwin names {oil} but includes no oil');
  });
});

describe('products the customer fits themselves', () => {
  test('every mat needs no fitting', async () => {
    const mats = (await loadCatalog(path.dirname(realCatalog))).filter((p) => p.category === 'Car Mats');
    expect(mats.length).toBeGreaterThan(0);
    expect(mats.every((p) => p.noFitting === true)).toBe(true);
  });

  test('one that needs no fitting may not charge labour', async () => {
    const mats = real('auto-car-mats', 'mat-goodyear-rubber');
    mats.labourSen.M = 1000;
    await expect(loadCatalog(contentWith('auto-car-mats', mats))).rejects.toThrow('mat-goodyear-rubber needs no fitting but charges labour');
  });
});

describe('mats cut to a car’s floor', () => {
  test('each one described as cut to the floor pattern needs the variant; the universal ones do not', async () => {
    const mats = (await loadCatalog(path.dirname(realCatalog))).filter((p) => p.category === 'Car Mats');
    const cut = mats.filter((p) => p.description.en.includes('Cut to your car’s floor pattern'));
    expect(cut.length).toBeGreaterThan(0);
    for (const p of mats) expect([p.id, p.fit.kind === 'bodyTypes' && p.fit.needsVariant === true]).toEqual([p.id, cut.includes(p)]);
  });

  test('only a rule for car bodies may say so, and only as true', async () => {
    const mat = real('auto-car-mats', 'mat-3d-maxpider-kagu');
    await expect(loadCatalog(contentWith('auto-car-mats', { ...mat, fit: { ...mat.fit, needsVariant: false } }))).rejects.toThrow('fit.needsVariant');
    const tyre = real('auto-tires-service', 'tyre-bridgestone-ecopia-ep150');
    await expect(loadCatalog(contentWith('auto-tires-service', { ...tyre, fit: { ...tyre.fit, needsVariant: true } }))).rejects.toThrow('tyre-bridgestone-ecopia-ep150.json: fit');
  });
});
