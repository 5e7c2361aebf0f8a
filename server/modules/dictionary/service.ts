import { and, asc, eq, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { Code } from '../../../contract/codes.ts';
import type { DictionaryEntry } from '../../../contract/dictionary.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../errors.ts';
import { localized, pick } from '../../i18n/localized.ts';
import { dictionaryEntries } from './schema.ts';

/** A place in Malaysia: the peninsula, Sabah, Sarawak and Labuan lie within these. */
const position = { lat: z.number().min(0.8).max(7.5), lng: z.number().min(99.5).max(119.5) };
const entry = { value: z.string().min(1), group: z.string(), label: localized };

export const dictionaryFile = z.strictObject({
  dictionaryId: z.string().regex(/^[A-Z_]+$/),
  entries: z.array(z.strictObject({ ...entry, lat: position.lat.optional(), lng: position.lng.optional() })).min(1),
});

/** content/dictionaries/city.json: each city with its centre, from which the workshops near it are measured. */
export const cityFile = z.strictObject({
  dictionaryId: z.literal('CITY'),
  entries: z.array(z.strictObject({ ...entry, ...position })).min(1),
});

export async function syncDictionary(db: Db, file: z.output<typeof dictionaryFile>) {
  await db.transaction(async (tx) => {
    for (const [position, e] of file.entries.entries()) {
      const row = { dictionaryId: file.dictionaryId, value: e.value, position, label: e.label, group: e.group };
      await tx
        .insert(dictionaryEntries)
        .values(row)
        .onConflictDoUpdate({ target: [dictionaryEntries.dictionaryId, dictionaryEntries.value], set: row });
    }
    await tx.delete(dictionaryEntries).where(
      and(
        eq(dictionaryEntries.dictionaryId, file.dictionaryId),
        notInArray(
          dictionaryEntries.value,
          file.entries.map((e) => e.value),
        ),
      ),
    );
  });
}

export function dictionaryService(db: Db) {
  return {
    async entries(dictionaryId: string, locale: Locale): Promise<DictionaryEntry[]> {
      const id = dictionaryId.trim().toUpperCase();
      const rows = await db
        .select()
        .from(dictionaryEntries)
        .where(eq(dictionaryEntries.dictionaryId, id))
        .orderBy(asc(dictionaryEntries.position));
      if (rows.length === 0) throw new DomainError(Code.NOT_FOUND, 'dictionary.unknown', { id: dictionaryId.slice(0, 40) });
      return rows.map((r) => ({ value: r.value, labelName: pick(r.label, locale), group: r.group }));
    },
  };
}
