import type { APIRoute } from 'astro';
import type { Locale } from '../../../contract/rules/language.ts';
import { localePaths } from '../../i18n/paths.ts';
import { buildSearchIndex } from '../../lib/search/build-index.ts';
import { products } from '../../lib/site-content.ts';

/** /pc/search-index.json, /pc/zh-cn/search-index.json, /pc/ms/search-index.json: fetched when a search opens. */
export function getStaticPaths() {
  return localePaths();
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(buildSearchIndex(products, (props as { locale: Locale }).locale)), {
    headers: { 'Content-Type': 'application/json' },
  });
