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
