/**
 * Content read at build time, for the prerendered pages: the same files the server loads
 * into the database, so static prices and API prices agree.
 */
import { findCategory } from '../../contract/rules/categories.ts';
import type { ProductCard } from '../../contract/catalog.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { fittedPrice, pricedPerCar, savingClaim, type SizeClass } from '../../contract/rules/price.ts';

type Text = Record<Locale, string>;
export interface ProductSource {
  id: string;
  category: string;
  brand: string;
  name: Text;
  summary: Text;
  description: Text;
  image: string;
  imageAlt: Text;
  partsSen: number;
  listPriceSen: number;
  labourSen: Record<SizeClass, number>;
  unit: Text;
  included: Text[];
  warrantyMonths: number;
  popularity: number;
  includesOil?: string;
  /** The customer lays or fits it themselves: pickup and post only. */
  noFitting?: true;
  rearBladeSen?: number;
  /** Labour-only services and tint: no stock is counted (docs/guide.md, "Stock"). */
  stocked?: false;
  tint?: { front: number[]; rearWindscreen: number[]; sideWindows: number[] };
  fit: { kind: string; lengths?: number[]; sizes?: Record<string, number>; grades?: string[]; codes?: Record<string, number>; needsVariant?: boolean };
}

const files = import.meta.glob<ProductSource>('../../content/catalog/*/*.json', { eager: true, import: 'default' });
export const products: ProductSource[] = Object.values(files).sort((a, b) => b.popularity - a.popularity || a.name.en.localeCompare(b.name.en));

export const slugOf = (className: string) => findCategory(className)?.slug ?? 'auto-maintenance';

/** The card the API would answer with no car chosen: priced for a compact car, fit unknown. */
export function staticCard(p: ProductSource, locale: Locale): ProductCard {
  const price = fittedPrice(p, 'S');
  const fromPrice = pricedPerCar(p);
  return {
    id: p.id,
    category: p.category,
    categorySlug: slugOf(p.category),
    brand: p.brand,
    name: p.name[locale],
    summary: p.summary[locale],
    image: p.image,
    imageAlt: p.imageAlt[locale],
    unit: p.unit[locale],
    price,
    listPriceSen: p.listPriceSen,
    savingPercent: savingClaim({ totalSen: price.totalSen, fromPrice }, p.listPriceSen),
    fit: { status: p.fit.kind === 'universal' ? 'fits' : 'unknown', reason: '' },
    fromPrice,
    tyreSize: null,
    tyreSizes: [],
  };
}

export interface WorkshopSource {
  id: string;
  name: string;
  city: string;
  address: string;
  postcode: string;
  state: string;
  lat: number;
  lng: number;
  phone: string;
  hours: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', { open: string; close: string } | null>;
  services: string[];
  bays: number;
  /** Days it is closed (YYYY-MM-DD): the API answers open-now and the next bookable day from them. */
  closedOn: string[];
}
const storeFiles = import.meta.glob<{ workshops: WorkshopSource[] }>('../../content/stores/*.json', { eager: true, import: 'default' });
export const workshops: WorkshopSource[] = Object.values(storeFiles)
  .flatMap((f) => f.workshops)
  .sort((a, b) => a.city.localeCompare(b.city) || a.name.localeCompare(b.name));
