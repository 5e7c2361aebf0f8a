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

function changeFeedOf(db: Db): ChangeFeed | undefined {
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

/** What a memory kept on notice does with each notice's payload. */
export interface NoticedMemory {
  heard(payload: string): void;
}

const memories = new WeakMap<Db, Map<string, NoticedMemory | null>>();

/**
 * The memory of `db` for `channel`, made by `make` once per database: null while this database
 * gives no notice of changes (PostgreSQL), or until it listens; read the database every time then.
 */
export function memoryOnNotice<M extends NoticedMemory>(db: Db, channel: string, make: () => M): M | null {
  let ofDb = memories.get(db);
  if (!ofDb) memories.set(db, (ofDb = new Map()));
  const known = ofDb.get(channel);
  if (known !== undefined) return known as M | null;
  ofDb.set(channel, null);
  const feed = changeFeedOf(db);
  if (feed) {
    const memory = make();
    // Used only once listening: until then, every read goes to the database.
    feed.listen(channel, (payload) => memory.heard(payload)).then(
      () => ofDb.set(channel, memory),
      () => {},
    );
  }
  return null;
}

/**
 * Reads kept per group (a workshop, a van), dropped on notice: a notice naming a group drops that
 * group's reads, '*' drops them all. A read is kept only if no notice for its group came between
 * the stamp taken before it and its keeping, and past `most` reads everything is dropped.
 */
export class GroupedMemory<V> implements NoticedMemory {
  private reads = new Map<string, Map<string, V>>();
  private count = 0;
  /** Bumped by '*': every stamp taken before it is stale. */
  private epoch = 0;
  private changes = new Map<string, number>();
  private readonly most: number;

  constructor(most: number) {
    this.most = most;
  }

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

  recall(group: string, key: string): V | undefined {
    return this.reads.get(group)?.get(key);
  }

  /** Taken before reading the database: a read made across a change is not kept. */
  stamp(group: string): string {
    return `${this.epoch}.${this.changes.get(group) ?? 0}`;
  }

  keep(group: string, key: string, stamp: string, value: V) {
    if (stamp !== this.stamp(group)) return;
    if (this.count >= this.most) this.heard('*');
    let kept = this.reads.get(group);
    if (!kept) this.reads.set(group, (kept = new Map()));
    if (!kept.has(key)) this.count++;
    kept.set(key, value);
  }

  /** `group`'s read under `key`: kept, else by `fresh`, kept unless a change came meanwhile. */
  async read(group: string, key: string, fresh: () => Promise<V>): Promise<V> {
    const kept = this.recall(group, key);
    if (kept !== undefined) return kept;
    const stamp = this.stamp(group);
    const value = await fresh();
    this.keep(group, key, stamp, value);
    return value;
  }
}
