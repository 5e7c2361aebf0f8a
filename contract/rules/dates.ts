import { isIsoDate, klClock, weekdayOf, weekdays, type Weekday } from './kl-calendar.ts';
import type { Locale } from './language.ts';

/**
 * Dates in words, in the customer's language, on the Kuala Lumpur calendar: the one way the
 * shop writes a date for people (pages, the console, SMS). Pure, and written from its own
 * tables rather than Intl so that the server's SMS and every browser say exactly the same.
 *   en  "Sat, 28 Nov 2026"      ms  "Sab, 28 Nov 2026"      zh-cn  "2026年11月28日（周六）"
 */

interface Words {
  days: Record<Weekday, string>;
  months: readonly string[];
}

const latin: Record<'en' | 'ms', Words> = {
  en: {
    days: { sun: 'Sun', mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat' },
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  ms: {
    days: { sun: 'Ahd', mon: 'Isn', tue: 'Sel', wed: 'Rab', thu: 'Kha', fri: 'Jum', sat: 'Sab' },
    months: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
  },
};

const chineseDays: Record<Weekday, string> = { sun: '周日', mon: '周一', tue: '周二', wed: '周三', thu: '周四', fri: '周五', sat: '周六' };

function parts(date: string) {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), weekday: weekdayOf(date) };
}

/** A KL calendar date (YYYY-MM-DD) with its weekday: "Sat, 28 Nov 2026". Anything else is returned as it came. */
export function dateWords(date: string, locale: Locale): string {
  if (!isIsoDate(date)) return date;
  const { year, month, day, weekday } = parts(date);
  if (locale === 'zh-cn') return `${year}年${month}月${day}日（${chineseDays[weekday]}）`;
  const words = latin[locale];
  return `${words.days[weekday]}, ${day} ${words.months[month - 1]} ${year}`;
}

/**
 * The names `dateWords` writes a date with, Sunday first: for a page's script that writes a
 * date before the page's modules have loaded (src/lib/prepaint-day.ts).
 */
export function calendarNames(locale: Locale): { days: string[]; months: string[]; chinese: boolean } {
  if (locale === 'zh-cn') return { days: weekdays.map((d) => chineseDays[d]), months: [], chinese: true };
  const words = latin[locale];
  return { days: weekdays.map((d) => words.days[d]), months: [...words.months], chinese: false };
}

/** A date within the coming weeks, with its weekday but no year: "Fri, 27 Nov", "11月27日（周五）". */
export function dayWords(date: string, locale: Locale): string {
  if (!isIsoDate(date)) return date;
  const { month, day, weekday } = parts(date);
  if (locale === 'zh-cn') return `${month}月${day}日（${chineseDays[weekday]}）`;
  const words = latin[locale];
  return `${words.days[weekday]}, ${day} ${words.months[month - 1]}`;
}

/** The same with a wall-clock time: "Fri, 27 Nov, 09:00", "11月27日（周五）09:00". */
export function dayTimeWords(date: string, time: string, locale: Locale): string {
  return locale === 'zh-cn' ? `${dayWords(date, locale)}${time}` : `${dayWords(date, locale)}, ${time}`;
}

/** Day and month only, for a chart's axis or a list within one month: "28 Nov", "11月28日". */
export function dayMonthWords(date: string, locale: Locale): string {
  if (!isIsoDate(date)) return date;
  const { month, day } = parts(date);
  if (locale === 'zh-cn') return `${month}月${day}日`;
  return `${day} ${latin[locale].months[month - 1]}`;
}

/** A KL date and wall-clock time (HH:MM): "Sat, 28 Nov 2026, 10:30", "2026年11月28日（周六）10:30". */
export function dateTimeWords(date: string, time: string, locale: Locale): string {
  return locale === 'zh-cn' ? `${dateWords(date, locale)}${time}` : `${dateWords(date, locale)}, ${time}`;
}

/** An instant (a Date or ISO 8601 text) as the KL date and time it was: "Sat, 28 Nov 2026, 14:05". */
export function momentWords(at: Date | string, locale: Locale): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) return String(at);
  const { date, minute } = klClock(instant);
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return dateTimeWords(date, time, locale);
}
