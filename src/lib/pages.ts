import { getEntry } from 'astro:content';
import type { Locale } from '../../contract/rules/language.ts';

/** A page's entry id in the collection, its file under content/pages without ".md": "ms/faq". */
export const pageId = (page: string, locale: Locale) => `${locale}/${page}`;

export { policies, type Policy } from '../../contract/rules/policies.ts';

/**
 * A content page in `locale` (content/pages/<locale>/<page>.md); a missing translation is a
 * build error, not a silent English page.
 */
export async function pageEntry(page: string, locale: Locale) {
  const entry = await getEntry('pages', pageId(page, locale));
  if (!entry) throw new Error(`content/pages/${pageId(page, locale)}.md is missing`);
  return entry;
}
