import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../contract/rules/language.ts';
import type { Db } from '../db/client.ts';
import { users } from '../modules/auth/schema.ts';
import { carReminders } from '../modules/notifications/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { userCars } from '../modules/vehicles/schema.ts';

export interface ReminderRecipient {
  userId: string;
  phone: string;
  /** The language of the customer's latest order: the one the shop writes to them in. */
  locale: Locale | null;
  /** The e-mail of the customer's latest order that gave one (the shop keeps no other). */
  email: string | null;
}

/** Who a reminder goes to: the account's phone, and the language and e-mail of their latest orders. */
export async function reminderRecipient(db: Db, userId: string): Promise<ReminderRecipient | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  // A closed account has no phone (and no garage left to remind of).
  if (!user?.phone) return null;
  const recent = await db
    .select({ language: orders.language, contact: orders.contact })
    .from(orders)
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return {
    userId,
    phone: user.phone,
    locale: recent[0]?.language ?? null,
    email: recent.find((o) => o.contact.email)?.contact.email ?? null,
  };
}

/** The garage cars of these customers. */
export async function carsOfUsers(db: Db, userIds: readonly string[]): Promise<{ carId: string; userId: string }[]> {
  if (!userIds.length) return [];
  return db
    .select({ carId: userCars.id, userId: userCars.userId })
    .from(userCars)
    .where(inArray(userCars.userId, [...userIds]))
    .orderBy(asc(userCars.createdAt));
}

/** The reminders sent about a car, newest first, for its history. */
export async function remindersOfCar(db: Db, carId: string) {
  const rows = await db
    .select({ kind: carReminders.kind, dueDate: carReminders.dueDate, daysBefore: carReminders.daysBefore, at: carReminders.at, sent: carReminders.sent, email: carReminders.email })
    .from(carReminders)
    .where(eq(carReminders.carId, carId))
    .orderBy(desc(carReminders.at), desc(carReminders.id));
  return rows.map((r) => ({ kind: r.kind, dueDate: r.dueDate, daysBefore: r.daysBefore, sentAt: r.at.toISOString(), sent: r.sent, byEmail: r.email !== null }));
}
