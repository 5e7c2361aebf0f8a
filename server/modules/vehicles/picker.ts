import { Code } from '../../../contract/codes.ts';
import { DomainError } from '../errors.ts';
import type { CarIndex } from './index-of-cars.ts';

export interface PickerStep {
  brandId?: string;
  modelId?: string;
  yearId?: string;
  level?: 'brand' | 'model' | 'year' | 'variant';
  keyword?: string;
}

/** The car picker, one level at a time: brands; a brand's models; a model's years; the variants of a year (or of a model when the year is skipped). */
export function pickCar(cars: CarIndex, { brandId, modelId, yearId, level, keyword }: PickerStep) {
  const notFound = () => new DomainError(Code.NOT_FOUND, 'vehicle.unknown');
  if (yearId) {
    // A year belongs to one model: a modelId that says otherwise is a car we do not know.
    if (modelId && cars.parseYearId(yearId).modelId !== modelId) throw notFound();
    const list = cars.variants({ yearId }, keyword);
    if (!list) throw notFound();
    return { level: 'variant' as const, list };
  }
  if (modelId && level === 'variant') {
    const list = cars.variants({ modelId }, keyword);
    if (!list) throw notFound();
    return { level: 'variant' as const, list };
  }
  if (modelId) {
    const list = cars.years(modelId, keyword);
    if (!list) throw notFound();
    return { level: 'year' as const, list };
  }
  if (brandId) {
    const list = cars.models(brandId, keyword);
    if (!list) throw notFound();
    return { level: 'model' as const, list };
  }
  return { level: 'brand' as const, list: cars.brands(keyword) };
}
