import MiniSearch from 'minisearch';
import type { Locale } from '../../../contract/rules/language.ts';
import { href } from '../../i18n/index.ts';
import { indexOptions, type SearchDocument } from '../../lib/search/engine.ts';

let loading: Promise<MiniSearch<SearchDocument>> | undefined;

/**
 * This language's index, fetched the first time a search needs it. The library comes with the
 * search page's island, the only one that imports it, so no other page loads it (and a static
 * import keeps the bundler's preload helper out of the chunk every page shares).
 */
export function loadSearchIndex(locale: Locale): Promise<MiniSearch<SearchDocument>> {
  loading ??= fetch(href(locale, 'search-index.json'))
    .then((r) => {
      if (!r.ok) throw new Error(`search index: HTTP ${r.status}`);
      return r.text();
    })
    .then((json) => MiniSearch.loadJSON<SearchDocument>(json, indexOptions));
  // A failed load may be tried again.
  loading.catch(() => (loading = undefined));
  return loading;
}
