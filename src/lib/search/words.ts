/**
 * The words customers search with that the catalogue's texts do not hold, from
 * content/dictionaries/search-words.json: each brand's other names (米其林 for Michelin) and each
 * kind of product's words in the three languages (`minyak hitam` for engine oil, `pengelap` for
 * wipers). Content, checked here as the site builds (the file and the entry are named).
 */
import { locales, type Locale } from '../../../contract/rules/language.ts';
import wordsFile from '../../../content/dictionaries/search-words.json';

const FILE = 'content/dictionaries/search-words.json';

type Words = Partial<Record<Locale, string[]>>;

/** Words for the products whose ids are listed: an id, or the start of ids ending in `*` (`tyre-*`). */
interface ProductWords extends Words {
  ids: string[];
}

export interface SearchWords {
  /** By brand as the catalogue writes it: its other names, found on every language's page. */
  brands: Record<string, Words>;
  products: ProductWords[];
}

const isWords = (v: unknown): v is string[] => Array.isArray(v) && v.every((w) => typeof w === 'string' && w.trim() !== '');

/** The file's shape, or an error naming the file and the entry. */
export function checkSearchWords(file: unknown): SearchWords {
  const f = file as Partial<SearchWords>;
  if (!f || typeof f.brands !== 'object' || !Array.isArray(f.products)) throw new Error(`${FILE}: needs "brands" and "products"`);
  for (const [brand, words] of Object.entries(f.brands)) {
    for (const [key, list] of Object.entries(words ?? {})) {
      if (!(locales as readonly string[]).includes(key) || !isWords(list)) throw new Error(`${FILE}: brands.${brand}.${key} must be a language (${locales.join(', ')}) with a list of words`);
    }
  }
  f.products.forEach((entry, i) => {
    if (!isWords(entry.ids) || entry.ids.length === 0) throw new Error(`${FILE}: products.${i}.ids must list product ids`);
    for (const locale of locales) {
      if (!isWords(entry[locale] ?? [])) throw new Error(`${FILE}: products.${i}.${locale} must be a list of words`);
    }
  });
  return f as SearchWords;
}

export const searchWords = checkSearchWords(wordsFile);

/** Whether `id` is one of `ids` (an id, or the start of ids written `tyre-*`). */
export const listed = (ids: readonly string[], id: string): boolean => ids.some((pattern) => (pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern));

/**
 * A product's words for one language's index: `own` in the page's language (with the brand's
 * other names, which are names in any language), `others` in the other two.
 */
export function wordsOf(product: { id: string; brand: string }, locale: Locale, words: SearchWords = searchWords): { own: string; others: string } {
  const entries = words.products.filter((e) => listed(e.ids, product.id));
  const brand = Object.values(words.brands[product.brand] ?? {}).flat();
  const inLanguage = (l: Locale) => entries.flatMap((e) => e[l] ?? []);
  return {
    own: [...brand, ...inLanguage(locale)].join(' '),
    others: locales
      .filter((l) => l !== locale)
      .flatMap(inLanguage)
      .join(' '),
  };
}
