import { and, asc, eq, gt } from 'drizzle-orm';
import { EXPORTS_PER_HOUR } from '../../../contract/data-export.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { warning } from '../errors.ts';
import { dataExports, type ExportWay } from './schema.ts';

export type { ExportWay } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Records an export of the customer's data, or refuses it (807) when the customer already made
 * `EXPORTS_PER_HOUR` in the last 60 minutes, saying in how many minutes the next is possible
 * (`data.retryAt`: when). Counted under the customer's lock, so every API process counts the same.
 * Answers the record's id.
 */
export async function recordExport(db: Db, userId: string, way: ExportWay, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'data-export', userId);
    const recent = await tx
      .select({ at: dataExports.at })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.at, new Date(now.getTime() - HOUR_MS))))
      .orderBy(asc(dataExports.at));
    if (recent.length >= EXPORTS_PER_HOUR) {
      // A place frees when the oldest export of the hour leaves it.
      const retryAt = new Date(recent[recent.length - EXPORTS_PER_HOUR]!.at.getTime() + HOUR_MS);
      const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
      throw warning('export.limit', { max: EXPORTS_PER_HOUR, minutes }, { retryAt: retryAt.toISOString() });
    }
    const [row] = await tx.insert(dataExports).values({ userId, way, at: now }).returning({ id: dataExports.id });
    return row!.id;
  });
}

/** Takes back the record of an export whose document could not be made: it does not count. */
export async function withdrawExport(db: Db, id: number): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}
