import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sitePublishes, type PublishError } from './schema.ts';

export type { PublishError } from './schema.ts';
export type PublishState = 'building' | 'published' | 'failed';

export interface PublishRow {
  id: number;
  version: string;
  trigger: string;
  builder: string;
  state: PublishState;
  built: boolean;
  error: PublishError | null;
  startedAt: Date;
  finishedAt: Date | null;
}

/** A publication begins: its row, building. */
export async function beginPublish(db: Db, row: { version: string; trigger: string; builder: string; at: Date }): Promise<number> {
  const [made] = await db
    .insert(sitePublishes)
    .values({ version: row.version, trigger: row.trigger, builder: row.builder, state: 'building', startedAt: row.at })
    .returning({ id: sitePublishes.id });
  return made!.id;
}

/** A publication ends: published (built here or found built) or failed, with why. */
export async function endPublish(db: Db, id: number, end: { state: 'published' | 'failed'; built: boolean; error?: PublishError | null; at: Date }) {
  await db
    .update(sitePublishes)
    .set({ state: end.state, built: end.built, error: end.error ?? null, finishedAt: end.at })
    .where(eq(sitePublishes.id, id));
}

/** The last publications of every process, newest first. */
export async function recentPublishes(db: Db, limit = 20): Promise<PublishRow[]> {
  const rows = await db.select().from(sitePublishes).orderBy(desc(sitePublishes.id)).limit(limit);
  return rows as PublishRow[];
}

/** The newest row, or 0 when there is none: where a process starts looking for the others' publications. */
export async function lastPublishId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sitePublishes.id }).from(sitePublishes).orderBy(desc(sitePublishes.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * The publication every process serves: of those begun after row `after`, the one that ended
 * last as published, whichever process made it. A process taking up another's version
 * (trigger "follow") is no publication of its own: it would lead the others back to it.
 */
export async function latestPublication(db: Db, after: number): Promise<{ id: number; version: string } | null> {
  const [row] = await db
    .select({ id: sitePublishes.id, version: sitePublishes.version })
    .from(sitePublishes)
    .where(and(gt(sitePublishes.id, after), eq(sitePublishes.state, 'published'), ne(sitePublishes.trigger, 'follow')))
    .orderBy(desc(sitePublishes.finishedAt), desc(sitePublishes.id))
    .limit(1);
  return row ?? null;
}
