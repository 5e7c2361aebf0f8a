/**
 * Working days in Kuala Lumpur: Monday to Friday. The refund review promise (spec §9: "within
 * 3 working days") is shown as the date it falls on. The content holds no national list of
 * public holidays (only each workshop's own closed days), so only weekends are skipped unless
 * a caller passes holidays.
 */

/** The review promise of spec §9. */
export const REFUND_REVIEW_WORKING_DAYS = 3;

const KL_OFFSET_MS = 8 * 3600_000;

/** The Kuala Lumpur calendar date (YYYY-MM-DD) of an instant. */
export function klDate(at: Date): string {
  return new Date(at.getTime() + KL_OFFSET_MS).toISOString().slice(0, 10);
}

const dayOfWeek = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function isWorkingDay(iso: string, holidays: ReadonlySet<string> = new Set()): boolean {
  const d = dayOfWeek(iso);
  return d !== 0 && d !== 6 && !holidays.has(iso);
}

/** The date `days` working days after the KL date of `from` (the day itself never counts). */
export function addWorkingDays(from: Date, days: number, holidays: ReadonlySet<string> = new Set()): string {
  let date = klDate(from);
  let left = days;
  while (left > 0) {
    date = nextDay(date);
    if (isWorkingDay(date, holidays)) left -= 1;
  }
  return date;
}
