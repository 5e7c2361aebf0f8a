import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.ts';

/**
 * What a database tells this process about rows changed by any SQL, through triggers that
 * notify a channel (see the migrations). Only on PGlite: one process owns the database, and
 * PGlite hands a notification over within the writing statement (or, in a transaction, its
 * commit), before that statement's promise resolves. So memory dropped on notice is never
 * behind what a later read would find. On PostgreSQL there is no feed: every read goes to it.
 */
export interface ChangeFeed {
  /** Calls `heard` with each notice's payload on `channel`, from the moment this resolves. */
  listen(channel: string, heard: (payload: string) => void): Promise<void>;
}

const feeds = new WeakMap<Db, ChangeFeed>();

export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db);
}

/** The triggers notify only in sessions that ask: PGlite's one session does. */
export async function openChangeFeed(db: Db, client: PGlite): Promise<void> {
  await client.query(`select set_config('servauto.notify', 'on', false)`);
  feeds.set(db, {
    async listen(channel, heard) {
      await client.listen(channel, heard);
    },
  });
}
