import { eq, notInArray } from 'drizzle-orm';
import { categories, findCategory } from '../../../contract/rules/categories.ts';
import type { FitDto, ProductCard, ProductDetail } from '../../../contract/catalog.ts';
import { Code } from '../../../contract/codes.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { message } from '../../../contract/rules/messages.ts';
import type { Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import { DomainError } from '../errors.ts';
import { pick } from '../../i18n/localized.ts';
import type { CarIndex, Variant } from '../vehicles/index-of-cars.ts';
import { normalise } from '../vehicles/index-of-cars.ts';
import type { ProductContent } from './content.ts';
import { fitVerdict, modelFitVerdict, type FitVerdict } from './fitment.ts';
import { withOil } from '../../../contract/rules/package-oil.ts';
import { savingClaim } from '../../../contract/rules/price.ts';
import type { LineOptions } from '../../../contract/line.ts';
import { isMessageKey } from '../../../contract/rules/messages.ts';
import { quoteLine, type LineQuote, type PricedCar } from './line.ts';
import { AnswerCache } from './page-cache.ts';
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

/**
 * Product-list answers kept serialised: the catalogue only changes with a deploy, so a page
 * asked for again is served as it was. 32 MB holds every car's common pages many times over.
 */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** The active products, in memory, with a search text per product in all three languages. */
export async function loadCatalogIndex(db: Db) {
  const rows = await db.select().from(products).where(eq(products.active, true));
  const list = rows.map((r) => ({ ...r.content, partsSen: r.partsSen, listPriceSen: r.listPriceSen, labourSen: r.labourSen }));
  const byId = new Map(list.map((p) => [p.id, p]));
  const searchText = new Map(
    list.map((p) => [p.id, normalise([p.brand, p.name.en, p.name['zh-cn'], p.name.ms, p.summary.en, p.summary.ms].join(' '))]),
  );
  return { list, byId, searchText, pages: new AnswerCache(PAGE_CACHE_BYTES) };
}
export type CatalogIndex = Awaited<ReturnType<typeof loadCatalogIndex>>;

const pricedCar = (variant: Variant | undefined): PricedCar | null =>
  variant ? { bodyType: variant.bodyType, fitment: variant.fitment, name: variant.carVariant, sizeClass: variant.sizeClass } : null;

type Sort = 'popular' | 'priceAsc' | 'priceDesc' | 'saving';
export interface PageInput {
  category?: string;
  variantId?: string;
  /** With the variant skipped: the model, or the model year, chosen. */
  modelId?: string;
  yearId?: string;
  keyword?: string;
  sort: Sort;
  fitsOnly: boolean;
  page: number;
  pageSize: number;
}

export function catalogService(catalog: CatalogIndex, cars: CarIndex) {
  function variantOf(variantId: string | undefined) {
    if (!variantId) return undefined;
    const variant = cars.variant(variantId);
    if (!variant) throw new DomainError(Code.NOT_FOUND, 'vehicle.unknown');
    return variant;
  }

  function categoryOf(wanted: string | undefined) {
    if (!wanted) return undefined;
    const found = findCategory(wanted);
    if (!found) throw new DomainError(Code.NOT_FOUND, 'catalog.unknownCategory', { id: wanted.slice(0, 40) });
    return found.className;
  }

  function fitOf(p: ProductContent, car: PricedCar | null, locale: Locale): FitDto {
    return fitText(fitVerdict(p.fit, car), locale);
  }

  /**
   * With the variant skipped, the variants the car may be: the model's, or those of the year
   * chosen; null when neither is given or known.
   */
  function maybeVariants(ref: { modelId?: string; yearId?: string }): PricedCar[] | null {
    const list = ref.yearId ? cars.variants({ yearId: ref.yearId }) : ref.modelId ? cars.variants({ modelId: ref.modelId }) : null;
    if (!list || list.length === 0) return null;
    return list.map((v) => pricedCar(cars.variant(v.variantId))!);
  }

  function fitText(verdict: FitVerdict, locale: Locale): FitDto {
    if (verdict.status !== 'noFit') return { status: verdict.status, reason: '' };
    const r = verdict.reason;
    const params: Record<string, string> = 'params' in r ? { ...r.params } : {};
    // Body types are named in the request language, like the rest of the reason.
    if (r.key === 'fit.bodyType') {
      const bodyKey = `bodyType.${r.params.needed}`;
      if (isMessageKey(bodyKey)) params.needed = message(locale, bodyKey);
    }
    return { status: 'noFit', reason: message(locale, r.key, params) };
  }

  /** The product priced for the car with what the car settles; `options` as asked. */
  function quote(p: ProductContent, car: PricedCar | null, request: { quantity?: number; options?: LineOptions } = {}): LineQuote {
    const outcome = quoteLine(p, request, car, catalog);
    if (!outcome.ok) {
      const { key, params, field } = outcome.problem;
      throw new DomainError(Code.BAD_REQUEST, key, params, { field });
    }
    return outcome.value;
  }

  function card(p: ProductContent, car: PricedCar | null, locale: Locale, q: LineQuote = quote(p, car)): ProductCard {
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
      price: q.unit,
      listPriceSen: p.listPriceSen,
      savingPercent: savingClaim({ totalSen: q.unit.totalSen, fromPrice: q.fromPrice }, p.listPriceSen),
      fit: fitOf(p, car, locale),
      fromPrice: q.fromPrice,
      tyreSize: q.options.tyreSize ?? null,
      tyreSizes: car && q.choices.tyreSizes ? q.choices.tyreSizes.map((s) => s.size) : [],
    };
  }

  function product(id: string) {
    const p = catalog.byId.get(id);
    if (!p) throw new DomainError(Code.NOT_FOUND, 'catalog.unknownProduct');
    return p;
  }

  const sorters = {
    popular: (a: ProductCard, b: ProductCard, pa: ProductContent, pb: ProductContent) => pb.popularity - pa.popularity || a.name.localeCompare(b.name),
    priceAsc: (a: ProductCard, b: ProductCard) => a.price.totalSen - b.price.totalSen || a.name.localeCompare(b.name),
    priceDesc: (a: ProductCard, b: ProductCard) => b.price.totalSen - a.price.totalSen || a.name.localeCompare(b.name),
    saving: (a: ProductCard, b: ProductCard) => b.savingPercent - a.savingPercent || a.name.localeCompare(b.name),
  } satisfies Record<Sort, unknown>;

  function page(input: PageInput, locale: Locale) {
    const category = categoryOf(input.category);
    const variant = variantOf(input.variantId);
    const car = pricedCar(variant);
    // The variant skipped: what fits none of the variants the car may be does not fit it.
    const variants = car ? null : maybeVariants(input);
    const keyword = input.keyword ? normalise(input.keyword) : '';
    const rows = catalog.list
      .filter((p) => !category || p.category === category)
      .filter((p) => !keyword || catalog.searchText.get(p.id)!.includes(keyword))
      .map((p) => ({ p, c: card(p, car, locale) }))
      .map(({ p, c }) => ({ p, c: variants ? { ...c, fit: fitText(modelFitVerdict(p.fit, variants), locale) } : c }))
      // Only a chosen variant narrows the list (the cache key says so too).
      .filter(({ c }) => !input.fitsOnly || !car || c.fit.status !== 'noFit');
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
  }

  return {
    types(locale: Locale) {
      return categories.map((c) => ({
        className: c.className,
        slug: c.slug,
        name: message(locale, `category.${c.slug}`),
        count: catalog.list.filter((p) => p.category === c.className).length,
      }));
    },

    page,

    /**
     * A page serialised, from the cache when asked before. Requests that must answer the same
     * share one key: the category by className, the keyword as search reads it (no case,
     * spaces or punctuation), fitsOnly only with a car. Unknown categories and cars are
     * refused before anything is kept.
     */
    pageJson(input: PageInput, locale: Locale): string {
      const category = categoryOf(input.category) ?? '';
      const variantId = input.variantId ? variantOf(input.variantId)!.variantId : '';
      // Without a variant, the model or year the car may be, as far as the index knows it.
      const skipped = variantId ? '' : maybeVariants(input) ? (input.yearId ?? input.modelId ?? '') : '';
      const keyword = input.keyword ? normalise(input.keyword) : '';
      const key = `${locale}|${category}|${variantId}|${skipped}|${keyword}|${input.sort}|${input.fitsOnly && variantId !== ''}|${input.page}|${input.pageSize}`;
      let json = catalog.pages.get(key);
      if (json === undefined) {
        json = JSON.stringify(page(input, locale));
        catalog.pages.set(key, json);
      }
      return json;
    },

    find(
      id: string,
      variantId: string | undefined,
      locale: Locale,
      request: { quantity?: number; options?: LineOptions } = {},
      skipped: { modelId?: string; yearId?: string } = {},
    ): ProductDetail {
      const p = product(id);
      const car = pricedCar(variantOf(variantId));
      const q = quote(p, car, request);
      // The variant skipped: what fits none of the variants the car may be does not fit it.
      const variants = car ? null : maybeVariants(skipped);
      const fit = variants ? fitText(modelFitVerdict(p.fit, variants), locale) : undefined;
      const { choices } = q;
      const oil = choices.oils?.included;
      // A package's texts name the oil it includes for this car, as the oil choice does.
      const text = (t: ProductContent['description']) => (oil ? withOil(pick(t, locale), pick(oil.name, locale)) : pick(t, locale));
      return {
        ...card(p, car, locale, q),
        ...(fit ? { fit } : {}),
        description: text(p.description),
        included: p.included.map(text),
        noFitting: p.noFitting === true,
        warrantyMonths: p.warrantyMonths,
        wiper:
          p.fit.kind === 'wiper' && choices.wiper
            ? {
                lengths: p.fit.lengths,
                car: car?.fitment.wipers ?? null,
                choices: { driver: choices.wiper.driver, passenger: choices.wiper.passenger, rear: choices.wiper.rear },
                rearBladeSen: choices.wiper.rearBladeSen,
              }
            : null,
        tint: choices.tint,
        oil: oil ? { id: oil.id, name: pick(oil.name, locale) } : null,
        tyreChoices: choices.tyreSizes,
        quantity: q.quantity,
        maxQuantity: choices.maxQuantity,
        options: q.options,
        lineTotal: q.total,
      };
    },

    /** Other engine oils for a service package, with what each adds to or takes off the price. */
    changeList(id: string, variantId: string | undefined, locale: Locale) {
      const p = product(id);
      const car = pricedCar(variantOf(variantId));
      const oils = quote(p, car).choices.oils;
      if (!oils) throw new DomainError(Code.NOT_FOUND, 'catalog.nothingToChange');
      const list = oils.others
        .map(({ oil, differenceSen }) => ({ ...card(oil, car, locale), differenceSen }))
        .sort((a, b) => a.differenceSen - b.differenceSen || a.name.localeCompare(b.name));
      return { slot: 'engineOil' as const, current: oils.included.id, list };
    },
  };
}
