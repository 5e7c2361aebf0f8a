import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { categories } from '../../../contract/rules/categories.ts';
import { TINT_MIN_PCT, TYRE_SIZE } from '../../../contract/line.ts';
import { namesOil } from '../../../contract/rules/package-oil.ts';
import { readContent } from '../../db/content.ts';
import { localized } from '../../i18n/localized.ts';

const sen = z.number().int().min(0);
const classNames = categories.map((c) => c.className) as [string, ...string[]];

/** A price in sen per size or code; at least one. */
const pricedBy = (key: z.ZodString) =>
  z.record(key, sen).refine((prices) => Object.keys(prices).length > 0, 'at least one price is needed');

/** Which cars a product fits, checked against a variant's fitment facts. */
export const fitRule = z.discriminatedUnion('kind', [
  /** Fits every car (dash cams, most accessories). */
  z.strictObject({ kind: z.literal('universal') }),
  /** Wiper blades made in these lengths (inches): fits when every blade the car uses is among them. */
  z.strictObject({ kind: z.literal('wiper'), lengths: z.array(z.number().int().min(8).max(32)).min(1) }),
  /** Tyres made in these sizes, each with its parts price in sen: fits when one of the car's sizes is among them. */
  z.strictObject({ kind: z.literal('tyre'), sizes: pricedBy(z.string().regex(TYRE_SIZE)) }),
  /** Brake pads for one axle, per pad code with its parts price in sen: fits when the car's code for that axle is among them. */
  z.strictObject({ kind: z.literal('brakePads'), axle: z.enum(['front', 'rear']), codes: pricedBy(z.string().regex(/^[A-Z0-9-]+$/)) }),
  /** Engine oil and services that include it: fits cars with an engine that takes one of these grades. */
  z.strictObject({ kind: z.literal('oil'), grades: z.array(z.string().regex(/^\d{1,2}W-\d{2}$/)).min(1) }),
  /**
   * Cut to the body (mats, tint): fits these body types. `needsVariant`: made for the exact car
   * (mats cut to its floor pattern), so it is sold only for a chosen variant.
   */
  z.strictObject({
    kind: z.literal('bodyTypes'),
    bodyTypes: z.array(z.enum(['Hatchback', 'Sedan', 'SUV', 'MPV', 'Pickup', 'Coupe', 'Wagon', 'Van'])).min(1),
    needsVariant: z.literal(true).optional(),
  }),
]);
export type FitRule = z.infer<typeof fitRule>;

/** Tint transmittance choices in percent of visible light let through, per window group. */
const tintChoices = z.strictObject({
  front: z.array(z.number().int().min(5).max(90)).min(1),
  rearWindscreen: z.array(z.number().int().min(5).max(90)).min(1),
  sideWindows: z.array(z.number().int().min(5).max(90)).min(1),
});

const intervalMonths = z.number().int().min(1).max(120);
const intervalKm = z.number().int().min(1000).max(200_000);

export const productFile = z.strictObject({
  /** Stable id, also the file name: category-brand-line, e.g. "wiper-bosch-aerotwin". */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  category: z.enum(classNames),
  brand: z.string().min(1),
  name: localized,
  /** One line for lists. */
  summary: localized,
  /** A paragraph or two for the product page. */
  description: localized,
  /** Under public/, e.g. "/pc/products/wiper-bosch-aerotwin.svg"; 800×600. */
  image: z.string().regex(/^\/pc\/products\/[a-z0-9-]+\.(svg|webp|png|jpg)$/),
  imageAlt: localized,
  /**
   * Price of the parts, in sen (RM 1 = 100 sen), per unit sold. Tyres and brake pads are
   * priced per size or pad code in `fit`; this is then their lowest price, the "from" price.
   */
  partsSen: sen,
  /** Wiper blades: the price of one rear blade, when the line makes rear blades. */
  rearBladeSen: sen.optional(),
  /** What the parts and fitting typically cost at a walk-in shop, in sen: the saving shown. */
  listPriceSen: sen,
  /** Fitting labour per car size class, in sen; all 0 for items the customer fits (mats). */
  labourSen: z.strictObject({ S: sen, M: sen, L: sen, XL: sen }),
  /**
   * The customer lays or fits it themselves (mats): no workshop fitting, so it is sold for
   * pickup and post only, with no labour and no workmanship warranty. fulfilment.json must agree.
   */
  noFitting: z.literal(true).optional(),
  /** Not counted on any shelf (stock): labour-only services and tint films cut from bulk rolls. */
  stocked: z.literal(false).optional(),
  /** What one unit is, e.g. "per tyre", "set of 2 blades", "full service". */
  unit: localized,
  /** What the price includes: parts and work, one line each. */
  included: z.array(localized).min(1),
  /** Warranty on the product itself, in months (the 30-day workmanship warranty comes on top). */
  warrantyMonths: z.number().int().min(0).max(120),
  fit: fitRule,
  /** Engine-oil alternatives: a service package names the oil it comes with; other oils may replace it. */
  slot: z.enum(['engineOil']).optional(),
  /** For service packages: the product id of the oil included, which `product/change/list` can swap. */
  includesOil: z.string().optional(),
  /** For tint films: the transmittance choices per window group. */
  tint: tintChoices.optional(),
  /** How popular, for the default sort (higher first). */
  popularity: z.number().int().min(0).max(100),
  /** Service products (Maintenance): done again after this many months or km, whichever comes first. */
  intervalMonths: intervalMonths.optional(),
  intervalKm: intervalKm.optional(),
  /** A model whose maker asks for another interval, by modelId (content/vehicles). */
  intervalByModel: z.record(z.string().regex(/^[a-z0-9-]+$/), z.strictObject({ intervalMonths, intervalKm })).optional(),
});
export type ProductContent = z.infer<typeof productFile>;

/** Every content/catalog/<category>/*.json, checked, with cross-file rules. */
export async function loadCatalog(contentDir: string): Promise<ProductContent[]> {
  const root = path.join(contentDir, 'catalog');
  const products: ProductContent[] = [];
  for (const folder of (await readdir(root)).sort()) {
    const category = categories.find((c) => c.slug === folder);
    if (!category) throw new Error(`content/catalog/${folder}: not a category folder (${categories.map((c) => c.slug).join(', ')})`);
    for (const file of (await readdir(path.join(root, folder))).filter((f) => f.endsWith('.json')).sort()) {
      const p = await readContent(contentDir, path.join('catalog', folder, file), productFile);
      if (p.category !== category.className) throw new Error(`content/catalog/${folder}/${file}: category is "${p.category}"`);
      if (`${p.id}.json` !== file) throw new Error(`content/catalog/${folder}/${file}: id is "${p.id}"`);
      products.push(p);
    }
  }
  const ids = new Set(products.map((p) => p.id));
  if (ids.size !== products.length) throw new Error('content/catalog: a product id is used twice');
  for (const p of products) {
    if (p.includesOil && products.find((o) => o.id === p.includesOil)?.slot !== 'engineOil') {
      throw new Error(`content/catalog: ${p.id} includes "${p.includesOil}", which is not an engine oil`);
    }
    if (p.category === 'Tinting Films' && !p.tint) throw new Error(`content/catalog: ${p.id} needs its tint choices`);
    if (p.category === 'Maintenance' && (!p.intervalMonths || !p.intervalKm)) throw new Error(`content/catalog: ${p.id} is a service and needs intervalMonths and intervalKm`);
    checkPrices(p);
    checkTexts(p);
  }
  return products;
}

/** "{oil}" is filled with the oil a package includes: only a package may name it; a product fitted by no one has no labour. */
function checkTexts(p: ProductContent) {
  const texts = [p.description, p.summary, p.unit, ...p.included].flatMap((t) => Object.values(t));
  if (!p.includesOil && texts.some(namesOil)) throw new Error(`content/catalog: ${p.id} names {oil} but includes no oil`);
  if (p.noFitting && Object.values(p.labourSen).some((sen) => sen > 0)) throw new Error(`content/catalog: ${p.id} needs no fitting but charges labour`);
}

/** Prices per size or code agree with the "from" price; tint stays within the law. */
function checkPrices(p: ProductContent) {
  const where = `content/catalog: ${p.id}`;
  const prices = p.fit.kind === 'tyre' ? p.fit.sizes : p.fit.kind === 'brakePads' ? p.fit.codes : null;
  if (prices) {
    const lowest = Math.min(...Object.values(prices));
    if (p.partsSen !== lowest) throw new Error(`${where}: partsSen is ${p.partsSen}, but its lowest price per ${p.fit.kind === 'tyre' ? 'size' : 'pad code'} is ${lowest}`);
  }
  if (p.rearBladeSen !== undefined && p.fit.kind !== 'wiper') throw new Error(`${where}: only wiper blades have a rear blade price`);
  if (p.tint) {
    for (const group of ['front', 'sideWindows', 'rearWindscreen'] as const) {
      const illegal = p.tint[group].filter((pct) => pct < TINT_MIN_PCT[group]);
      if (illegal.length) throw new Error(`${where}: tint ${group} ${illegal.join(', ')}% is below the JPJ minimum of ${TINT_MIN_PCT[group]}%`);
    }
  }
}
