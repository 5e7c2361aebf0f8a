/** One language's search index, built from the catalogue with the site (see pages/[...lang]/search-index.json.ts). */
import MiniSearch from 'minisearch';
import type { Locale } from '../../../contract/rules/language.ts';
import type { ProductSource } from '../site-content.ts';
import { searchDocuments } from './documents.ts';
import { indexOptions, type SearchDocument } from './engine.ts';

export function buildSearchIndex(products: ProductSource[], locale: Locale): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(indexOptions);
  index.addAll(searchDocuments(products, locale));
  return index;
}
