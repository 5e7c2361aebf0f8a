import type { Db } from '../../db/client.ts';
import { GroupedMemory, memoryOnNotice } from '../../db/changes.ts';
import type { SlotDaysRead } from './slot-answers.ts';

/**
 * The text of slot-days reads kept between calls, where the database tells this process of
 * every change to units and closures (PGlite: see server/db/changes.ts; the triggers are in the
 * migrations). A notice drops its workshop's texts, '*' all of them, before the writing
 * statement's promise resolves; so a read made after a write never finds the text from before it.
 */
export const SLOT_DAYS_CHANNEL = 'slot_days';

/** Enough for every workshop's checkout and a few hundred orders being moved; then all dropped. */
const MOST_TEXTS = 4096;

const keyOf = (read: SlotDaysRead) => `${read.params.from}|${read.params.to}|${read.params.except ?? ''}`;

/**
 * The text of `read`: from memory when this database tells of changes and it was read since
 * the last one, otherwise by `fresh` (which reads the database, perhaps in another statement).
 */
export async function slotDaysText(db: Db, read: SlotDaysRead, fresh: (read: SlotDaysRead) => Promise<string>): Promise<string> {
  const memory = memoryOnNotice(db, SLOT_DAYS_CHANNEL, () => new GroupedMemory<string>(MOST_TEXTS));
  if (!memory) return fresh(read);
  return memory.read(read.params.workshop, keyOf(read), () => fresh(read));
}
