import type { SavedCar } from '../../contract/vehicles.ts';
import type { CarInfo } from '../stores/car.ts';
import type { CheckoutForm } from './checkout.ts';

/**
 * What the shop remembers from the customer's last checkout: their name (the account's) and
 * the plate of each car in their garage. A new checkout starts with them; what was typed in
 * this tab (the draft) comes first.
 */

/** The garage car that is `car`, by ids: the same variant and year, else the same variant, else the same model when no variant is known. */
export function garageCarOf(garage: readonly SavedCar[], car: CarInfo | null): SavedCar | undefined {
  if (!car) return undefined;
  const same = garage.filter((g) => g.modelId === car.modelId && g.variantId === car.variantId);
  return same.find((g) => g.yearId === car.yearId) ?? same[0];
}

/** The remembered plate of the car chosen now ("" when none). */
export const rememberedPlate = (garage: readonly SavedCar[], car: CarInfo | null): string => garageCarOf(garage, car)?.plate ?? '';

/** The form with the remembered name in the name fields still blank. */
export function withRememberedName(form: CheckoutForm, name: string): CheckoutForm {
  if (!name.trim()) return form;
  const contact = form.contact.name.trim() ? form.contact : { ...form.contact, name };
  const address = form.address.recipient.trim() ? form.address : { ...form.address, recipient: name };
  return contact === form.contact && address === form.address ? form : { ...form, contact, address };
}

/**
 * The plate field once the car is known or changes: a blank field, or one holding the plate
 * remembered for the car chosen before, takes the remembered plate of this car; a plate the
 * customer typed stays.
 */
export function plateFor(current: string, previousRemembered: string, remembered: string): string {
  if (current.trim() === '' || current === previousRemembered) return remembered;
  return current;
}
