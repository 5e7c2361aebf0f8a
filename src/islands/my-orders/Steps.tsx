import type { Locale } from '../../../contract/rules/language.ts';
import { momentWords } from '../../../contract/rules/dates.ts';

const mark = { done: 'bg-green-700 text-white', current: 'bg-brand-600 text-white', todo: 'bg-slate-200 text-slate-600' };

/** One step of a request's progress: `when` words in place of its time (a booked repair's). */
export interface Step {
  key: string;
  title: string;
  state: keyof typeof mark;
  at: string | null;
  note: string;
  when?: string;
}

/** A request's steps, done, current and to come, each with its time and note: a refund's, a warranty claim's. */
export function StepList({ locale, label, notYet, steps }: { locale: Locale; label: string; notYet: string; steps: Step[] }) {
  return (
    <ol aria-label={label} className="space-y-2">
      {steps.map((step) => (
        <li key={step.key} className="flex gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
          <span aria-hidden="true" className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${mark[step.state]}`}>
            {step.state === 'done' ? '✓' : step.state === 'current' ? '•' : ''}
          </span>
          <span>
            <span className="block font-semibold">{step.title}</span>
            <span className="block text-sm text-slate-600">{step.when ?? (step.at ? momentWords(step.at, locale) : notYet)}</span>
            {step.note && <span className="block text-sm text-slate-800">{step.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
