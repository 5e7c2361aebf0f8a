import type { ProductCard } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

/** One product in a list: what it is, its fitted price and saving, and whether it fits the car. */
export function ProductCardView({ card, locale, carName, priced }: { card: ProductCard; locale: Locale; carName: string | null; priced: boolean }) {
  const t = dictionary(locale).catalog;
  const link = href(locale, `products/${card.categorySlug}/${card.id}`);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <img src={card.image} alt={card.imageAlt} width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full bg-slate-100 object-contain" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-sm text-slate-600">{card.brand}</p>
        <h3 className="font-bold">
          <a href={link} className="hover:underline">
            {card.name}
          </a>
        </h3>
        <p className="text-sm text-slate-700">{card.summary}</p>
        <p className="mt-auto pt-2">
          <span className="text-lg font-extrabold text-brand-900">
            {priced ? formatRM(card.price.totalSen) : fill(t.fromPrice, { price: formatRM(card.price.totalSen) })}
          </span>{' '}
          <span className="text-sm text-slate-600">
            {card.unit}, {t.fitted}
          </span>
        </p>
        <p className="text-sm">
          <s className="text-slate-600">{fill(t.listPrice, { price: formatRM(card.listPriceSen) })}</s>{' '}
          {card.savingPercent > 0 && <strong className="text-green-800">{fill(t.save, { percent: card.savingPercent })}</strong>}
        </p>
        {card.fit.status === 'fits' && carName && <p className="text-sm font-semibold text-green-800">✓ {fill(t.fits, { car: carName })}</p>}
        {card.fit.status === 'noFit' && (
          <p className="text-sm text-red-800">
            <strong>{t.noFit}.</strong> {card.fit.reason}
          </p>
        )}
        {card.fit.status === 'unknown' && !carName && <p className="text-sm text-slate-600">{t.unknownFit}</p>}
      </div>
    </article>
  );
}
