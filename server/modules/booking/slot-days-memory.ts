import type { Db } from '../../db/client.ts';
import { memoryOnNotice } from '../../db/changes.ts';
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

class SlotDaysMemory {
  private texts = new Map<string, Map<string, string>>();
  private count = 0;
  /** Bumped by '*': every stamp taken before it is stale. */
  private epoch = 0;
  private changes = new Map<string, number>();

  heard(payload: string) {
    if (payload === '*') {
      this.epoch++;
      this.texts.clear();
      this.count = 0;
      return;
    }
    this.changes.set(payload, (this.changes.get(payload) ?? 0) + 1);
    this.count -= this.texts.get(payload)?.size ?? 0;
    this.texts.delete(payload);
  }

  recall(read: SlotDaysRead): string | undefined {
    return this.texts.get(read.params.workshop)?.get(keyOf(read));
  }

  /** Taken before reading the database: a text read across a change is not kept. */
  stamp(read: SlotDaysRead): string {
    return `${this.epoch}.${this.changes.get(read.params.workshop) ?? 0}`;
  }

  keep(read: SlotDaysRead, stamp: string, text: string) {
    if (stamp !== this.stamp(read)) return;
    if (this.count >= MOST_TEXTS) this.heard('*');
    let kept = this.texts.get(read.params.workshop);
    if (!kept) this.texts.set(read.params.workshop, (kept = new Map()));
    if (!kept.has(keyOf(read))) this.count++;
    kept.set(keyOf(read), text);
  }
}

const keyOf = (read: SlotDaysRead) => `${read.params.from}|${read.params.to}|${read.params.except ?? ''}`;

/**
 * The text of `read`: from memory when this database tells of changes and it was read since
 * the last one, otherwise by `fresh` (which reads the database, perhaps in another statement).
 */
export async function slotDaysText(db: Db, read: SlotDaysRead, fresh: (read: SlotDaysRead) => Promise<string>): Promise<string> {
  const memory = memoryOnNotice(db, SLOT_DAYS_CHANNEL, () => new SlotDaysMemory());
  if (!memory) return fresh(read);
  const kept = memory.recall(read);
  if (kept !== undefined) return kept;
  const stamp = memory.stamp(read);
  const text = await fresh(read);
  memory.keep(read, stamp, text);
  return text;
}
