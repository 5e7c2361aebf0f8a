/** The search index's documents: the products of content/catalog, as the category pages list them. */
import { locales, type Locale } from '../../../contract/rules/language.ts';
import { withOil } from '../../../contract/rules/package-oil.ts';
import { dictionary } from '../../i18n/index.ts';
import { staticCard, type ProductSource } from '../site-content.ts';
import type { SearchDocument } from './engine.ts';
import { wordsOf } from './words.ts';

const categoryName = (className: string, locale: Locale): string =>
  (dictionary(locale).categories as Record<string, string>)[className] ?? className;

/** What a product is made in or takes, written as the catalogue writes it. */
function codesOf(p: ProductSource): string {
  const { fit } = p;
  return [
    ...Object.keys(fit.sizes ?? {}),
    ...(fit.grades ?? []),
    ...(fit.lengths ?? []).map((inch) => `${inch}"`),
    ...Object.keys(fit.codes ?? {}),
  ].join(' ');
}

export function searchDocuments(products: ProductSource[], locale: Locale): SearchDocument[] {
  const others = locales.filter((l) => l !== locale);
  // A service names its oil as {oil}: the index reads the standard oil's name there, as the page does.
  const oilName = (p: ProductSource): string => products.find((o) => o.id === p.includesOil)?.name[locale] ?? '';
  return products.map((p) => {
    const words = wordsOf(p, locale);
    return {
      id: p.id,
      ref: p.id,
      name: p.name[locale],
      brand: p.brand,
      category: categoryName(p.category, locale),
      words: words.own,
      summary: p.summary[locale],
      description: withOil(p.description[locale], oilName(p)),
      codes: codesOf(p),
      also: [...others.map((l) => `${p.name[l]} ${categoryName(p.category, l)}`), words.others].join(' '),
      card: staticCard(p, locale),
      ...(p.fit.sizes ? { sizes: p.fit.sizes } : {}),
    };
  });
}
