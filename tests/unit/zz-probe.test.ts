import MiniSearch from 'minisearch';
import { test } from 'vitest';
import { buildSearchIndex } from '../../src/lib/search/build-index.ts';
import { indexOptions, searchOptions, queryFor, type SearchDocument } from '../../src/lib/search/engine.ts';
import { products } from '../../src/lib/site-content.ts';
test('probe', () => {
  for (const [loc, q] of [['ms','minyak hitam'],['ms','pengelap']] as const) {
    const idx = MiniSearch.loadJSON<SearchDocument>(JSON.stringify(buildSearchIndex(products, loc)), indexOptions);
    const f = idx.search(queryFor(q)!, searchOptions);
    for (const h of f.slice(0, 12)) console.log(loc, q, h.id, h.score.toFixed(2), JSON.stringify(h.match));
  }
});
