import { addDays, klInstant } from '../../../contract/rules/kl-calendar.ts';

/** Reminders go out at 10:00 Kuala Lumpur time the day before the appointment. */
export const REMINDER_TIME = '10:00';

export function reminderAt(appointment: { date: string; time: string }): Date {
  return klInstant(addDays(appointment.date, -1), REMINDER_TIME);
}
