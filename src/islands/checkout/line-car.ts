import type { CarInfo } from '../../stores/car.ts';
import type { CartLine } from '../../stores/cart.ts';

/**
 * Whether a line was chosen for another car than `car`, by ids, never by names (a name changes
 * with the page's language): the variants when both are known, else the models. A line that
 * names no car, or an old line that cannot tell, is taken as chosen for this one.
 */
export function chosenForAnotherCar(line: Pick<CartLine, 'variantId' | 'carName' | 'modelId'>, car: Pick<CarInfo, 'variantId' | 'modelId'> | null): boolean {
  if (!line.carName || !car) return false;
  if (line.variantId && car.variantId) return line.variantId !== car.variantId;
  if (line.modelId) return line.modelId !== car.modelId;
  return false;
}
