import { addDays } from './kl-calendar.ts';

/**
 * Which reminder of a due date goes on a given KL day (docs/contracts/after-sale.md §2): a service 14 days
 * before and on the day; road tax and insurance 30 and 7 days before they run out. Pure.
 * Each reminder has its day and stays due until the next one's day (the last until the due
 * date), so a reminder missed for a day (a planner down, consent given late) still goes,
 * while one whose time has passed is never sent late.
 */
export type ReminderKind = 'service' | 'roadTax' | 'insurance';

export const REMINDER_OFFSETS: Record<ReminderKind, readonly number[]> = {
  service: [14, 0],
  roadTax: [30, 7],
  insurance: [30, 7],
};

/** The offset (days before `dueDate`) of the reminder due on `today`, or null. */
export function reminderDueOn(kind: ReminderKind, dueDate: string, today: string): number | null {
  const offsets = REMINDER_OFFSETS[kind];
  for (let i = 0; i < offsets.length; i++) {
    const from = addDays(dueDate, -offsets[i]!);
    const next = offsets[i + 1];
    const until = next === undefined ? dueDate : addDays(dueDate, -next - 1);
    if (today >= from && today <= until) return offsets[i]!;
  }
  return null;
}

/** The purpose a customer consents to for each kind. */
export const purposeOf = (kind: ReminderKind): 'serviceReminders' | 'expiryReminders' => (kind === 'service' ? 'serviceReminders' : 'expiryReminders');
