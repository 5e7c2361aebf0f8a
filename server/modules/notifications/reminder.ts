import { appointmentStart } from '../orders/actions.ts';

/** Reminders go out at 10:00 Kuala Lumpur time the day before the appointment. */
export const REMINDER_TIME = '10:00';

export function reminderAt(appointment: { date: string; time: string }): Date {
  const day = new Date(`${appointment.date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return appointmentStart({ date: day.toISOString().slice(0, 10), time: REMINDER_TIME });
}
