import { describe, expect, test } from 'vitest';
import { locales } from '../../contract/rules/language.ts';
import { products } from '../../src/lib/site-content.ts';
import { checkSearchWords, listed, searchWords, wordsOf } from '../../src/lib/search/words.ts';

// content/dictionaries/search-words.json: the names customers search with, kept beside the catalogue.

describe('the search words follow the catalogue', () => {
  test('every brand of the catalogue has an entry, and every entry is a brand of it', () => {
    const brands = [...new Set(products.map((p) => p.brand))].sort();
    expect(Object.keys(searchWords.brands).sort()).toEqual(brands);
  });

  test('every product entry names products of the catalogue, with words in each language', () => {
    searchWords.products.forEach((entry, i) => {
      for (const pattern of entry.ids) expect(products.some((p) => listed([pattern], p.id)), `products.${i}: ${pattern}`).toBe(true);
      for (const locale of locales) expect(entry[locale]?.length, `products.${i}.${locale}`).toBeGreaterThan(0);
    });
  });

  test('every product has words of its own', () => {
    const without = products.filter((p) => !searchWords.products.some((e) => listed(e.ids, p.id))).map((p) => p.id);
    expect(without).toEqual([]);
  });

  test('a product’s words: the page’s language and the brand’s other names; the other languages apart', () => {
    const tyre = { id: 'tyre-michelin-primacy-4-st', brand: 'Michelin' };
    expect(wordsOf(tyre, 'zh-cn').own.split(' ')).toEqual(expect.arrayContaining(['米其林', '轮胎']));
    expect(wordsOf(tyre, 'zh-cn').others.split(' ')).toEqual(expect.arrayContaining(['tayar', 'tyre']));
    expect(wordsOf(tyre, 'ms').own.split(' ')).toEqual(expect.arrayContaining(['米其林', 'tayar']));
    expect(wordsOf(tyre, 'ms').own).not.toContain('轮胎');
  });
});

describe('a malformed file stops the build, naming the file and the entry', () => {
  test.each([
    [{ brands: {} }, 'needs "brands" and "products"'],
    [{ brands: { Michelin: { fr: ['Michelin'] } }, products: [] }, 'brands.Michelin.fr must be a language'],
    [{ brands: {}, products: [{ ids: [], en: ['tyre'] }] }, 'products.0.ids must list product ids'],
    [{ brands: {}, products: [{ ids: ['tyre-*'], ms: 'tayar' }] }, 'products.0.ms must be a list of words'],
  ])('%#', (file, problem) => expect(() => checkSearchWords(file)).toThrow(`content/dictionaries/search-words.json: ${problem}`));
});
