import { MAX_ODOMETER_KM } from '../../contract/rules/odometer.ts';
import { DOT_DATE, readDotDate, readDotFull } from '../../contract/rules/tyre-date.ts';
import { fill, type Dictionary } from '../i18n/index.ts';
import type { TypedTyre } from './tyres.ts';

/**
 * A field of the console's Complete dialog, where its problem is shown: the odometer, a tyre's
 * date code or whole DOT code (numbered from 0 across the order, as the server names them:
 * "tyres.2.dot" is `dot.2`), the reason to fit an old tyre anyway, the reason to fit a code the
 * order did not reserve, or the form as a whole.
 */
export type CompleteField = 'km' | 'reason' | 'notReserved' | 'form' | `dot.${number}` | `dotFull.${number}`;

/** The most a reason to fit a code not reserved may say (as the server takes it). */
export const NOT_RESERVED_MAX = 200;

export type CompleteProblems = Partial<Record<CompleteField, string>>;

/**
 * Every problem of what staff typed, by field, in the console's words (the rules the server
 * checks, worded as it words them): none when the completion may be sent. `today` is the KL
 * date, so a week not begun yet is refused here as there. A tyre older than the shop's promise
 * is left to the server, which knows whether an admin overrides it.
 */
export function completeProblems(t: Dictionary['console'], km: string, tyres: readonly TypedTyre[], today: string): CompleteProblems {
  const problems: CompleteProblems = {};
  const reading = km.trim();
  if (reading === '') problems.km = t.odometerNeeded;
  else if (!/^\d+$/.test(reading) || Number(reading) > MAX_ODOMETER_KM) problems.km = t.odometerFormat;
  tyres.forEach((tyre, i) => {
    const n = i + 1;
    const dot = tyre.dot.trim();
    const read = readDotDate(dot, today);
    if ('problem' in read) problems[`dot.${i}`] = fill(t.dotProblems[read.problem], { n, ...read.params });
    const full = tyre.dotFull.trim();
    // Whether the whole code ends with the date code is asked only of a date code of the right shape.
    if (full === '') return;
    const whole = readDotFull(full, DOT_DATE.test(dot) ? dot : '');
    if ('problem' in whole) problems[`dotFull.${i}`] = fill(t.dotProblems[whole.problem], { n, dot });
  });
  return problems;
}

/**
 * Where a refusal's data (`{field, tooOld?, notReserved?}`) belongs: the field the server names
 * ("tyres.2.dot" for the third tyre), whether the tyre is only older than the promise (an admin
 * may fit it all the same), and whether its code is only not one the order reserved (fitted
 * with a reason).
 */
export function placeOf(data: unknown): { at: CompleteField; tooOld: boolean; notReserved: boolean } {
  const d = typeof data === 'object' && data !== null ? (data as { field?: unknown; tooOld?: unknown; notReserved?: unknown }) : {};
  const field = typeof d.field === 'string' ? d.field : '';
  if (field === 'odometerKm') return { at: 'km', tooOld: false, notReserved: false };
  if (field.startsWith('override')) return { at: 'reason', tooOld: false, notReserved: false };
  if (field.startsWith('notReserved')) return { at: 'notReserved', tooOld: false, notReserved: true };
  const tyre = /^tyres\.(\d+)\.(dot|dotFull)$/.exec(field);
  if (tyre) return { at: `${tyre[2] as 'dot' | 'dotFull'}.${Number(tyre[1])}`, tooOld: d.tooOld === true, notReserved: d.notReserved === true };
  return { at: 'form', tooOld: false, notReserved: false };
}

/** The fields in the order the dialog shows them: the first with a problem takes the focus. */
export function firstProblem(problems: CompleteProblems, tyres: number): CompleteField | null {
  const order: CompleteField[] = ['km', ...Array.from({ length: tyres }, (_, i) => [`dot.${i}`, `dotFull.${i}`] as const).flat(), 'notReserved', 'reason', 'form'];
  return order.find((field) => problems[field] !== undefined) ?? null;
}

/**
 * The reserved DOT date codes a line's tyre may still be filled with (docs/guide.md, "Stock"):
 * each code once per unit the order holds of it, less the line's other tyres already typed with
 * it, oldest batch first as the order lists them; a code the tyre already has is not offered.
 * `typed` are the date codes typed for the line's tyres, `own` this tyre's place among them.
 */
export function reservedOffers(reserved: readonly { dot?: string; quantity: number }[], typed: readonly string[], own: number): string[] {
  const left = new Map<string, number>();
  for (const r of reserved) if (r.dot) left.set(r.dot, (left.get(r.dot) ?? 0) + r.quantity);
  typed.forEach((dot, i) => {
    const code = dot.trim();
    if (i !== own && left.has(code)) left.set(code, left.get(code)! - 1);
  });
  return [...left].filter(([dot, n]) => n > 0 && dot !== typed[own]?.trim()).map(([dot]) => dot);
}

/** The reason to fit a code not reserved, checked as the server checks it: its problem in words, or null. */
export function notReservedProblem(t: Dictionary['console'], reason: string): string | null {
  const text = reason.trim();
  return text === '' || text.length > NOT_RESERVED_MAX ? t.notReservedNeeded : null;
}
