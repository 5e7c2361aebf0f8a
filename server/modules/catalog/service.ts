import { eq, notInArray } from 'drizzle-orm';
import { categories, findCategory } from '../../../contract/categories.ts';
import type { FitDto, ProductCard, ProductDetail } from '../../../contract/catalog.ts';
import { Code } from '../../../contract/codes.ts';
import type { Locale } from '../../../contract/language.ts';
import { message } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import { ApiError } from '../../http/errors.ts';
import { pick } from '../../i18n/localized.ts';
import type { CarIndex, Variant } from '../vehicles/index-of-cars.ts';
import { normalise } from '../vehicles/index-of-cars.ts';
import type { ProductContent } from './content.ts';
import { fitVerdict, type CarFacts } from './fitment.ts';
import { fittedPrice, savingPercent } from '../../../contract/price.ts';
import { products } from './schema.ts';

export async function syncCatalog(db: Db, list: ProductContent[]) {
  await db.transaction(async (tx) => {
    await upsertAll(
      tx,
      products,
      products.id,
      list.map((p) => ({ id: p.id, category: p.category, partsSen: p.partsSen, listPriceSen: p.listPriceSen, labourSen: p.labourSen, content: p, active: true })),
    );
    await tx.update(products).set({ active: false }).where(list.length ? notInArray(products.id, list.map((p) => p.id)) : undefined);
  });
}

/** The active products, in memory, with a search text per product in all three languages. */
export async function loadCatalogIndex(db: Db) {
  const rows = await db.select().from(products).where(eq(products.active, true));
  const list = rows.map((r) => ({ ...r.content, partsSen: r.partsSen, listPriceSen: r.listPriceSen, labourSen: r.labourSen }));
  const byId = new Map(list.map((p) => [p.id, p]));
  const searchText = new Map(
    list.map((p) => [p.id, normalise([p.brand, p.name.en, p.name['zh-cn'], p.name.ms, p.summary.en, p.summary.ms].join(' '))]),
  );
  return { list, byId, searchText };
}
export type CatalogIndex = Awaited<ReturnType<typeof loadCatalogIndex>>;

const carFacts = (variant: Variant | undefined): CarFacts =>
  variant ? { bodyType: variant.bodyType, fitment: variant.fitment, name: variant.carVariant } : null;

export function catalogService(catalog: CatalogIndex, cars: CarIndex) {
  function variantOf(variantId: string | undefined) {
    if (!variantId) return undefined;
    const variant = cars.variant(variantId);
    if (!variant) throw new ApiError(Code.NOT_FOUND, 'vehicle.unknown');
    return variant;
  }

  function fitOf(p: ProductContent, variant: Variant | undefined, locale: Locale): FitDto {
    const verdict = fitVerdict(p.fit, carFacts(variant));
    if (verdict.status !== 'noFit') return { status: verdict.status, reason: '' };
    const r = verdict.reason;
    return { status: 'noFit', reason: message(locale, r.key, 'params' in r ? r.params : {}) };
  }

  function card(p: ProductContent, variant: Variant | undefined, locale: Locale): ProductCard {
    const price = fittedPrice(p, variant?.sizeClass ?? 'S');
    return {
      id: p.id,
      category: p.category,
      categorySlug: findCategory(p.category)!.slug,
      brand: p.brand,
      name: pick(p.name, locale),
      summary: pick(p.summary, locale),
      image: p.image,
      imageAlt: pick(p.imageAlt, locale),
      unit: pick(p.unit, locale),
      price,
      listPriceSen: p.listPriceSen,
      savingPercent: savingPercent(price.totalSen, p.listPriceSen),
      fit: fitOf(p, variant, locale),
    };
  }

  /**
   * The oil a service package comes with for this car: its default when that suits the
   * engine, else the cheapest oil of the grade the engine takes. The package price stays.
   */
  function includedOil(p: ProductContent, variant: Variant | undefined) {
    const standard = p.includesOil ? catalog.byId.get(p.includesOil) : undefined;
    if (!standard || !variant || fitVerdict(standard.fit, carFacts(variant)).status !== 'noFit') return standard;
    const fitting = catalog.list
      .filter((o) => o.slot === 'engineOil' && fitVerdict(o.fit, carFacts(variant)).status === 'fits')
      .sort((a, b) => a.partsSen - b.partsSen || a.id.localeCompare(b.id));
    return fitting[0] ?? standard;
  }

  function product(id: string) {
    const p = catalog.byId.get(id);
    if (!p) throw new ApiError(Code.NOT_FOUND, 'catalog.unknownProduct');
    return p;
  }

  const sorters = {
    popular: (a: ProductCard, b: ProductCard, pa: ProductContent, pb: ProductContent) => pb.popularity - pa.popularity || a.name.localeCompare(b.name),
    priceAsc: (a: ProductCard, b: ProductCard) => a.price.totalSen - b.price.totalSen || a.name.localeCompare(b.name),
    priceDesc: (a: ProductCard, b: ProductCard) => b.price.totalSen - a.price.totalSen || a.name.localeCompare(b.name),
    saving: (a: ProductCard, b: ProductCard) => b.savingPercent - a.savingPercent || a.name.localeCompare(b.name),
  };

  return {
    types(locale: Locale) {
      return categories.map((c) => ({
        className: c.className,
        slug: c.slug,
        name: message(locale, `category.${c.slug}`),
        count: catalog.list.filter((p) => p.category === c.className).length,
      }));
    },

    page(
      input: { category?: string; variantId?: string; keyword?: string; sort: keyof typeof sorters; fitsOnly: boolean; page: number; pageSize: number },
      locale: Locale,
    ) {
      let category: string | undefined;
      if (input.category) {
        const found = findCategory(input.category);
        if (!found) throw new ApiError(Code.NOT_FOUND, 'catalog.unknownCategory', { id: input.category.slice(0, 40) });
        category = found.className;
      }
      const variant = variantOf(input.variantId);
      const keyword = input.keyword ? normalise(input.keyword) : '';
      const rows = catalog.list
        .filter((p) => !category || p.category === category)
        .filter((p) => !keyword || catalog.searchText.get(p.id)!.includes(keyword))
        .map((p) => ({ p, c: card(p, variant, locale) }))
        .filter(({ c }) => !input.fitsOnly || c.fit.status !== 'noFit');
      const sorter = sorters[input.sort];
      rows.sort((x, y) => sorter(x.c, y.c, x.p, y.p));
      const start = (input.page - 1) * input.pageSize;
      return {
        list: rows.slice(start, start + input.pageSize).map((r) => r.c),
        total: rows.length,
        page: input.page,
        pageSize: input.pageSize,
        car: variant ? { name: `${cars.brand(variant.brandId)!.name} ${cars.model(variant.modelId)!.carModel} ${variant.carVariant}`, sizeClass: variant.sizeClass } : null,
      };
    },

    find(id: string, variantId: string | undefined, locale: Locale): ProductDetail {
      const p = product(id);
      const variant = variantOf(variantId);
      const oil = includedOil(p, variant);
      return {
        ...card(p, variant, locale),
        description: pick(p.description, locale),
        included: p.included.map((line) => pick(line, locale)),
        warrantyMonths: p.warrantyMonths,
        wiper: p.fit.kind === 'wiper' ? { lengths: p.fit.lengths, car: variant?.fitment.wipers ?? null } : null,
        tint: p.tint ?? null,
        oil: oil ? { id: oil.id, name: pick(oil.name, locale) } : null,
      };
    },

    /** Other engine oils for a service package, with what each adds to or takes off the price. */
    changeList(id: string, variantId: string | undefined, locale: Locale) {
      const p = product(id);
      const variant = variantOf(variantId);
      const included = includedOil(p, variant);
      if (!included) throw new ApiError(Code.NOT_FOUND, 'catalog.nothingToChange');
      const list = catalog.list
        .filter((o) => o.slot === 'engineOil' && o.id !== included.id)
        .map((o) => ({ ...card(o, variant, locale), differenceSen: o.partsSen - included.partsSen }))
        .filter((o) => o.fit.status !== 'noFit')
        .sort((a, b) => a.differenceSen - b.differenceSen || a.name.localeCompare(b.name));
      return { slot: 'engineOil' as const, current: included.id, list };
    },
  };
}
