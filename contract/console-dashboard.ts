import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';
import { authCodes } from './console.ts';

/** A tyre this many months or less from the shop's age promise when fitted counts as near the limit. */
export const TYRE_NEAR_LIMIT_MONTHS = 2;

/** The console's dashboard: the last 30 days per day and per workshop, for admins. */

const dayFigures = z.object({ date: z.string(), orders: z.number().int(), revenueSen: z.number().int(), refundedSen: z.number().int() });

export const consoleDashboard = defineCall({
  path: paths.consoleDashboard,
  summary: 'Admins: the last 30 days (Malaysian dates, today included): paid orders, revenue (paid sen) and refunds returned per day, in total and per workshop; and bay use per workshop (booked units / open units)',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(dayFigures),
    stores: z.array(
      z.object({
        id: z.string().meta({ description: 'A workshop, or "mail" for orders without one (parcels).' }),
        name: z.string(),
        days: z.array(dayFigures),
        bookedUnits: z.number().int(),
        openUnits: z.number().int(),
        bayUse: z.number().meta({ description: 'bookedUnits / openUnits, 0 to 1.' }),
        warranty: z
          .object({
            jobs: z.number().int().meta({ description: 'Installations completed in these 30 days.' }),
            claims: z.number().int().meta({ description: 'Warranty claims opened in these 30 days on its jobs (of any day).' }),
            claimsPer100Jobs: z.number().meta({ description: 'claims / jobs × 100, one decimal; 0 without jobs.' }),
            tyresFitted: z.number().int(),
            tyresNearLimit: z.number().int().meta({ description: `Tyres fitted in these 30 days within ${TYRE_NEAR_LIMIT_MONTHS} months of the age promise, or older (an admin's override).` }),
          })
          .meta({ description: 'How the workshop holds up: claims per 100 jobs, and old stock fitted.' }),
      }),
    ),
    workshops: z.number().int().meta({ description: 'The partner workshops counted (the "mail" row is not one).' }),
    quiet: z
      .object({ orders: z.number().int(), revenueSen: z.number().int(), refundedSen: z.number().int(), bayUse: z.number().int() })
      .meta({ description: 'Per list, the workshops with nothing in these 30 days (no order, no revenue, no refund, no bay booked): counted, not listed; out of `workshops`.' }),
  }),
  codes: authCodes,
});
