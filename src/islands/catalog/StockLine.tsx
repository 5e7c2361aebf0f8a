import { useEffect, useState } from 'react';
import type { LineOptions } from '../../../contract/line.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { clientStore, productStock } from '../../lib/endpoints.ts';
import { availabilityOf, availabilityWords, stockAsks, type Availability } from '../../lib/stock-words.ts';

interface Props {
  locale: Locale;
  productId: string;
  kind: 'tyre' | 'wiper' | 'other';
  options: LineOptions | undefined;
  quantity: number;
  /** The chosen workshop ("" or null when none is); a workshop that does not fit the product counts as none. */
  storeId: string | null;
  /** A parcel is sent from the warehouse: its count is what matters. */
  place?: 'store' | 'parcel';
  /** Changed to read the stock again (after an order was refused for it). */
  refresh?: number;
}

const tone: Record<Availability['kind'], string> = {
  store: 'text-green-800',
  warehouse: 'text-amber-900',
  noStore: 'text-slate-700',
  parcel: 'text-green-800',
  out: 'font-semibold text-red-800',
};

/**
 * A stocked line's availability (docs/guide.md, "Stock"): at the chosen workshop with the date
 * codes that would be held, from the warehouse from a date, or out of stock. Says nothing while
 * the size or lengths are unchosen, or when the stock cannot be read: a price and an Order button
 * never wait on it.
 */
export function StockLine({ locale, productId, kind, options, quantity, storeId, place = 'store', refresh = 0 }: Props) {
  const words = dictionary(locale).availability;
  const [shown, setShown] = useState<{ availability: Availability; workshop: string } | null>(null);
  const asks = stockAsks(kind, options, quantity);
  const asksKey = asks ? JSON.stringify(asks) : '';
  const store = place === 'store' ? storeId || '' : '';

  useEffect(() => {
    setShown(null);
    if (!asksKey) return;
    let live = true;
    const wanted = JSON.parse(asksKey) as NonNullable<typeof asks>;
    (async () => {
      // The workshop's name, and whether it fits this product at all.
      const workshop = store ? (await callApi(clientStore, { productId }, { quiet: true })).find((w) => w.id === store) : undefined;
      const answers = await Promise.all(
        wanted.map(async ({ per, ...ask }) => ({
          ask: { ...ask, per },
          answer: await callApi(productStock, { productId, ...ask, ...(workshop ? { storeId: workshop.id } : {}) }, { quiet: true }),
        })),
      );
      if (live) setShown({ availability: availabilityOf(answers, place), workshop: workshop?.name ?? '' });
    })().catch(() => {
      /* No stock line rather than an error: the order is checked again when placed. */
    });
    return () => {
      live = false;
    };
  }, [productId, asksKey, store, place, refresh]);

  if (!shown) return null;
  return (
    <p className={`text-sm ${tone[shown.availability.kind]}`} data-stock={shown.availability.kind}>
      {availabilityWords(shown.availability, words, locale, shown.workshop)}
    </p>
  );
}
