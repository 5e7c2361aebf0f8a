import type { FulfilmentMethod } from './order-status.ts';

/**
 * What placing an order needs filled in, named as order/app/add's refusals name it. Written
 * without zod so the checkout page can tell what is missing before it asks; the order's schema
 * (contract/orders.ts) takes the method's fields from here, and a unit test holds the rest to it.
 */

/** Which of workshop, appointment, address and van window a method needs (true), and which it has no use for (false). */
export const methodFields = {
  install: { storeId: true, appointment: true, address: false, window: false },
  pickup: { storeId: true, appointment: false, address: false, window: false },
  mail: { storeId: false, appointment: false, address: true, window: false },
  mobile: { storeId: false, appointment: false, address: true, window: true },
} as const satisfies Record<FulfilmentMethod, Record<'storeId' | 'appointment' | 'address' | 'window', boolean>>;

/** Whether a method needs the car's plate: only a technician fitting the car checks it; a pickup or a parcel may name it. */
export const plateNeeded = { install: true, pickup: false, mail: false, mobile: true } as const satisfies Record<FulfilmentMethod, boolean>;

/** The methods whose goods are fitted to the car (labour charged, fitting minutes, odometer and date codes at completion). */
export const fittedMethods: readonly FulfilmentMethod[] = ['install', 'mobile'];
export const isFitted = (method: FulfilmentMethod): boolean => fittedMethods.includes(method);

/** The fields of a delivery address that may not be blank (line2 may). */
export const requiredAddressFields = ['recipient', 'phone', 'line1', 'postcode', 'city', 'state'] as const;

/** Every field a blank refuses for `method`, in the order the form shows them. */
export function requiredOrderFields(method: FulfilmentMethod): string[] {
  const needs = methodFields[method];
  return [
    ...(plateNeeded[method] ? ['carPlate'] : []),
    ...(needs.storeId ? ['storeId'] : []),
    ...(needs.appointment ? ['appointment'] : []),
    ...(needs.address ? requiredAddressFields.map((f) => `address.${f}`) : []),
    ...(needs.window ? ['window'] : []),
    'contact.name',
    'contact.phone',
  ];
}
