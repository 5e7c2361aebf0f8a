import type { Db } from '../../db/client.ts';
import { memoryOnNotice } from '../../db/changes.ts';

/**
 * Logins kept between calls, where the database tells this process of every change to sessions
 * and users (PGlite: see server/db/changes.ts; the triggers are in the migrations). Any change, a
 * login, a logout, an expiry slid, a name changed, by any SQL, drops them all before the writing
 * statement's promise resolves: a key looked up after a logout is never found in memory.
 */
export const LOGINS_CHANNEL = 'logins';

/** Enough for every customer active at once on one machine; then all dropped. */
const MOST_LOGINS = 10_000;

class LoginMemory<T> {
  private rows = new Map<string, T>();
  /** Bumped by every change: a row read across one is not kept. */
  epoch = 0;

  heard() {
    this.epoch++;
    this.rows.clear();
  }

  recall(tokenHash: string): T | undefined {
    return this.rows.get(tokenHash);
  }

  keep(tokenHash: string, epoch: number, row: T) {
    if (epoch !== this.epoch) return;
    if (this.rows.size >= MOST_LOGINS) this.rows.clear();
    this.rows.set(tokenHash, row);
  }
}

/** The login under `tokenHash`: from memory when this database tells of changes, else by `fresh`. */
export async function rememberedLogin<T>(db: Db, tokenHash: string, fresh: () => Promise<T | undefined>): Promise<T | undefined> {
  const memory = memoryOnNotice(db, LOGINS_CHANNEL, () => new LoginMemory<T>());
  if (!memory) return fresh();
  const kept = memory.recall(tokenHash);
  if (kept !== undefined) return kept;
  const epoch = memory.epoch;
  const row = await fresh();
  if (row !== undefined) memory.keep(tokenHash, epoch, row);
  return row;
}
