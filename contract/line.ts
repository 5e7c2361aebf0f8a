import { z } from 'zod';
import { MAX_QUANTITY, TYRE_SIZE } from './rules/line-rules.ts';

/**
 * One line of an order or cart: a product, how many, and the choices the product offers
 * (docs/contracts/orders.md §2). The server checks the choices against the product and the car and prices
 * the line itself; a price from the client is never part of a line. Its rules without zod
 * (quantities, sizes, legal shades) are in line-rules.ts, for the pages too.
 */

export { legalTint, MAX_QUANTITY, needsVariant, TINT_MIN_PCT, TYRE_SIZE, WIPER_RANGES, wiperLengths } from './rules/line-rules.ts';

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
