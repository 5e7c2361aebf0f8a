/** Car size classes that set labour prices: S compact, M mid-size, L large, XL pickups and the biggest. */
export type SizeClass = 'S' | 'M' | 'L' | 'XL';

/** Malaysian Service Tax on fitting labour, in basis points (8 %). Parts are sold without it. */
export const SERVICE_TAX_BP = 800;

export interface PriceBreakdown {
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  totalSen: number;
  /** The car size the labour was priced for. */
  sizeClass: SizeClass;
}

/** Service tax on labour, rounded half up to the sen; integer arithmetic only. */
export function serviceTax(labourSen: number): number {
  return Math.floor((labourSen * SERVICE_TAX_BP + 5000) / 10000);
}

/** The fitted price of one unit for a car of `sizeClass`: parts + labour + tax on labour. */
export function fittedPrice(product: { partsSen: number; labourSen: Record<SizeClass, number> }, sizeClass: SizeClass): PriceBreakdown {
  const labourSen = product.labourSen[sizeClass];
  const serviceTaxSen = serviceTax(labourSen);
  return { partsSen: product.partsSen, labourSen, serviceTaxSen, totalSen: product.partsSen + labourSen + serviceTaxSen, sizeClass };
}

/** Percent saved against the walk-in price, whole and rounded down (never overstated). */
export function savingPercent(totalSen: number, listPriceSen: number): number {
  if (listPriceSen <= totalSen) return 0;
  return Math.floor(((listPriceSen - totalSen) * 100) / listPriceSen);
}

/**
 * The saving a price may claim against the walk-in price, in whole percent; 0 claims nothing.
 * The walk-in price is one figure per product, so it is only compared with a price that is
 * the customer's own: never with a "from" price (the lowest of many sizes, pads or car sizes),
 * which would promise a saving the customer's own price may not give.
 */
export function savingClaim(price: { totalSen: number; fromPrice: boolean }, listPriceSen: number): number {
  return price.fromPrice ? 0 : savingPercent(price.totalSen, listPriceSen);
}

/**
 * Whether a product's price is a "from" price until the car is known: its parts are priced
 * per tyre size or pad code, or its labour differs by car size. Otherwise every car pays the
 * same, and the price shown without a car is already the customer's own.
 */
export function pricedPerCar(product: { labourSen: Record<SizeClass, number>; fit: { kind: string } }): boolean {
  return product.fit.kind === 'tyre' || product.fit.kind === 'brakePads' || new Set(Object.values(product.labourSen)).size > 1;
}

/**
 * `quantity` units of one fitted price: each part multiplied, so an itemised bill adds up to
 * the unit price shown times the quantity (the tax is the unit's tax, never re-rounded).
 */
export function timesQuantity(unit: PriceBreakdown, quantity: number): PriceBreakdown {
  return {
    partsSen: unit.partsSen * quantity,
    labourSen: unit.labourSen * quantity,
    serviceTaxSen: unit.serviceTaxSen * quantity,
    totalSen: unit.totalSen * quantity,
    sizeClass: unit.sizeClass,
  };
}
