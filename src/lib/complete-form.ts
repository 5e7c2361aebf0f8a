import { MAX_ODOMETER_KM } from '../../contract/rules/odometer.ts';
import { DOT_DATE, readDotDate, readDotFull } from '../../contract/rules/tyre-date.ts';
import { fill, type Dictionary } from '../i18n/index.ts';
import type { TypedTyre } from './tyres.ts';

/**
 * A field of the console's Complete dialog, where its problem is shown: the odometer, a tyre's
 * date code or whole DOT code (numbered from 0 across the order, as the server names them:
 * "tyres.2.dot" is `dot.2`), the reason to fit an old tyre anyway, or the form as a whole.
 */
export type CompleteField = 'km' | 'reason' | 'form' | `dot.${number}` | `dotFull.${number}`;

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

/** The fields in the order the dialog shows them: the first with a problem takes the focus. */
export function firstProblem(problems: CompleteProblems, tyres: number): CompleteField | null {
  const order: CompleteField[] = ['km', ...Array.from({ length: tyres }, (_, i) => [`dot.${i}`, `dotFull.${i}`] as const).flat(), 'reason', 'form'];
  return order.find((field) => problems[field] !== undefined) ?? null;
}
