import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { frontMatter } from '../../contract/rules/content-checks.ts';
import { locales, type Locale } from '../../contract/rules/language.ts';
import { en } from '../../src/i18n/en.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';

/**
 * The FAQ and the policies name the site's buttons, tabs and states in the site's own words.
 * Each one is bold and cites its dictionary key right after it:
 * `**Request a refund**<!--ui:myOrders.refund-->` (the comment shows nowhere). A button renamed
 * in src/i18n without the pages, a key that is gone, or a button named without its key
 * ("tap **Refund**") fails here.
 */

const dictionaries: Record<Locale, unknown> = { en, 'zh-cn': zhCn, ms };

function lookup(locale: Locale, key: string): string | undefined {
  let value: unknown = dictionaries[locale];
  for (const part of key.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Every text of a dictionary. */
const allWords = (value: unknown): string[] => (typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(allWords) : []);

/** A state or a page named mid-sentence starts lower-case ("in **pending payment**"); nothing else may differ. */
const same = (a: string, b: string) => a === b || a.charAt(0).toLowerCase() + a.slice(1) === b.charAt(0).toLowerCase() + b.slice(1);

const pagesDir = path.resolve('content/pages');
const pages = locales.flatMap((locale) =>
  readdirSync(path.join(pagesDir, locale))
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ locale, file: `content/pages/${locale}/${f}`, body: frontMatter(readFileSync(path.join(pagesDir, locale, f), 'utf8')).body })),
);

const CITED = /\*\*([^*\n]+?)\*\*<!--\s*ui:([\w.-]+)\s*-->/g;
/** Bold words with no key after them. */
const BOLD = /\*\*([^*\n]+?)\*\*(?!<!--\s*ui:)/g;
/** The words that lead to a button or a page: a bold phrase after one of them is a button's or a page's name. */
const leadsTo: Record<Locale, RegExp> = {
  en: /\b(tap|click|press|choose|select|open|with|in|from|via)\s+(the\s+)?$/i,
  'zh-cn': /(点击|点按|按|选择|打开|进入|在|通过)$/,
  ms: /\b(tekan|klik|ketik|pilih|buka|melalui|dalam|daripada|di)\s+$/i,
};

describe('the pages name buttons, tabs and states in the dictionaries’ words', () => {
  test.each(pages)('$file: every cited button reads as the dictionary says', ({ locale, body }) => {
    const wrong = [...body.matchAll(CITED)].flatMap(([, words = '', key = '']) => {
      const current = lookup(locale, key);
      if (current === undefined) return [`“${words}” cites ${key}, which src/i18n/${locale}.ts does not have`];
      return same(words, current) ? [] : [`“${words}” cites ${key}, which now reads “${current}”`];
    });
    expect(wrong).toEqual([]);
  });

  test.each(pages)('$file: a button, tab or state named in bold cites its key', ({ locale, body }) => {
    const known = allWords(dictionaries[locale]);
    const uncited = [...body.matchAll(BOLD)].flatMap((m) => {
      const words = m[1] ?? '';
      const before = body.slice(Math.max(0, (m.index ?? 0) - 30), m.index);
      const after = body.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 1);
      // A list item's or a paragraph's own label ("**Self pickup:**", "- **Partner workshops** (…)") is no button.
      if (/[:：]$/.test(words) || /^[:：]/.test(after) || /\{\{/.test(words) || /(^|\n)\s*([-*+]|\d+[.)])?\s*$/.test(before)) return [];
      if (leadsTo[locale].test(before) || known.some((k) => same(words, k))) return [`“${words}” (after “${before.trim().slice(-12)}”)`];
      return [];
    });
    expect(uncited).toEqual([]);
  });
});

describe('the FAQ leads to the buttons the order page has', () => {
  const faqs = pages.filter((p) => p.file.endsWith('/faq.md'));

  test.each(faqs)('$file: a warranty claim is made from the order in My Orders, not by phone or e-mail', ({ body }) => {
    const text = body.split(/^## /m).find((answer) => /<!--\s*ui:warranty\.claim\s*-->/.test(answer)) ?? '';
    expect(text).not.toBe('');
    expect(text).toMatch(/<!--\s*ui:nav\.myOrders\s*-->/);
    expect(text).not.toContain('{{email}}');
    // The phone stays for what cannot wait: a fault that makes the car unsafe.
    expect(text).toContain('{{phone}}');
  });

  test.each(faqs)('$file: a refund is asked for with the button that says so', ({ body }) => {
    expect(body).toMatch(/<!--\s*ui:myOrders\.refund\s*-->/);
  });
});
