import { z } from 'zod';
import { defineCall, type FieldLabels } from './call.ts';
import { items, postcodeField, variantId } from './orders.ts';
import { storeSlotsLabels } from './order-fields.ts';
import { paths } from './paths.ts';

const labels: FieldLabels = { ...storeSlotsLabels, postcode: { en: 'Postcode', 'zh-cn': '邮编', ms: 'Poskod' } };

export const vanWindow = z
  .object({
    date: z.string().meta({ description: 'YYYY-MM-DD, Kuala Lumpur.' }),
    start: z.string().meta({ description: 'HH:mm: the window opens (the technician arrives within it).' }),
    end: z.string().meta({ description: 'HH:mm: the window closes.' }),
    free: z.boolean().meta({ description: "The van's day and this window both have the job's labour minutes plus the drive left." }),
  })
  .meta({ id: 'VanWindow' });

export const nearbyWorkshop = z
  .object({ storeId: z.string(), name: z.string(), distanceKm: z.number().nullable() })
  .meta({ id: 'NearbyWorkshop' });

/**
 * Fitting at the customer's place (docs/contracts/running-the-business.md §2): whether a van
 * comes to the postcode for this cart, its visit fee and its two-hour windows over the usual
 * dates; when none does, the three nearest workshops instead.
 */
export const storeMobileWindows = defineCall({
  path: paths.storeMobileWindows,
  summary: "A van's two-hour windows at the customer's postcode for a cart, or the nearest workshops when no van comes there",
  tag: 'orders',
  auth: false,
  fieldLabels: labels,
  request: z.strictObject({
    postcode: postcodeField,
    items,
    variantId: variantId.optional().meta({ description: "The customer's car: lines are priced and timed for it." }),
  }),
  response: z.object({
    covered: z.boolean().meta({ description: 'A van comes to this postcode and fits every line of the cart.' }),
    vanId: z.string().nullable(),
    visitFeeSen: z.number().int().meta({ description: 'The visit fee, before service tax (8 %, on the bill).' }),
    fittingMinutes: z.number().int().meta({ description: "The job's labour minutes (the van also counts its drive)." }),
    windows: z.array(vanWindow).meta({ description: 'Every window of the 30 booking dates the van works (no Sundays, its base workshop\'s closed days left out); empty when not covered.' }),
    nearest: z.array(nearbyWorkshop).meta({ description: 'When not covered: the three workshops nearest the postcode that fit the cart, nearest first; else empty.' }),
  }),
  codes: { 404: 'A product that does not exist.', 807: 'A line of the cart that cannot be fitted on site (named), or the same product twice.' },
});
