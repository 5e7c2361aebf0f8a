/**
 * The rules of an order line that need no schema, so that pages use them without bundling
 * zod: how many of a product, a tyre size's shape, the wiper lengths and the tint shades
 * allowed. contract/line.ts builds the line's schema from them.
 */

/** Most units of one product for one car: four tyres. Products sold per car allow fewer (see maxQuantity). */
export const MAX_QUANTITY = 4;

/**
 * The least visible light JPJ allows through tinted glass, in percent, per window group the
 * shop tints: front windscreen 70; side windows 50 (the group holds the front side windows,
 * whose limit is 50; rear side windows alone would allow 30); rear windscreen 30.
 */
export const TINT_MIN_PCT = { front: 70, sideWindows: 50, rearWindscreen: 30 } as const;

/**
 * Whether a product is made for the exact car, so that no line of it is priced or ordered
 * without the variant: its fit rule says so in content (mats cut to a car's floor pattern).
 */
export const needsVariant = (fit: object): boolean => 'needsVariant' in fit && fit.needsVariant === true;

export const TYRE_SIZE = /^\d{3}\/\d{2}Z?R\d{2}$/;

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
