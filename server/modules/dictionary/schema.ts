import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Localized } from '../../i18n/localized.ts';

/** Small lists the site shows in pickers (CITY, …), synced from content/dictionaries. */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    dictionaryId: text('dictionary_id').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull(),
    label: jsonb('label').$type<Localized>().notNull(),
    group: text('group').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.dictionaryId, t.value] })],
);
