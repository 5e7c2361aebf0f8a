import type { SavedCar } from '../../contract/vehicles.ts';
import { $carInfo, type CarInfo } from '../stores/car.ts';
import { callApi } from './api.ts';
import { carInfoAdd, carInfoList } from './endpoints.ts';

export const fromSaved = (car: SavedCar): CarInfo => ({
  brand: car.brand,
  model: car.model,
  year: car.year,
  variant: car.variant,
  brandId: car.brandId,
  modelId: car.modelId,
  yearId: car.yearId,
  variantId: car.variantId,
  noYear: car.noYear,
  noBt: car.noBt,
  bodyType: car.bodyType || undefined,
});

/** Saves the chosen car to the customer's garage. */
export function saveCar(car: CarInfo) {
  return callApi(
    carInfoAdd,
    { brandId: car.brandId, modelId: car.modelId, yearId: car.yearId || undefined, variantId: car.variantId || undefined },
    { quiet: true },
  );
}

/**
 * Right after logging in: a car chosen before is saved to the garage; with none chosen on
 * this device, the garage's current car comes back.
 */
export async function syncGarageAfterLogin() {
  const local = $carInfo.get();
  if (local) {
    await saveCar(local).catch(() => {});
    return;
  }
  const garage = await callApi(carInfoList, {}, { quiet: true }).catch(() => [] as SavedCar[]);
  const current = garage.find((c) => c.current) ?? garage[0];
  if (current) $carInfo.set(fromSaved(current));
}
