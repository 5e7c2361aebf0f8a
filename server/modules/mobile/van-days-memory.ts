import type { VanJob } from '../../../contract/rules/mobile.ts';
import { memoryOnNotice, type NoticedMemory } from '../../db/changes.ts';
import type { Db } from '../../db/client.ts';

/**
 * What a van holds and its base workshop's closures, kept between calls where the database tells
 * this process of every change (PGlite: server/db/changes.ts; the triggers are in migration
 * 0037): a change to a van's bookings drops that van's reads, a closure (or an emptied table)
 * drops them all, before the writing statement's promise resolves. So a read after a write never
 * finds what was there before it. On PostgreSQL every call reads the database.
 */
export const VAN_DAYS_CHANNEL = 'van_days';

export interface VanDays {
  /** Each with the order holding it, so an order being moved can leave its own out. */
  jobs: (VanJob & { orderId: string })[];
  /** Closures staff added at the van's base workshop. */
  closedOn: string[];
}

/** Enough for every van's few first dates; then all dropped. */
const MOST_READS = 1024;

class VanDaysMemory implements NoticedMemory {
  private reads = new Map<string, Map<string, VanDays>>();
  private count = 0;
  private epoch = 0;
  private changes = new Map<string, number>();

  heard(payload: string) {
    if (payload === '*') {
      this.epoch++;
      this.reads.clear();
      this.count = 0;
      return;
    }
    this.changes.set(payload, (this.changes.get(payload) ?? 0) + 1);
    this.count -= this.reads.get(payload)?.size ?? 0;
    this.reads.delete(payload);
  }

  recall(vanId: string, key: string): VanDays | undefined {
    return this.reads.get(vanId)?.get(key);
  }

  /** Taken before reading the database: a read made across a change is not kept. */
  stamp(vanId: string): string {
    return `${this.epoch}.${this.changes.get(vanId) ?? 0}`;
  }

  keep(vanId: string, key: string, stamp: string, days: VanDays) {
    if (stamp !== this.stamp(vanId)) return;
    if (this.count >= MOST_READS) this.heard('*');
    let kept = this.reads.get(vanId);
    if (!kept) this.reads.set(vanId, (kept = new Map()));
    if (!kept.has(key)) this.count++;
    kept.set(key, days);
  }
}

/** The van's days from `key` on: from memory when this database tells of changes and it was read since the last one, else by `fresh`. */
export async function vanDaysOf(db: Db, vanId: string, key: string, fresh: () => Promise<VanDays>): Promise<VanDays> {
  const memory = memoryOnNotice(db, VAN_DAYS_CHANNEL, () => new VanDaysMemory());
  if (!memory) return fresh();
  const kept = memory.recall(vanId, key);
  if (kept) return kept;
  const stamp = memory.stamp(vanId);
  const days = await fresh();
  memory.keep(vanId, key, stamp, days);
  return days;
}
