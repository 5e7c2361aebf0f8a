import type { SavedCar } from '../../contract/vehicles.ts';
import { $carInfo } from '../stores/car.ts';
import { addToCart } from '../stores/cart.ts';
import { rememberWorkshop } from '../stores/location.ts';
import { callApi } from './api.ts';
import { DRAFT_KEY, type DraftStorage } from './checkout-draft-key.ts';
import { carInfoCurrent } from './endpoints.ts';
import { fromSaved } from './garage.ts';

export interface BookAgain {
  car: SavedCar;
  carName: string;
  storeId: string;
  items: readonly { productId: string; quantity: number }[];
}

/**
 * A workshop, date and time come back from the draft together or not at all: an appointment
 * kept from an earlier checkout in this tab would outrank the workshop of the service booked
 * again, so it is let go; the rest of what was typed stays.
 */
export function dropDraftAppointment(storage: DraftStorage | null) {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null');
    if (!saved || typeof saved !== 'object' || !('form' in saved) || !saved.form || typeof saved.form !== 'object') return;
    const { storeId: _s, date: _d, time: _t, ...form } = saved.form as Record<string, unknown>;
    storage?.setItem(DRAFT_KEY, JSON.stringify({ ...saved, form }));
  } catch {
    /* storage blocked: the checkout starts as it would */
  }
}

/**
 * "Book again": this garage car becomes the chosen car, the service's items go into the cart
 * for it, and its workshop becomes the one the checkout chooses first (the customer then picks
 * a date and time). Returns false when the cart had no room.
 */
export async function bookAgain({ car, carName, storeId, items }: BookAgain, storage: DraftStorage | null): Promise<boolean> {
  $carInfo.set(fromSaved(car));
  await callApi(carInfoCurrent, { id: car.id }, { quiet: true }).catch(() => {});
  let added = true;
  for (const item of items) {
    added = addToCart({ productId: item.productId, quantity: item.quantity, options: {}, variantId: car.variantId, carName, modelId: car.modelId }) && added;
  }
  rememberWorkshop(storeId);
  dropDraftAppointment(storage);
  return added;
}
