import { z } from 'zod';
import { defineCall, type FieldLabels } from './call.ts';
import { items, storeId, variantId } from './orders.ts';
import { storeSlotsLabels } from './order-fields.ts';
import { paths } from './paths.ts';

/** Most workshops one question may name: the nearest ones a page shows. */
export const NEXT_FREE_MAX_STORES = 20;

const labels: FieldLabels = {
  ...storeSlotsLabels,
  storeIds: { en: 'Workshops', 'zh-cn': '车厂', ms: 'Bengkel' },
  'storeIds.*': { en: 'Workshop', 'zh-cn': '车厂', ms: 'Bengkel' },
};

export const nextFreeTime = z
  .object({
    storeId: z.string(),
    fits: z.boolean().meta({ description: 'The workshop does every line of the cart; when false, date and time are null.' }),
    date: z.string().nullable().meta({ description: 'YYYY-MM-DD, Kuala Lumpur: the first date store/slots offers with a free time; null when none in its 30 dates.' }),
    time: z.string().nullable().meta({ description: 'HH:mm: the first free time that date.' }),
  })
  .meta({ id: 'NextFreeTime' });

export const storeNextFree = defineCall({
  path: paths.storeNextFree,
  summary: "Each workshop's first free date and time for a cart, as store/slots would offer it: to compare workshops before choosing one",
  tag: 'orders',
  auth: true,
  fieldLabels: labels,
  request: z.strictObject({
    items,
    variantId: variantId.optional().meta({ description: "The customer's car: each line's stocked units (a wiper set's blade lengths) are counted as the order will reserve them, so a workshop short of them offers dates from the transfer on. Without it, lines are counted by their own choices." }),
    storeIds: z
      .array(storeId)
      .min(1)
      .max(NEXT_FREE_MAX_STORES, 'store.tooMany')
      .superRefine((ids, ctx) => {
        const seen = new Set<string>();
        ids.forEach((id, i) => {
          if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'store.repeated', path: [i] });
          seen.add(id);
        });
      })
      .meta({ description: `1 to ${NEXT_FREE_MAX_STORES} workshop ids, each once: the nearest ones the page shows.` }),
  }),
  response: z.object({
    fittingMinutes: z.number().int().meta({ description: 'How long the job takes a bay, in whole 30-minute units (as store/slots).' }),
    list: z.array(nextFreeTime).meta({ description: 'One per storeIds, in the same order.' }),
  }),
  codes: { 404: 'Unknown workshop or product.', 807: 'A line of the cart that no workshop can install (a method problem), or the same product twice.' },
});
