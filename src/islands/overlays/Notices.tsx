import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { $notices, dismiss, type Notice, type NoticeKind } from '../../stores/ui.ts';
import { useClientStore } from '../ui/useClientStore.ts';

const tone: Record<NoticeKind, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-brand-600 bg-brand-50 text-brand-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  error: 'border-red-700 bg-red-50 text-red-900',
};

/**
 * Toasts (3 s) and notifications (4.5 s), read out by screen readers as they appear. All show in
 * one place, at the bottom of the screen (the right on a wide one), where they cover none of the
 * top bar (car, search, cart, account) nor a form's buttons; on a phone they stand above a
 * product's order bar when it shows.
 */
/** None in the first render, as prerendered: one told before this island woke shows right after. */
const NONE: Notice[] = [];

export function Notices({ locale }: { locale: Locale }) {
  const t = dictionary(locale).notices;
  const notices = useClientStore($notices, NONE);
  return (
    <section aria-live="polite" aria-label={t.region}>
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-center gap-2 sm:left-auto sm:w-96 sm:items-stretch max-md:[body:has(#order-bar>*)_&]:bottom-24">
        {notices.map((n) => (
          <div
            key={n.id}
            role={n.kind === 'error' || n.kind === 'warning' ? 'alert' : 'status'}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${tone[n.kind]}`}
          >
            <p className="min-w-0 flex-1 wrap-anywhere">{n.text}</p>
            <button type="button" className="-m-1 min-h-8 min-w-8 rounded p-1" aria-label={t.close} onClick={() => dismiss(n.id)}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
