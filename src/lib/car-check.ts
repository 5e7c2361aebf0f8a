import type { RequestOf, ResponseOf } from '../../contract/call.ts';
import { Code } from '../../contract/codes.ts';
import type * as vehicles from '../../contract/vehicles.ts';
import { $carInfo, type CarInfo } from '../stores/car.ts';
import { ApiFailure, callApi } from './api.ts';
import { carSizeChose } from './endpoints.ts';

type Request = RequestOf<typeof vehicles.carSizeChose>;
type Answer = ResponseOf<typeof vehicles.carSizeChose>;

/** The picker's call whose answer must list the car's deepest chosen id. */
export function checkRequest(car: CarInfo): Request {
  if (car.variantId) return car.yearId ? { modelId: car.modelId, yearId: car.yearId } : { modelId: car.modelId, level: 'variant' };
  if (car.yearId) return { modelId: car.modelId };
  return { brandId: car.brandId };
}

/**
 * The car as the catalogue knows it today, or null when its variant, year or model is no
 * longer listed. The variant's body type is taken afresh, since the top bar shows it.
 */
export function confirmedCar(car: CarInfo, answer: Answer): CarInfo | null {
  switch (answer.level) {
    case 'variant': {
      const variant = answer.list.find((v) => v.variantId === car.variantId);
      return variant ? { ...car, variant: variant.carVariant, bodyType: variant.bodyType } : null;
    }
    case 'year':
      return answer.list.some((y) => y.yearId === car.yearId) ? car : null;
    case 'model':
      return answer.list.some((m) => m.modelId === car.modelId) ? car : null;
    case 'brand':
      return null;
  }
}

const CHECKED_KEY = 'servauto.carChecked';
const idsOf = (car: CarInfo) => [car.brandId, car.modelId, car.yearId, car.variantId].join('|');

/**
 * Once per browser session, asks the catalogue whether the stored car still exists: a car
 * whose ids no longer resolve is dropped (the top bar then offers "Add Your Car"). When the
 * shop cannot be reached the car stays, and is checked again on the next page.
 */
export async function checkStoredCar(): Promise<void> {
  const car = $carInfo.get();
  if (!car) return;
  try {
    if (sessionStorage.getItem(CHECKED_KEY) === idsOf(car)) return;
  } catch {
    /* no session storage: check on every page */
  }
  let answer: Answer;
  try {
    answer = await callApi(carSizeChose, checkRequest(car), { quiet: true });
  } catch (err) {
    const unknown = err instanceof ApiFailure && (err.code === Code.NOT_FOUND || err.code === Code.BAD_REQUEST);
    if (unknown && $carInfo.get() === car) $carInfo.set(null);
    return;
  }
  // The customer may have chosen another car meanwhile: that one is theirs to keep.
  if ($carInfo.get() !== car) return;
  const confirmed = confirmedCar(car, answer);
  $carInfo.set(confirmed);
  try {
    if (confirmed) sessionStorage.setItem(CHECKED_KEY, idsOf(confirmed));
  } catch {
    /* checked again next time */
  }
}
