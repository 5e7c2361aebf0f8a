import { computed } from 'nanostores';
import { persistedAtom } from './persisted.ts';

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

export const $carInfo = persistedAtom<CarInfo | null>('carInfo', null, 'local');

/** "Perodua Myvi · Hatchback", or null when no car is chosen. */
export const $carSummary = computed($carInfo, (car) =>
  car ? [`${car.brand} ${car.model}`.trim(), car.bodyType].filter(Boolean).join(' · ') : null,
);
