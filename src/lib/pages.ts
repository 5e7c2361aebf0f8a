import { getEntry } from 'astro:content';
import type { Locale } from '../../contract/rules/language.ts';

export { policies, type Policy } from '../../contract/rules/policies.ts';

/** A content page in `locale`; a missing translation is a build error, not a silent English page. */
export async function pageEntry(path: string, locale: Locale) {
  const entry = await getEntry('pages', `${path}/${locale}`);
  if (!entry) throw new Error(`content/pages/${path}/${locale}.md is missing`);
  return entry;
}
