import { and, asc, eq, gte } from 'drizzle-orm';
import { lockKey, type Db } from '../../db/client.ts';
import { storeClosures } from './schema.ts';

export type ClosureRow = typeof storeClosures.$inferSelect;

/** The days staff closed the workshop, from `from` (YYYY-MM-DD) on. */
export async function closedDays(db: Db, workshopId: string, from = '0000-01-01'): Promise<ClosureRow[]> {
  return db
    .select()
    .from(storeClosures)
    .where(and(eq(storeClosures.workshopId, workshopId), gte(storeClosures.date, from)))
    .orderBy(asc(storeClosures.date));
}

/** Every workshop's closed days from `from` (YYYY-MM-DD) on. */
export async function closuresFrom(db: Db, from: string): Promise<ClosureRow[]> {
  return db.select().from(storeClosures).where(gte(storeClosures.date, from));
}

/** The closure of a workshop's day, if staff closed it (no lock: for reading an order). */
export async function closureOn(db: Db, workshopId: string, date: string): Promise<ClosureRow | null> {
  const [row] = await db
    .select()
    .from(storeClosures)
    .where(and(eq(storeClosures.workshopId, workshopId), eq(storeClosures.date, date)));
  return row ?? null;
}

export async function isClosedDay(db: Db, workshopId: string, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storeClosures.id })
    .from(storeClosures)
    .where(and(eq(storeClosures.workshopId, workshopId), eq(storeClosures.date, date)));
  return row !== undefined;
}

/**
 * A workshop's day takes turns between closing it and paying for a booking on it, so a payment
 * either sees the closure or is seen by it (and its customer is told either way).
 */
const lockDay = (tx: Db, workshopId: string, date: string) => lockKey(tx, 'workshop-day', `${workshopId}:${date}`);

/** The closure of a workshop's day, read after any closure of it under way has ended. */
export async function closureOf(tx: Db, workshopId: string, date: string): Promise<ClosureRow | null> {
  await lockDay(tx, workshopId, date);
  const [row] = await tx
    .select()
    .from(storeClosures)
    .where(and(eq(storeClosures.workshopId, workshopId), eq(storeClosures.date, date)));
  return row ?? null;
}

/** Closes the day; null when it was closed already (the unique index decides between two at once). */
export async function addClosure(tx: Db, closure: { workshopId: string; date: string; reason: string; staffId: string }, now: Date): Promise<ClosureRow | null> {
  await lockDay(tx, closure.workshopId, closure.date);
  const [row] = await tx
    .insert(storeClosures)
    .values({ ...closure, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
