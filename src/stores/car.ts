import { isRecord, isText, persistedAtom } from './persisted.ts';

/** The chosen car, as the spec stores it in local storage under `carInfo` (§3, §9). */
export interface CarInfo {
  brand: string;
  model: string;
  year: string;
  variant: string;
  brandId: string;
  modelId: string;
  yearId: string;
  variantId: string;
  noYear: boolean;
  noBt: boolean;
  /** Body type of the variant (Sedan, Hatchback…), shown beside the model. */
  bodyType?: string;
}

/** The catalogue's ids, as the API accepts them. */
const ID = /^[a-z0-9.:-]{1,80}$/;
const NAME_MAX = 80;
const name = (v: unknown, required: boolean): v is string => isText(v) && v.length <= NAME_MAX && (!required || v.trim() !== '');
const id = (v: unknown, required: boolean): v is string => isText(v) && (ID.test(v) || (!required && v === ''));

/**
 * The car read from storage when it has the spec's shape, null otherwise. Brand and model
 * are always chosen; a year and its id go together unless the year was skipped (noYear), a
 * variant and its id unless it was skipped (noBt).
 */
export function parseCarInfo(saved: unknown): CarInfo | null {
  if (!isRecord(saved)) return null;
  const { brand, model, year, variant, brandId, modelId, yearId, variantId, noYear, noBt, bodyType } = saved;
  if (typeof noYear !== 'boolean' || typeof noBt !== 'boolean') return null;
  if (!name(brand, true) || !name(model, true) || !id(brandId, true) || !id(modelId, true)) return null;
  if (!name(year, !noYear) || !id(yearId, !noYear) || (noYear && yearId !== '')) return null;
  if (!name(variant, !noBt) || !id(variantId, !noBt) || (noBt && variantId !== '')) return null;
  if (bodyType !== undefined && !name(bodyType, false)) return null;
  return { brand, model, year, variant, brandId, modelId, yearId, variantId, noYear, noBt, ...(bodyType ? { bodyType } : {}) };
}

export const $carInfo = persistedAtom<CarInfo | null>('carInfo', null, 'local', parseCarInfo);
