import { describe, expect, test } from 'vitest';
import type { Locale } from '../../contract/rules/language.ts';
import { en as messagesEn } from '../../contract/rules/messages/en.ts';
import { ms as messagesMs } from '../../contract/rules/messages/ms.ts';
import { zhCn as messagesZh } from '../../contract/rules/messages/zh-cn.ts';
import { orderAddLabels } from '../../contract/order-fields.ts';
import { en } from '../../src/i18n/en.ts';
import { glossary as glossaryEn } from '../../src/i18n/glossary/en.ts';
import { glossary as glossaryMs } from '../../src/i18n/glossary/ms.ts';
import type { Glossary } from '../../src/i18n/glossary/term.ts';
import { glossary as glossaryZh } from '../../src/i18n/glossary/zh-cn.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';

// One word for one thing, in each language: the page's texts, the API's messages (its SMS
// included) and the names of the order's fields use the glossary's word, never a variant.

/** Every text of a dictionary, with where it is. */
function texts(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => texts(v, at ? `${at}.${key}` : key));
  return [];
}

const fieldNames = (locale: Locale) => Object.fromEntries(Object.entries(orderAddLabels).map(([field, names]) => [field, names[locale]]));

const languages: { locale: Locale; glossary: Glossary; sources: Record<string, unknown> }[] = [
  { locale: 'en', glossary: glossaryEn, sources: { 'src/i18n/en.ts': en, 'contract/rules/messages/en.ts': messagesEn, 'contract/order-fields.ts': fieldNames('en') } },
  { locale: 'zh-cn', glossary: glossaryZh, sources: { 'src/i18n/zh-cn.ts': zhCn, 'contract/rules/messages/zh-cn.ts': messagesZh, 'contract/order-fields.ts': fieldNames('zh-cn') } },
  { locale: 'ms', glossary: glossaryMs, sources: { 'src/i18n/ms.ts': ms, 'contract/rules/messages/ms.ts': messagesMs, 'contract/order-fields.ts': fieldNames('ms') } },
];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Latin words match whole and in any case ("tire" is not "entire"); Chinese words anywhere. */
const finder = (word: string) => (/^[\x20-\x7e]+$/.test(word) ? new RegExp(`(?<![\\p{L}-])${escape(word)}(?![\\p{L}-])`, 'iu') : new RegExp(escape(word), 'u'));

for (const { locale, glossary, sources } of languages) {
  const all = Object.entries(sources).flatMap(([file, dictionary]) => texts(dictionary).map((t) => ({ ...t, at: `${file} ${t.at}` })));

  describe(`${locale}: the glossary's words`, () => {
    test.each(Object.entries(glossary))('%s: never a variant', (_, term) => {
      const found = term.avoid.flatMap((variant) => all.filter((t) => finder(variant).test(t.text)).map((t) => `${t.at}: “${t.text}” says “${variant}”; use “${term.use}”`));
      expect(found).toEqual([]);
    });

    test.each(Object.entries(glossary))('%s: the word chosen is the word used', (_, term) => {
      expect(all.some((t) => finder(term.use).test(t.text))).toBe(true);
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
