import type { VanJob } from '../../../contract/rules/mobile.ts';
import { GroupedMemory, memoryOnNotice } from '../../db/changes.ts';
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

/** The van's days from `key` on: from memory when this database tells of changes and it was read since the last one, else by `fresh`. */
export async function vanDaysOf(db: Db, vanId: string, key: string, fresh: () => Promise<VanDays>): Promise<VanDays> {
  const memory = memoryOnNotice(db, VAN_DAYS_CHANNEL, () => new GroupedMemory<VanDays>(MOST_READS));
  if (!memory) return fresh();
  return memory.read(vanId, key, fresh);
}
