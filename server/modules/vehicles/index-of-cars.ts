import type { BrandItem, ModelItem, VariantItem, YearItem } from '../../../contract/vehicles.ts';
import type { BrandContent, Fitment, SizeClass } from './content.ts';

export interface Variant extends VariantItem {
  modelId: string;
  brandId: string;
  fitment: Fitment;
}
interface Model extends ModelItem {
  variants: Variant[];
}

/** Lower case, no spaces, dashes or dots: "CR-V" and "crv" match. */
export const normalise = (text: string) => text.toLowerCase().replace(/[\s.\-_/]+/g, '');

/**
 * The cars, in memory, for the picker and for fitment: built once from the synced content,
 * so no picker step and no product list asks the database.
 */
export function indexCars(brands: BrandContent[]) {
  const brandList: BrandItem[] = brands
    .map((b) => ({ brand: b.name, brandId: b.id, popular: b.popular }))
    .sort((a, b) => Number(b.popular) - Number(a.popular) || a.brand.localeCompare(b.brand));
  const brandById = new Map(brands.map((b) => [b.id, b]));
  const models = new Map<string, Model>();
  const variants = new Map<string, Variant>();
  for (const b of brands) {
    for (const m of b.models) {
      const model: Model = { carModel: m.name, modelId: m.id, brandId: b.id, variants: [] };
      for (const v of m.variants) {
        const variant: Variant = {
          carVariant: v.name,
          variantId: v.id,
          engine: v.engine,
          transmission: v.transmission,
          fuel: v.fuel,
          bodyType: v.bodyType,
          sizeClass: v.sizeClass as SizeClass,
          years: v.years,
          modelId: m.id,
          brandId: b.id,
          fitment: v.fitment,
        };
        model.variants.push(variant);
        variants.set(v.id, variant);
      }
      models.set(m.id, model);
    }
  }
  const matches = (keyword: string | undefined, ...names: string[]) =>
    !keyword || names.some((n) => normalise(n).includes(normalise(keyword)));
  const parseYearId = (yearId: string) => {
    const at = yearId.lastIndexOf(':');
    return { modelId: yearId.slice(0, at), year: Number(yearId.slice(at + 1)) };
  };

  return {
    brands: (keyword?: string) => brandList.filter((b) => matches(keyword, b.brand)),
    /** null when the brand is unknown. */
    models(brandId: string, keyword?: string): ModelItem[] | null {
      const brand = brandById.get(brandId);
      if (!brand) return null;
      return brand.models
        .map((m) => models.get(m.id)!)
        .filter((m) => matches(keyword, m.carModel, `${brand.name} ${m.carModel}`))
        .map(({ carModel, modelId, brandId }) => ({ carModel, modelId, brandId }))
        .sort((a, b) => a.carModel.localeCompare(b.carModel));
    },
    /** Model years, newest first. */
    years(modelId: string, keyword?: string): YearItem[] | null {
      const model = models.get(modelId);
      if (!model) return null;
      const years = new Set<number>();
      for (const v of model.variants) for (let y = v.years[0]; y <= v.years[1]; y++) years.add(y);
      return [...years]
        .sort((a, b) => b - a)
        .filter((y) => matches(keyword, String(y)))
        .map((y) => ({ carYear: String(y), yearId: `${modelId}:${y}` }));
    },
    /** The variants sold in a model year, or every variant of the model when the year is skipped. */
    variants(ref: { yearId: string } | { modelId: string }, keyword?: string): VariantItem[] | null {
      const { modelId, year } = 'yearId' in ref ? parseYearId(ref.yearId) : { modelId: ref.modelId, year: null };
      const model = models.get(modelId);
      if (!model || (year !== null && !Number.isInteger(year))) return null;
      const list = model.variants.filter((v) => year === null || (v.years[0] <= year && year <= v.years[1]));
      if (year !== null && list.length === 0) return null;
      return list
        .filter((v) => matches(keyword, v.carVariant, v.engine, v.transmission))
        .map(({ carVariant, variantId, engine, transmission, fuel, bodyType, sizeClass, years }) => ({
          carVariant,
          variantId,
          engine,
          transmission,
          fuel,
          bodyType,
          sizeClass,
          years,
        }));
    },
    brand: (id: string) => brandById.get(id),
    model: (id: string) => models.get(id),
    variant: (id: string) => variants.get(id),
    parseYearId,
    counts: () => ({ brands: brandList.length, models: models.size, variants: variants.size }),
  };
}

export type CarIndex = ReturnType<typeof indexCars>;
