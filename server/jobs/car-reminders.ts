import { klDate } from '../../contract/rules/kl-calendar.ts';
import { isQuiet } from '../../contract/rules/quiet-hours.ts';
import { purposeOf, reminderDueOn } from '../../contract/rules/reminder-moments.ts';
import type { SavedCar } from '../../contract/vehicles.ts';
import type { Db } from '../db/client.ts';
import type { Indexes } from '../indexes.ts';
import type { EmailProvider } from '../providers/email/index.ts';
import type { SmsProvider } from '../providers/sms/index.ts';
import { garageHistory } from '../queries/garage-history.ts';
import { carsOfUsers, reminderRecipient } from '../queries/reminder-recipients.ts';
import { claimCarReminder, type CarReminder } from '../modules/notifications/car-reminders.ts';
import { recordMessage } from '../modules/notifications/outbox.ts';
import { consentingUsers, consentLocale } from '../modules/notifications/consent.ts';
import { carReminderTexts } from '../modules/notifications/texts.ts';
import { garageService } from '../modules/vehicles/service.ts';
import { scheduleJob, type JobHandler } from './queue.ts';

/**
 * Every hour: the reminders of garage cars whose day has come (docs/contracts/after-sale.md §2). Nothing is
 * queued ahead per car: each run works out, from the car's records and the consent in force,
 * what is due now. So a moved due date (a new reading, a service, a changed expiry) is
 * reminded of at its new date and the old one never goes, and a purpose turned off has
 * nothing left to send. Each reminder's key is claimed in the database, its SMS and e-mail
 * written to the outbox in the same transaction (the outbox's deliverer sends them, a few at a
 * time, and tries again after a failure), so it goes once whatever the processes; none goes
 * between 21:00 and 09:00 (KL): the 09:00 run sends what the night held.
 */
export const CAR_REMINDERS_JOB = 'reminders.cars';

const EVERY_MS = 60 * 60 * 1000;

/** The next run, on the hour: its key is that hour, so every server scheduling it makes one job. */
export async function scheduleCarReminders(tx: Db, now: Date): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);
  await scheduleJob(tx, { kind: CAR_REMINDERS_JOB, key: `${CAR_REMINDERS_JOB}:${runAt.toISOString()}`, runAt, payload: {} }, now);
}

export interface ReminderContext {
  db: Db;
  sms: SmsProvider;
  /** null: no e-mail channel (EMAIL_PROVIDER=off). */
  email: EmailProvider | null;
  indexes: Indexes;
}

const carName = (car: SavedCar) => `${car.brand} ${car.model}`.trim() + (car.plate ? ` (${car.plate})` : '');

/** The words of a reminder, in the customer's language (notifications/texts.ts). */
export const reminderText = carReminderTexts;

/** What one run sends: the reminders claimed in the job's transaction, written to the outbox with them; answers how many messages. */
export async function planCarReminders(tx: Db, ctx: ReminderContext, now: Date): Promise<number> {
  if (isQuiet(now)) return 0;
  const today = klDate(now);
  const consenting = await consentingUsers(tx);
  const garage = garageService(tx, ctx.indexes.cars);
  const read = { db: tx, indexes: ctx.indexes, now: () => now, secret: '' };
  let written = 0;
  for (const { carId, userId } of await carsOfUsers(tx, [...consenting.keys()])) {
    const purposes = consenting.get(userId)!;
    const recipient = await reminderRecipient(tx, userId);
    if (!recipient) continue;
    const locale = recipient.locale ?? (await consentLocale(tx, userId)) ?? 'en';
    const history = await garageHistory(read, garage, userId, carId, locale);
    for (const due of history.due) {
      // A car with no service on record is "due now" every day: a page may say so, an SMS may not.
      if (due.rule === 'neverServiced' || !purposes.has(purposeOf(due.kind))) continue;
      const daysBefore = reminderDueOn(due.kind, due.dueDate, today);
      if (daysBefore === null) continue;
      const { text, subject, emailText } = reminderText(due.kind, carName(history.car), due.dueDate, locale);
      const reminder: CarReminder = { carId, userId, kind: due.kind, dueDate: due.dueDate, daysBefore, phone: recipient.phone, email: ctx.email ? recipient.email : null, text };
      const id = await claimCarReminder(tx, reminder, now);
      if (id === null) continue;
      // Written to send with the reminder's claim: SMS, and e-mail when given. Not nudged: a run may
      // write hundreds, which the deliverer sends a few at a time.
      await recordMessage(tx, ctx, { channel: 'sms', to: reminder.phone, text: reminder.text, carReminderId: id }, now);
      written++;
      if (reminder.email) {
        await recordMessage(tx, ctx, { channel: 'email', to: reminder.email, subject, text: emailText, carReminderId: id }, now);
        written++;
      }
    }
  }
  return written;
}

/** The hourly run: plans, and schedules the next hour; the outbox's deliverer sends once it has committed. */
export function carRemindersHandler(ctx: ReminderContext): JobHandler {
  return async (tx, _job, now) => {
    await planCarReminders(tx, ctx, now);
    await scheduleCarReminders(tx, now);
  };
}
