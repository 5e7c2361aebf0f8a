import { useEffect } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { ATOME_PAYMENTS, atomePayments, atomeQualifies } from '../../../contract/rules/pay-later.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import { $atomeMin, learnAtome } from '../../stores/pay-later.ts';
import { useClientStore } from '../ui/useClientStore.ts';

/**
 * "or 3 payments of RM 324.40 with Atome" under a price Atome takes, and the last payment when
 * it differs (docs/contracts/running-the-business.md §4); nothing while the shop does not offer
 * Atome, below its minimum, or before the browser knows.
 */
export function AtomeLine({ locale, totalSen }: { locale: Locale; totalSen: number }) {
  const min = useClientStore($atomeMin, undefined);
  useEffect(() => void learnAtome(), []);
  return <AtomeWords locale={locale} totalSen={totalSen} min={min ?? null} />;
}

/** The line's words for a price and Atome's minimum (null: not offered). */
export function AtomeWords({ locale, totalSen, min }: { locale: Locale; totalSen: number; min: number | null }) {
  if (!atomeQualifies(totalSen, min)) return null;
  const t = dictionary(locale).checkout;
  const payments = atomePayments(totalSen);
  const first = payments[0]!;
  const last = payments[ATOME_PAYMENTS - 1]!;
  return (
    <p className="text-sm text-slate-700">
      <span className="block">{fill(t.atomeLine, { amount: formatRM(first, locale) })}</span>
      {last !== first && <span className="block text-xs text-slate-600">{fill(t.atomeLast, { amount: formatRM(last, locale) })}</span>}
    </p>
  );
}
