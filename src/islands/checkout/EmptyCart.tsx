import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, href } from '../../i18n/index.ts';

/**
 * An empty cart. The checkout page also draws it before its island wakes (src/components/
 * Prepaint.astro), so a logged-in customer with nothing in the cart sees it at once.
 */
export function EmptyCart({ locale }: { locale: Locale }) {
  const t = dictionary(locale).checkout;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-lg">{t.empty}</p>
      <a className="btn-primary mt-4" href={href(locale, 'home')}>
        {t.browse}
      </a>
    </div>
  );
}
