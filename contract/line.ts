import { z } from 'zod';

/**
 * One line of an order or cart: a product, how many, and the choices the product offers
 * (orders.md §2). The server checks the choices against the product and the car and prices
 * the line itself; a price from the client is never part of a line.
 */

/** Most units of one product for one car: four tyres. Products sold per car allow fewer (see maxQuantity). */
export const MAX_QUANTITY = 4;

/**
 * The least visible light JPJ allows through tinted glass, in percent, per window group the
 * shop tints: front windscreen 70; side windows 50 (the group holds the front side windows,
 * whose limit is 50; rear side windows alone would allow 30); rear windscreen 30.
 */
export const TINT_MIN_PCT = { front: 70, sideWindows: 50, rearWindscreen: 30 } as const;

export const TYRE_SIZE = /^\d{3}\/\d{2}Z?R\d{2}$/;

const productId = z.string().min(1).max(80).regex(/^[a-z0-9.:-]+$/, 'field.invalid');
const inch = z.number().int().min(8).max(32);
const pct = z.number().int().min(5).max(90);

export const lineOptions = z
  .strictObject({
    /** Service packages: the engine oil instead of the one included (product/change/list offers them). */
    oilId: productId.optional(),
    /** Wiper blades: the lengths in inches; rear only when a rear blade is wanted too. */
    wiper: z.strictObject({ driverInch: inch, passengerInch: inch, rearInch: inch.optional() }).optional(),
    /** Tinting films: visible light let through, in percent, per window group. */
    tint: z.strictObject({ frontPct: pct, rearWindscreenPct: pct, sideWindowsPct: pct }).optional(),
    /** Tyres: the size, e.g. "175/65R14"; one of the car's when the car is known. */
    tyreSize: z.string().regex(TYRE_SIZE, 'field.invalid').optional(),
  })
  .meta({ id: 'LineOptions', description: 'The choices a product offers; each is checked against the product and the car.' });
export type LineOptions = z.infer<typeof lineOptions>;

export const line = z
  .strictObject({
    productId,
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
    options: lineOptions.optional(),
  })
  .meta({ id: 'Line' });
export type Line = z.infer<typeof line>;

/** The blade lengths cars take, in inches: drivers 12–32, passengers 10–30, rear blades 8–18. */
export const WIPER_RANGES = { driver: [12, 32], passenger: [10, 30], rear: [8, 18] } as const;

/** The lengths of a line that fit each blade position; rear only when the line makes rear blades. */
export function wiperLengths(made: number[], rearBlades: boolean) {
  const within = ([min, max]: readonly [number, number]) => made.filter((l) => l >= min && l <= max);
  return { driver: within(WIPER_RANGES.driver), passenger: within(WIPER_RANGES.passenger), rear: rearBlades ? within(WIPER_RANGES.rear) : [] };
}

/** A film's shades per window group, only those JPJ allows. */
export function legalTint(tint: { front: number[]; rearWindscreen: number[]; sideWindows: number[] }) {
  return {
    front: tint.front.filter((v) => v >= TINT_MIN_PCT.front),
    rearWindscreen: tint.rearWindscreen.filter((v) => v >= TINT_MIN_PCT.rearWindscreen),
    sideWindows: tint.sideWindows.filter((v) => v >= TINT_MIN_PCT.sideWindows),
  };
}
