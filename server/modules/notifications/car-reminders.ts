import { eq } from 'drizzle-orm';
import type { ReminderKind } from '../../../contract/rules/reminder-moments.ts';
import type { Db } from '../../db/client.ts';
import { carReminders } from './schema.ts';

export interface CarReminder {
  carId: string;
  userId: string;
  kind: ReminderKind;
  dueDate: string;
  daysBefore: number;
  phone: string;
  email: string | null;
  text: string;
}

/** One reminder per car, kind, due date and days before: a moved due date makes a new key. */
export const carReminderKey = (r: Pick<CarReminder, 'carId' | 'kind' | 'dueDate' | 'daysBefore'>) => `${r.carId}:${r.kind}:${r.dueDate}:${r.daysBefore}`;

/**
 * Claims a reminder in the caller's transaction, before anything is sent: its id when this
 * caller is the one to send it, null when it was claimed before (by any process).
 */
export async function claimCarReminder(tx: Db, reminder: CarReminder, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(carReminders)
    .values({ ...reminder, key: carReminderKey(reminder), at: now })
    .onConflictDoNothing()
    .returning({ id: carReminders.id });
  return row?.id ?? null;
}

/** A reminder the SMS provider refused: listed as not sent. */
export async function markReminderUnsent(db: Db, id: number): Promise<void> {
  await db.update(carReminders).set({ sent: false }).where(eq(carReminders.id, id));
}
