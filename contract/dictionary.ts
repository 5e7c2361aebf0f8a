import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

export const dictionaryEntry = z
  .object({
    value: z.string().meta({ description: 'Stable value, e.g. a city slug.' }),
    labelName: z.string().meta({ description: 'Label in the request language.' }),
    group: z.string().meta({ description: 'Grouping, e.g. the state of a city.' }),
  })
  .meta({ id: 'DictionaryEntry' });
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

export const dictionaryInfo = defineCall({
  path: paths.dictionaryInfo,
  summary: 'Entries of a dictionary (CITY: the cities with partner workshops)',
  tag: 'dictionary',
  auth: false,
  request: z.strictObject({
    companyId: z.number().int().min(0).optional(),
    dictionaryId: z.string().min(1).max(40).meta({ example: 'CITY' }),
  }),
  response: z.array(dictionaryEntry),
  codes: { 404: 'No dictionary of that name.' },
});
