import { addDays, klClock, klInstant } from './kl-calendar.ts';

/**
 * No SMS or e-mail at night (docs/contracts/after-sale.md §2): a message due between 21:00 and 09:00 Kuala
 * Lumpur time is held until 09:00. Pure: the moment it may go, `at` itself in the day.
 */
export const QUIET_FROM = 21 * 60;
export const QUIET_UNTIL = 9 * 60;

export function isQuiet(at: Date): boolean {
  const { minute } = klClock(at);
  return minute >= QUIET_FROM || minute < QUIET_UNTIL;
}

export function sendableAt(at: Date): Date {
  const { date, minute } = klClock(at);
  if (minute >= QUIET_FROM) return klInstant(addDays(date, 1), '09:00');
  if (minute < QUIET_UNTIL) return klInstant(date, '09:00');
  return at;
}
