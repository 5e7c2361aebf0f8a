import type { Locale } from './language.ts';
import { message } from './messages.ts';
import type { DueBasis, ExpiryDue } from './service-due.ts';

/** Km for people: "58,000" (to the nearest hundred when predicted). */
const kmWords = (km: number) => km.toLocaleString('en-MY');

/** How far a due date is from today, in words: "today", "in 5 days", "in about 3 weeks", "about 2 months overdue". */
export function whenWords(daysLeft: number, locale: Locale): string {
  const days = Math.abs(daysLeft);
  if (days === 0) return message(locale, 'due.today');
  const weeks = Math.round(days / 7);
  const months = Math.round(days / 30);
  if (daysLeft > 0) {
    if (days === 1) return message(locale, 'due.tomorrow');
    if (days < 14) return message(locale, 'due.inDays', { n: days });
    if (days < 60) return message(locale, 'due.inWeeks', { n: weeks });
    return message(locale, 'due.inMonths', { n: months });
  }
  if (days === 1) return message(locale, 'due.overdueOne');
  if (days < 14) return message(locale, 'due.overdueDays', { n: days });
  if (days < 60) return message(locale, 'due.overdueWeeks', { n: weeks });
  return message(locale, 'due.overdueMonths', { n: months });
}

/**
 * Why a service is due when it is, in words: "in about 3 weeks, at ~58,000 km: you drive ~40 km a day".
 * `lastVisit`: with no service on record, the date of the last other work done on the car (fitted
 * wipers, tyres…), so the words do not deny the visits listed beside them.
 */
export function serviceBasisWords(basis: DueBasis, dueKm: number | undefined, locale: Locale, lastVisit?: string): string {
  const when = whenWords(basis.daysLeft, locale);
  if (basis.rule === 'neverServiced') return lastVisit ? message(locale, 'due.noMaintenance', { date: lastVisit }) : message(locale, 'due.neverServiced');
  const perDay = basis.kmPerDay === undefined ? '' : kmWords(Math.round(basis.kmPerDay));
  if (basis.rule === 'km') return message(locale, 'due.byKm', { when, km: kmWords(dueKm ?? 0), perDay });
  const months = basis.intervalMonths ?? 0;
  if (basis.kmAtDue !== undefined) return message(locale, 'due.byDateDriving', { when, months, km: kmWords(Math.round(basis.kmAtDue / 100) * 100), perDay });
  if (basis.noPrediction === 'noServiceKm') return message(locale, 'due.byDateNoKm', { when, months });
  return message(locale, 'due.byDate', { when, months });
}

/** Road tax or insurance: "in about 4 weeks: expires on Fri, 25 Dec 2026". */
export function expiryBasisWords(due: ExpiryDue, locale: Locale): string {
  const when = whenWords(due.basis.daysLeft, locale);
  return message(locale, due.basis.daysLeft < 0 ? 'due.expired' : 'due.expiry', { when, date: due.dueDate });
}
