import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../contract/rules/language.ts';
import { en as messagesEn } from '../../contract/rules/messages/en.ts';
import { ms as messagesMs } from '../../contract/rules/messages/ms.ts';
import { zhCn as messagesZh } from '../../contract/rules/messages/zh-cn.ts';
import { orderAddLabels } from '../../contract/order-fields.ts';
import { en } from '../../src/i18n/en.ts';
import { glossary as glossaryEn, style as styleEn } from '../../src/i18n/glossary/en.ts';
import { glossary as glossaryMs, style as styleMs } from '../../src/i18n/glossary/ms.ts';
import type { Glossary, Style } from '../../src/i18n/glossary/term.ts';
import { glossary as glossaryZh, style as styleZh } from '../../src/i18n/glossary/zh-cn.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';

// One word for one thing, in each language: the page's texts, the API's messages (its SMS
// included), the names of the order's fields and the content (FAQ, policies, products, banners,
// coupons) use the glossary's word, never a variant, and write as the language's style says.
// content/dictionaries/search-words.json alone holds the variants: customers type them.

/** Every text of a dictionary, with where it is. */
function texts(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => texts(v, at ? `${at}.${key}` : key));
  return [];
}

const fieldNames = (locale: Locale) => Object.fromEntries(Object.entries(orderAddLabels).map(([field, names]) => [field, names[locale]]));

/** A language's texts in content/: the pages (without the keys they cite or the addresses they link to) and every JSON text. */
function contentTexts(locale: Locale): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const pages = path.resolve('content/pages', locale);
  // One text a paragraph, so that a problem names where it is.
  for (const file of readdirSync(pages)) found[`content/pages/${locale}/${file}`] = readFileSync(path.join(pages, file), 'utf8').replace(/<!--[^>]*-->/g, '').replace(/\]\([^)]*\)/g, ']').split(/\n\s*\n/);
  const inJson = (value: unknown): unknown[] =>
    Array.isArray(value) ? value.flatMap(inJson) : value && typeof value === 'object' ? (locale in value ? [(value as Record<string, unknown>)[locale]] : Object.values(value).flatMap(inJson)) : [];
  for (const file of readdirSync('content', { recursive: true }).map(String)) {
    if (!file.endsWith('.json') || file.endsWith('search-words.json')) continue;
    const texts = inJson(JSON.parse(readFileSync(path.join('content', file), 'utf8')));
    if (texts.length) found[`content/${file}`] = texts;
  }
  return found;
}

const languages: { locale: Locale; glossary: Glossary; style: readonly Style[]; sources: Record<string, unknown> }[] = [
  { locale: 'en', glossary: glossaryEn, style: styleEn, sources: { 'src/i18n/en.ts': en, 'contract/rules/messages/en.ts': messagesEn, 'contract/order-fields.ts': fieldNames('en'), ...contentTexts('en') } },
  { locale: 'zh-cn', glossary: glossaryZh, style: styleZh, sources: { 'src/i18n/zh-cn.ts': zhCn, 'contract/rules/messages/zh-cn.ts': messagesZh, 'contract/order-fields.ts': fieldNames('zh-cn'), ...contentTexts('zh-cn') } },
  { locale: 'ms', glossary: glossaryMs, style: styleMs, sources: { 'src/i18n/ms.ts': ms, 'contract/rules/messages/ms.ts': messagesMs, 'contract/order-fields.ts': fieldNames('ms'), ...contentTexts('ms') } },
];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Latin words match whole and in any case ("tire" is not "entire"); Chinese words anywhere. */
const finder = (word: string) => (/^[\x20-\x7e]+$/.test(word) ? new RegExp(`(?<![\\p{L}-])${escape(word)}(?![\\p{L}-])`, 'iu') : new RegExp(escape(word), 'u'));

for (const { locale, glossary, style, sources } of languages) {
  const all = Object.entries(sources).flatMap(([file, dictionary]) => texts(dictionary).map((t) => ({ ...t, at: `${file} ${t.at}` })));

  describe(`${locale}: the glossary's words`, () => {
    test.each(Object.entries(glossary))('%s: never a variant', (_, term) => {
      const found = term.avoid.flatMap((variant) => all.filter((t) => finder(variant).test(t.text)).map((t) => `${t.at}: “${t.text}” says “${variant}”; use “${term.use}”`));
      expect(found).toEqual([]);
    });

    test.each(Object.entries(glossary))('%s: the word chosen is the word used', (_, term) => {
      expect(all.some((t) => finder(term.use).test(t.text))).toBe(true);
    });

    test.each(style.map((s) => [s.means, s] as const))('style: %s', (_, rule) => {
      const found = all.flatMap((t) => {
        if (rule.skip?.test(t.at)) return [];
        const m = rule.avoid.exec(t.text);
        return m ? [`${t.at}: “…${t.text.slice(Math.max(0, m.index - 20), m.index + m[0].length + 20)}…” has “${m[0]}”; write it as “${rule.use}”`] : [];
      });
      expect(found).toEqual([]);
    });
  });
}

test('Malay: a shipped order reads as posted, not as delivered', () => {
  const shipped = texts(ms).filter((t) => t.at.endsWith('.SHIPPED'));
  expect(shipped.length).toBeGreaterThan(0);
  for (const t of shipped) expect(t.text).toBe('Telah dipos');
});

test('each language has the same terms', () => {
  expect(Object.keys(glossaryZh).every((k) => k in glossaryEn)).toBe(true);
  expect(Object.keys(glossaryMs).every((k) => k in glossaryEn)).toBe(true);
});

test('Malay: the footer’s Call button is "Hubungi", its label "Telefon"', () => {
  expect(ms.footer.phone).toBe('Telefon');
  expect(ms.footer.call).toBe('Hubungi');
  expect(ms.stores.call.startsWith(ms.footer.call)).toBe(true);
});

test('the content is read: its pages and products in each language', () => {
  for (const { locale } of languages) {
    const files = Object.keys(contentTexts(locale));
    expect(files).toContain(`content/pages/${locale}/faq.md`);
    expect(files.some((f) => f.startsWith('content/catalog/'))).toBe(true);
  }
});

test('no island or page writes an ASCII colon after a dictionary text (“您的爱车:”): labelled() writes the language’s colon', () => {
  const found: string[] = [];
  for (const dir of ['src/islands', 'src/components', 'src/pages', 'src/layouts']) {
    for (const file of readdirSync(dir, { recursive: true }).map(String)) {
      if (!/\.(tsx|astro)$/.test(file)) continue;
      const code = readFileSync(path.join(dir, file), 'utf8');
      for (const m of code.matchAll(/(\{|\$\{)(t|d|dict|texts|words)(\.[\w[\]'"-]+)+\}:/g)) found.push(`${dir}/${file}: ${m[0]}`);
    }
  }
  expect(found).toEqual([]);
});
