import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { WAREHOUSE } from '../../../contract/rules/stock.ts';
import type { consoleStockAttention } from '../../../contract/stock.ts';
import { dictionary, fill, href, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStockAttention as attentionEndpoint } from '../../lib/console-endpoints.ts';
import { errorText, LoadFailed, Loading, useStores } from './parts.tsx';
import { batchWords, count } from './StockParts.tsx';

type Lists = ResponseOf<typeof consoleStockAttention>;

/** How many of each list the console's first page shows; the stock screen has them all. */
const SHOWN = 5;

/** The stock screen filtered to a place, a sku and a filter. */
function stockLink(locale: Locale, filter: { location?: string; q?: string; low?: boolean; aged?: boolean }) {
  const q = new URLSearchParams();
  if (filter.location) q.set('location', filter.location);
  if (filter.q) q.set('q', filter.q);
  if (filter.low) q.set('low', '1');
  if (filter.aged) q.set('aged', '1');
  const search = q.toString();
  return `${href(locale, 'console/stock')}${search ? `?${search}` : ''}`;
}

const linkClass = 'inline-flex min-h-11 items-center py-1 font-medium text-brand-700 underline break-words';

/**
 * The console's Attention entries for stock: rows at or under their low count and aged tyre
 * batches, at the staff member's own workshop (admins: every place), each a link to the stock
 * screen filtered to it.
 */
export function StockAttention({ locale }: { locale: Locale }) {
  const t = dictionary(locale).console;
  const { stores } = useStores();
  const [lists, setLists] = useState<Lists | null>(null);
  const [failed, setFailed] = useState('');
  const [again, setAgain] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(attentionEndpoint, {}, { quiet: true }).then(
      (l) => live && setLists(l),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [again]);
  const place = (id: string) => (id === WAREHOUSE ? t.stockWarehouse : (stores?.find((s) => s.id === id)?.name ?? id));

  const body = () => {
    if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setAgain((n) => n + 1)} />;
    if (!lists) return <Loading locale={locale} />;
    if (lists.lowTotal + lists.agedTotal === 0) return <p className="text-slate-700">{t.stockAttentionNone}</p>;
    return (
      <div className="grid gap-4 md:grid-cols-2">
        {lists.lowTotal > 0 && (
          <section aria-labelledby="stock-low-heading" className="min-w-0 space-y-1">
            <h3 id="stock-low-heading" className="font-bold">
              {plural(locale, t.stockLow, lists.lowTotal)}
            </h3>
            <ul>
              {lists.low.slice(0, SHOWN).map((l) => (
                <li key={`${l.location}|${l.sku}`}>
                  <a className={linkClass} href={stockLink(locale, { location: l.location, q: l.sku, low: true })}>
                    {fill(t.stockLowItem, { name: l.name, place: place(l.location), available: count(l.available), lowAt: count(l.lowAt) })}
                  </a>
                </li>
              ))}
            </ul>
            {lists.lowTotal > SHOWN && (
              <a className={linkClass} href={stockLink(locale, { low: true })}>
                {t.stockSeeAll}
              </a>
            )}
          </section>
        )}
        {lists.agedTotal > 0 && (
          <section aria-labelledby="stock-aged-heading" className="min-w-0 space-y-1">
            <h3 id="stock-aged-heading" className="font-bold">
              {plural(locale, t.stockAged, lists.agedTotal)}
            </h3>
            <ul>
              {lists.aged.slice(0, SHOWN).map((a) => (
                <li key={`${a.location}|${a.sku}|${a.dot}`}>
                  <a className={linkClass} href={stockLink(locale, { location: a.location, q: a.sku, aged: true })}>
                    {fill(t.stockAgedItem, { name: a.name, place: place(a.location), onHand: count(a.onHand), made: batchWords(locale, a.dot) })}
                  </a>
                </li>
              ))}
            </ul>
            {lists.agedTotal > SHOWN && (
              <a className={linkClass} href={stockLink(locale, { aged: true })}>
                {t.stockSeeAll}
              </a>
            )}
          </section>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="stock-attention-heading" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="stock-attention-heading" className="text-xl font-bold">
        {t.stockAttention}
      </h2>
      {body()}
    </section>
  );
}
