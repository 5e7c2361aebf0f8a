import type MiniSearch from 'minisearch';
import type { Locale } from '../../../contract/rules/language.ts';
import { href } from '../../i18n/index.ts';
import { indexOptions, type SearchDocument } from '../../lib/search/engine.ts';

let loading: Promise<MiniSearch<SearchDocument>> | undefined;

/** The search library and this language's index, fetched the first time a search needs them. */
export function loadSearchIndex(locale: Locale): Promise<MiniSearch<SearchDocument>> {
  loading ??= Promise.all([
    import('minisearch'),
    fetch(href(locale, 'search-index.json')).then((r) => {
      if (!r.ok) throw new Error(`search index: HTTP ${r.status}`);
      return r.text();
    }),
  ]).then(([{ default: MiniSearchClass }, json]) => MiniSearchClass.loadJSON<SearchDocument>(json, indexOptions));
  // A failed load may be tried again.
  loading.catch(() => (loading = undefined));
  return loading;
}
