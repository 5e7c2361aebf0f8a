import type { ProductCard } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

interface Props {
  card: ProductCard;
  locale: Locale;
  /** The chosen car as the page names it, or null. */
  carName: string | null;
  /** Whether the chosen car's variant is known: only then can a card say it fits. */
  variantKnown: boolean;
  /** The list's first card: on a phone its picture is the largest thing on the first screen, so it loads at once. */
  first?: boolean;
  /** Show the card's tyre size even with no car chosen (a search named the size). */
  sizeAsked?: boolean;
  /** The category's name, where the list mixes categories (search results). */
  categoryName?: string;
}

/** One product in a list: what it is, its fitted price and saving, and whether it fits the car. */
export function ProductCardView({ card, locale, carName, variantKnown, first = false, sizeAsked = false, categoryName }: Props) {
  const t = dictionary(locale).catalog;
  const link = href(locale, `products/${card.categorySlug}/${card.id}`);
  const price = formatRM(card.price.totalSen, locale);
  // The unit says what one price buys; "fitted" only where a workshop fits it.
  const unit = card.price.labourSen > 0 ? fill(t.unitFitted, { unit: card.unit }) : card.unit;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <img src={card.image} alt={card.imageAlt} width={400} height={300} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} decoding="async" className="aspect-[4/3] w-full bg-slate-100 object-contain" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-sm text-slate-600">{categoryName ? `${categoryName} · ${card.brand}` : card.brand}</p>
        <h3 className="font-bold">
          <a href={link} className="hover:underline">
            {card.name}
          </a>
        </h3>
        <p className="text-sm text-slate-700">{card.summary}</p>
        {(variantKnown || sizeAsked) && card.tyreSize && (
          <p className="text-sm font-semibold text-brand-900">
            {card.tyreSizes.length > 1 ? fill(t.tyreSizes, { sizes: card.tyreSizes.join(' / ') }) : fill(t.tyreSize, { size: card.tyreSize })}
          </p>
        )}
        <p className="mt-auto pt-2">
          <span className="text-lg font-extrabold text-brand-900">{card.fromPrice ? fill(t.fromPrice, { price }) : price}</span>{' '}
          <span className="text-sm text-slate-600">{unit}</span>
        </p>
        {/* The walk-in price only beside a price it can be compared with: the API claims no saving for a "from" price. */}
        {card.savingPercent > 0 && (
          <p className="text-sm">
            <s className="text-slate-600">{fill(t.listPrice, { price: formatRM(card.listPriceSen, locale) })}</s>{' '}
            <strong className="text-green-800">{fill(t.save, { percent: card.savingPercent })}</strong>
          </p>
        )}
        <FitLine card={card} locale={locale} carName={carName} variantKnown={variantKnown} />
      </div>
    </article>
  );
}

function FitLine({ card, locale, carName, variantKnown }: Props) {
  const t = dictionary(locale).catalog;
  if (card.fit.status === 'noFit') {
    return (
      <p className="text-sm text-red-800">
        <strong>{t.noFit}.</strong> {card.fit.reason}
      </p>
    );
  }
  if (variantKnown && carName && card.fit.status === 'fits') return <p className="text-sm font-semibold text-green-800">✓ {fill(t.fits, { car: carName })}</p>;
  // Fits every car: true whatever the variant.
  if (card.fit.status === 'fits') return <p className="text-sm text-green-800">✓ {t.fitsEveryCar}</p>;
  return <p className="text-sm text-slate-600">{carName ? t.chooseVariant : t.unknownFit}</p>;
}
