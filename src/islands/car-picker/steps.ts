import type { BrandItem, ModelItem, VariantItem, YearItem } from '../../../contract/vehicles.ts';
import type { CarInfo } from '../../stores/car.ts';

/** docs/contracts/shop.md §4: steps 0 to 3 are brand, model, year, variant. */
export type Step = 0 | 1 | 2 | 3;

export interface PickerState {
  step: Step;
  brand: BrandItem | null;
  model: ModelItem | null;
  year: YearItem | null;
  variant: VariantItem | null;
  /** Year skipped. */
  noYear: boolean;
  /** Variant (and so body type) skipped. */
  noBt: boolean;
}

export const initialPicker: PickerState = { step: 0, brand: null, model: null, year: null, variant: null, noYear: false, noBt: false };

export type PickerAction =
  | { type: 'brand'; brand: BrandItem }
  | { type: 'model'; model: ModelItem }
  | { type: 'year'; year: YearItem }
  | { type: 'skipYear' }
  | { type: 'variant'; variant: VariantItem }
  | { type: 'skipVariant' }
  | { type: 'back' }
  | { type: 'reset' };

/**
 * Where the picker starts: at Brand, or at the variant step of a car chosen without its variant,
 * with its brand, model and year (or the year skipped) picked, so Back still leads to the year.
 */
export function startingAt(open: boolean | { variantOf: CarInfo }): PickerState {
  if (typeof open !== 'object') return initialPicker;
  const car = open.variantOf;
  return {
    step: 3,
    brand: { brand: car.brand, brandId: car.brandId, popular: false },
    model: { carModel: car.model, modelId: car.modelId, brandId: car.brandId },
    year: car.yearId ? { carYear: car.year, yearId: car.yearId } : null,
    variant: null,
    noYear: !car.yearId,
    noBt: false,
  };
}

/** Choosing moves one step on; Back goes one step and clears that step's pick and every later one. */
export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'brand':
      return { ...initialPicker, step: 1, brand: action.brand };
    case 'model':
      return { ...state, step: 2, model: action.model, year: null, variant: null, noYear: false, noBt: false };
    case 'year':
      return { ...state, step: 3, year: action.year, variant: null, noYear: false, noBt: false };
    case 'skipYear':
      return { ...state, step: 3, year: null, variant: null, noYear: true, noBt: false };
    case 'variant':
      return { ...state, variant: action.variant, noBt: false };
    case 'skipVariant':
      return { ...state, variant: null, noBt: true };
    case 'back': {
      if (state.step === 3) return { ...state, step: 2, year: null, variant: null, noYear: false, noBt: false };
      if (state.step === 2) return { ...state, step: 1, model: null };
      if (state.step === 1) return { ...initialPicker };
      return state;
    }
    case 'reset':
      return initialPicker;
  }
}

/** Confirm appears once a variant is chosen or skipped. */
export const canConfirm = (s: PickerState) => s.step === 3 && (s.variant !== null || s.noBt);

/** The spec's carInfo record for the chosen car. */
export function toCarInfo(s: PickerState): CarInfo | null {
  if (!canConfirm(s) || !s.brand || !s.model) return null;
  return {
    brand: s.brand.brand,
    model: s.model.carModel,
    year: s.year?.carYear ?? '',
    variant: s.variant?.carVariant ?? '',
    brandId: s.brand.brandId,
    modelId: s.model.modelId,
    yearId: s.year?.yearId ?? '',
    variantId: s.variant?.variantId ?? '',
    noYear: s.noYear,
    noBt: s.noBt,
    bodyType: s.variant?.bodyType,
  };
}
