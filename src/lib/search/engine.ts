/**
 * How the shop's search index is laid out and asked, shared by the build (which writes one index
 * per language) and the browser (which loads it): the same fields, the same terms, the same query.
 * Ranking is MiniSearch's own (BM25 with field boosts): what a product is called (its name,
 * brand, category and words) outranks a mention in its description.
 */
import type MiniSearch from 'minisearch';
import type { Options, Query, SearchOptions } from 'minisearch';
import type { ProductCard } from '../../../contract/catalog.ts';
import { isChinese, isCode, searchTerms, tyreSizesIn } from './terms.ts';

/** One product as the index holds it, in one language. */
export interface SearchDocument {
  id: string;
  /** The product id, searchable (`tyre-michelin-primacy-4-st`). */
  ref: string;
  name: string;
  brand: string;
  category: string;
  /** What customers call it that its texts may not say: the brand's other names, and the product's words (content/dictionaries/search-words.json). */
  words: string;
  summary: string;
  description: string;
  /** Tyre sizes, oil grades, wiper lengths and pad codes the product is made in or takes. */
  codes: string;
  /** Its name, category and words in the other two languages, so an English word finds it on any page. */
  also: string;
  /** The card as a list shows it with no car chosen. */
  card: ProductCard;
  /** Tyres: each size with its parts price in sen. */
  sizes?: Record<string, number>;
}

export type StoredFields = Pick<SearchDocument, 'card' | 'sizes'>;

export const indexOptions: Options<SearchDocument> = {
  fields: ['ref', 'name', 'brand', 'category', 'words', 'summary', 'description', 'codes', 'also'],
  storeFields: ['card', 'sizes'],
  tokenize: (text) => searchTerms(text),
  processTerm: (term) => term,
};

/** Words may be typed in part; codes and Chinese pairs must be exact. */
export const searchOptions: SearchOptions = {
  prefix: (term) => !isCode(term) && term.length >= 3,
  fuzzy: false,
  // Terms arrive already normalised by `searchTerms`.
  tokenize: (text) => text.split(' ').filter(Boolean),
  processTerm: (term) => term,
  boost: { ref: 3, name: 3, brand: 3, words: 3, codes: 3, category: 2, also: 1, summary: 1, description: 0.5 },
};

/**
 * Read with a small typo too, only when the words as typed find nothing: otherwise a word
 * would also bring every product that has a word one or two letters from it (`pengelap`,
 * wipers, would bring the oils whose texts say `pengeluar`).
 */
export const typoOptions: SearchOptions = {
  ...searchOptions,
  fuzzy: (term) => (!isCode(term) && !isChinese(term) && term.length >= 4 ? 0.2 : false),
};

/**
 * The query for a customer's text: every term must match (codes exactly, words as typed, in
 * part or with a typo); `loose` keeps the codes required and lets any one word do, for when
 * the strict query finds nothing. Null for a text with no terms.
 */
export function queryFor(text: string, loose = false): Query | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const codes = terms.filter(isCode);
  const words = terms.filter((t) => !isCode(t));
  if (!loose || words.length === 0) return { queries: terms, combineWith: 'AND' };
  const anyWord: Query = { queries: words, combineWith: 'OR' };
  return codes.length ? { queries: [...codes, anyWord], combineWith: 'AND' } : anyWord;
}

/** Whether a loose query would differ from the strict one. */
export function canLoosen(text: string): boolean {
  return searchTerms(text).filter((t) => !isCode(t)).length > 1;
}

/** One product found, with the tyre size the query named when this product is made in it. */
export interface Found {
  id: string;
  card: ProductCard;
  sizes?: Record<string, number>;
  /** The size asked for (`185/55R15`) when the query named one this tyre is made in. */
  size: string | null;
}

/**
 * What an index answers for a customer's text, best first, each product once: the strict
 * query as typed, else read with typos; else the loose one, as typed, else with typos.
 */
export function findProducts(index: MiniSearch<SearchDocument>, text: string): Found[] {
  const strict = queryFor(text);
  if (!strict) return [];
  const tries: [Query, SearchOptions][] = [
    [strict, searchOptions],
    [strict, typoOptions],
  ];
  if (canLoosen(text)) tries.push([queryFor(text, true)!, searchOptions], [queryFor(text, true)!, typoOptions]);
  let hits: ReturnType<typeof index.search> = [];
  for (const [query, options] of tries) {
    hits = index.search(query, options);
    if (hits.length) break;
  }
  const asked = tyreSizesIn(text);
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const hit of hits) {
    const id = String(hit.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const { card, sizes } = hit as unknown as StoredFields;
    const size = asked.find((s) => sizes !== undefined && Object.hasOwn(sizes, s)) ?? null;
    found.push({ id, card, ...(sizes ? { sizes } : {}), size });
  }
  return found;
}
