import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../../contract/rules/language.ts';
import { AtomeLine, AtomeWords } from '../../../src/islands/payment/AtomeLine.tsx';
import { ATOME_MIN_KEY, atomeMinimum } from '../../../src/stores/pay-later.ts';

/** The line as a customer reads it: its sentences, one per line. */
function line(totalSen: number, min: number | null, locale: Locale = 'en'): string[] {
  const html = renderToStaticMarkup(createElement(AtomeWords, { locale, totalSen, min }));
  return [...html.matchAll(/<span[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]!);
}

describe('the Atome line under a price', () => {
  test('says the first of three payments, in the three languages', () => {
    expect(line(97_320, 1000)).toEqual(['or 3 payments of RM 324.40 with Atome']);
    expect(line(97_320, 1000, 'zh-cn')).toEqual(['或使用 Atome 分 3 期付款，每期 RM 324.40']);
    expect(line(97_320, 1000, 'ms')).toEqual(['atau 3 bayaran sebanyak RM 324.40 dengan Atome']);
  });

  test('says the last payment too when it takes a remainder', () => {
    expect(line(97_321, 1000)).toEqual(['or 3 payments of RM 324.40 with Atome', 'last payment RM 324.41']);
    expect(line(97_322, 1000, 'zh-cn')).toEqual(['或使用 Atome 分 3 期付款，每期 RM 324.40', '最后一期 RM 324.42']);
    expect(line(1_234_501, 1000, 'ms')).toEqual(['atau 3 bayaran sebanyak RM 4,115.00 dengan Atome', 'bayaran terakhir RM 4,115.01']);
  });

  test('from the minimum up, and never below it or when Atome is not offered', () => {
    expect(line(1000, 1000)).toEqual(['or 3 payments of RM 3.33 with Atome', 'last payment RM 3.34']);
    expect(line(999, 1000)).toEqual([]);
    expect(line(97_320, null)).toEqual([]);
    expect(renderToStaticMarkup(createElement(AtomeWords, { locale: 'en', totalSen: 999, min: 1000 }))).toBe('');
  });

  test('is not in the prerendered page: only the browser knows whether Atome is offered', () => {
    expect(renderToStaticMarkup(createElement(AtomeLine, { locale: 'en', totalSen: 97_320 }))).toBe('');
  });
});

/** A tab's session storage. */
function tab(entries: Record<string, string> = {}) {
  const kept = new Map(Object.entries(entries));
  return { kept, getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
}

describe('what the pages know of Atome', () => {
  test('the first page asks pay/methods and keeps the answer for the tab; the next pages do not ask', async () => {
    const storage = tab();
    let asked = 0;
    const ask = async () => {
      asked += 1;
      return { atomeMinSen: 1000 };
    };
    expect(await atomeMinimum(ask, storage)).toBe(1000);
    expect(await atomeMinimum(ask, storage)).toBe(1000);
    expect(asked).toBe(1);
    expect(storage.kept.get(ATOME_MIN_KEY)).toBe('1000');
  });

  test('a shop without Atome is kept too', async () => {
    const storage = tab();
    let asked = 0;
    const ask = async () => {
      asked += 1;
      return { atomeMinSen: null };
    };
    expect(await atomeMinimum(ask, storage)).toBeNull();
    expect(await atomeMinimum(ask, storage)).toBeNull();
    expect(asked).toBe(1);
  });

  test('a failed call says nothing of Atome and is asked again on the next page', async () => {
    const storage = tab();
    expect(await atomeMinimum(() => Promise.reject(new Error('offline')), storage)).toBeNull();
    expect(storage.kept.has(ATOME_MIN_KEY)).toBe(false);
    expect(await atomeMinimum(async () => ({ atomeMinSen: 1000 }), storage)).toBe(1000);
  });

  test('what is kept in an unreadable shape, or blocked storage, is asked', async () => {
    expect(await atomeMinimum(async () => ({ atomeMinSen: 1000 }), tab({ [ATOME_MIN_KEY]: '"lots"' }))).toBe(1000);
    expect(await atomeMinimum(async () => ({ atomeMinSen: 1000 }), tab({ [ATOME_MIN_KEY]: '{' }))).toBe(1000);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(await atomeMinimum(async () => ({ atomeMinSen: 1000 }), blocked)).toBe(1000);
    expect(await atomeMinimum(async () => ({ atomeMinSen: 1000 }), undefined)).toBe(1000);
  });
});
