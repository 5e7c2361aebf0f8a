import { findCategory } from '../../../contract/rules/categories.ts';
import { legalTint, MAX_QUANTITY, needsVariant, wiperLengths, type Line, type LineOptions } from '../../../contract/line.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import { fittedPrice, timesQuantity, type PriceBreakdown, type SizeClass } from '../../../contract/rules/price.ts';
import type { ProductContent } from './content.ts';
import { fitVerdict, rangeOf, type CarFacts } from './fitment.ts';

/**
 * One line (a product, a quantity, its choices) checked against the product and the car and
 * priced: parts by the chosen tyre size, the car's pad code or the chosen oil; labour by the
 * car's size class; 8 % service tax on labour. Pure: the product pages and the checkout share it.
 */

/** The chosen variant as pricing sees it: its fitment facts and the size class that sets labour. */
export type PricedCar = NonNullable<CarFacts> & { sizeClass: SizeClass };

/** Where the engine oils of a service package are looked up. */
export interface ProductLookup {
  list: ProductContent[];
  byId: Map<string, ProductContent>;
}

export interface LineProblem {
  key: MessageKey;
  params: Record<string, string | number>;
  /** The request field at fault, e.g. "options.tyreSize". */
  field: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: LineProblem };

type Windows = 'front' | 'rearWindscreen' | 'sideWindows';

/** What the customer may choose for this product and car. */
export interface LineChoices {
  maxQuantity: number;
  /** Tyres: the car's sizes this line is made in, or every size it is made in without a car. */
  tyreSizes: { size: string; partsSen: number }[] | null;
  /** Wiper blades: lengths in inches per blade; only the car's own when the car is known. */
  wiper: { driver: number[]; passenger: number[]; rear: number[]; rearBladeSen: number | null } | null;
  /** Tinting films: the legal shades this film comes in, per window group. */
  tint: Record<Windows, number[]> | null;
  /** Service packages: the oil included for this car, and the oils that may replace it. */
  oils: { included: ProductContent; others: { oil: ProductContent; differenceSen: number }[] } | null;
}

export interface LineQuote {
  quantity: number;
  /** The choices as an order carries them: what was asked, and what the car settles. */
  options: LineOptions;
  unit: PriceBreakdown;
  /** `quantity` units. */
  total: PriceBreakdown;
  /** The lowest price the product comes at, not yet its price: no car, or no size settled. */
  fromPrice: boolean;
  choices: LineChoices;
}

const fail = (key: MessageKey, field: string, params: Record<string, string | number> = {}): { ok: false; problem: LineProblem } => ({
  ok: false,
  problem: { key, params, field },
});
const inches = (lengths: number[]) => lengths.map((l) => `${l}″`).join(' + ');

/**
 * The oil a service package comes with for this car: its standard oil when that suits the
 * engine, else the cheapest oil of the grade the engine takes. The package price stays.
 */
export function includedOil(p: ProductContent, car: PricedCar | null, lookup: ProductLookup): ProductContent | undefined {
  const standard = p.includesOil ? lookup.byId.get(p.includesOil) : undefined;
  if (!standard || !car || fitVerdict(standard.fit, car).status !== 'noFit') return standard;
  const fitting = lookup.list
    .filter((o) => o.slot === 'engineOil' && fitVerdict(o.fit, car).status === 'fits')
    .sort((a, b) => a.partsSen - b.partsSen || a.id.localeCompare(b.id));
  return fitting[0] ?? standard;
}

export function lineChoices(p: ProductContent, car: PricedCar | null, lookup: ProductLookup): LineChoices {
  const maxQuantity = Math.min(MAX_QUANTITY, findCategory(p.category)?.maxQuantity ?? 1);
  let tyreSizes: LineChoices['tyreSizes'] = null;
  let wiper: LineChoices['wiper'] = null;
  if (p.fit.kind === 'tyre') {
    const prices = p.fit.sizes;
    const sizes = car ? car.fitment.tyres.filter((s) => Object.hasOwn(prices, s)) : Object.keys(prices);
    tyreSizes = sizes.map((size) => ({ size, partsSen: prices[size]! }));
  }
  if (p.fit.kind === 'wiper') {
    const made = p.fit.lengths;
    const rearBladeSen = p.rearBladeSen ?? null;
    if (car) {
      const { driver, passenger, rear } = car.fitment.wipers;
      wiper = {
        driver: made.includes(driver) ? [driver] : [],
        passenger: made.includes(passenger) ? [passenger] : [],
        rear: rear !== null && rearBladeSen !== null && made.includes(rear) ? [rear] : [],
        rearBladeSen,
      };
    } else {
      wiper = { ...wiperLengths(made, rearBladeSen !== null), rearBladeSen };
    }
  }
  const tint = p.tint ? legalTint(p.tint) : null;
  const included = includedOil(p, car, lookup);
  const oils = included
    ? {
        included,
        others: lookup.list
          .filter((o) => o.slot === 'engineOil' && o.id !== included.id && (!car || fitVerdict(o.fit, car).status !== 'noFit'))
          .map((oil) => ({ oil, differenceSen: oil.partsSen - included.partsSen })),
      }
    : null;
  return { maxQuantity, tyreSizes, wiper, tint, oils };
}

/**
 * A line as the product page asks for it: choices left out take what the car settles (its
 * tyre size, its blade lengths, the oil included, the first shade of each window group);
 * what the car cannot settle is priced "from" the lowest price.
 */
export function quoteLine(
  p: ProductContent,
  request: { quantity?: number; options?: LineOptions },
  car: PricedCar | null,
  lookup: ProductLookup,
): Outcome<LineQuote> {
  const choices = lineChoices(p, car, lookup);
  const quantity = request.quantity ?? 1;
  if (quantity > choices.maxQuantity) return fail('line.quantityMax', 'quantity', { max: choices.maxQuantity });
  const asked = request.options ?? {};
  const offered = { tyreSize: choices.tyreSizes, wiper: choices.wiper, tint: choices.tint, oilId: choices.oils };
  for (const name of Object.keys(offered) as (keyof typeof offered)[]) {
    if (asked[name] !== undefined && !offered[name]) return fail('line.optionNotOffered', `options.${name}`, { field: `options.${name}` });
  }

  const options: LineOptions = {};
  let partsSen = p.partsSen;
  // Without a car the price is only a "from" price where labour differs by car size.
  let settled = car !== null || new Set(Object.values(p.labourSen)).size === 1;

  if (p.fit.kind === 'tyre') {
    const prices = p.fit.sizes;
    const size = asked.tyreSize ?? (car ? choices.tyreSizes![0]?.size : undefined);
    if (asked.tyreSize !== undefined) {
      if (!Object.hasOwn(prices, asked.tyreSize)) return fail('line.tyreSizeNotMade', 'options.tyreSize', { size: asked.tyreSize });
      if (car && !car.fitment.tyres.includes(asked.tyreSize)) {
        return fail('line.tyreSizeNotYourCar', 'options.tyreSize', { size: asked.tyreSize, sizes: car.fitment.tyres.join(', ') });
      }
    }
    if (size !== undefined) {
      options.tyreSize = size;
      partsSen = prices[size]!;
    } else settled = false;
  }

  if (p.fit.kind === 'brakePads') {
    const code = car?.fitment.brakePads[p.fit.axle];
    if (code && Object.hasOwn(p.fit.codes, code)) partsSen = p.fit.codes[code]!;
    else settled = false;
  }

  if (choices.wiper) {
    const made = choices.wiper;
    const w = asked.wiper;
    if (w) {
      const wrong = (field: string, inch: number, lengths: number[]) =>
        car
          ? fail('line.wiperNotYourCar', `options.wiper.${field}`, { needed: inches([car.fitment.wipers.driver, car.fitment.wipers.passenger]) })
          : fail('line.wiperLength', `options.wiper.${field}`, { inch, made: rangeOf(lengths) });
      if (!made.driver.includes(w.driverInch)) return wrong('driverInch', w.driverInch, made.driver);
      if (!made.passenger.includes(w.passengerInch)) return wrong('passengerInch', w.passengerInch, made.passenger);
      if (w.rearInch !== undefined) {
        if (made.rearBladeSen === null) return fail('line.noRearBlade', 'options.wiper.rearInch');
        if (car && car.fitment.wipers.rear === null) return fail('line.noRearWiper', 'options.wiper.rearInch');
        if (!made.rear.includes(w.rearInch)) {
          return car
            ? fail('line.rearWiperNotYourCar', 'options.wiper.rearInch', { needed: `${car.fitment.wipers.rear}″` })
            : fail('line.wiperLength', 'options.wiper.rearInch', { inch: w.rearInch, made: rangeOf(made.rear) });
        }
        partsSen += made.rearBladeSen;
      }
      options.wiper = w.rearInch === undefined ? { driverInch: w.driverInch, passengerInch: w.passengerInch } : { ...w };
    } else if (made.driver.length === 1 && made.passenger.length === 1 && car) {
      options.wiper = { driverInch: made.driver[0]!, passengerInch: made.passenger[0]! };
    }
  }

  if (choices.tint) {
    const t = choices.tint;
    const wanted = asked.tint;
    if (wanted) {
      const groups = [
        ['front', wanted.frontPct, 'line.tintFront', 'frontPct'],
        ['rearWindscreen', wanted.rearWindscreenPct, 'line.tintRearWindscreen', 'rearWindscreenPct'],
        ['sideWindows', wanted.sideWindowsPct, 'line.tintSideWindows', 'sideWindowsPct'],
      ] as const;
      for (const [group, pct, key, field] of groups) {
        if (!t[group].includes(pct)) return fail(key, `options.tint.${field}`, { pct, choices: t[group].map((v) => `${v}%`).join(', ') });
      }
      options.tint = { ...wanted };
    } else if (t.front.length && t.rearWindscreen.length && t.sideWindows.length) {
      options.tint = { frontPct: t.front[0]!, rearWindscreenPct: t.rearWindscreen[0]!, sideWindowsPct: t.sideWindows[0]! };
    }
  }

  if (choices.oils) {
    const { included, others } = choices.oils;
    const id = asked.oilId ?? included.id;
    if (id !== included.id) {
      const other = others.find((o) => o.oil.id === id);
      if (!other) return fail('line.oilNotOffered', 'options.oilId', { id: id.slice(0, 80) });
      partsSen += other.differenceSen;
    }
    options.oilId = id;
  }

  const unit = fittedPrice({ partsSen, labourSen: p.labourSen }, car?.sizeClass ?? 'S');
  return { ok: true, value: { quantity, options, unit, total: timesQuantity(unit, quantity), fromPrice: !settled, choices } };
}

/**
 * A line as an order takes it: the variant must be known and the product must fit it; then
 * the line is checked and priced as the product page prices it, every choice settled.
 */
export function orderLine(p: ProductContent, line: Line, car: PricedCar | null, lookup: ProductLookup): Outcome<LineQuote> {
  if (!car) return fail('line.variantNeeded', 'variantId');
  const verdict = fitVerdict(p.fit, car);
  if (verdict.status === 'noFit') {
    const r = verdict.reason;
    return fail(r.key, 'productId', 'params' in r ? r.params : {});
  }
  return quoteLine(p, { quantity: line.quantity, options: line.options }, car, lookup);
}

/**
 * A line of a cart: with the car, as the order takes it; without one, priced from its lowest
 * price, except a product made for the exact car (mats cut to its floor), which waits for the
 * variant as the order does.
 */
export function cartLine(p: ProductContent, line: Line, car: PricedCar | null, lookup: ProductLookup): Outcome<LineQuote> {
  if (car) return orderLine(p, line, car, lookup);
  if (needsVariant(p.fit)) return fail('line.madeForVariant', 'variantId');
  return quoteLine(p, { quantity: line.quantity, options: line.options }, null, lookup);
}
