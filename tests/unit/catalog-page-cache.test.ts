import { describe, expect, test } from 'vitest';
import { AnswerCache } from '../../server/modules/catalog/page-cache.ts';

const answer = (n: number, size = 100) => `{"list":[${'x'.repeat(size)}],"n":${n}}`;
/** What the cache really holds, counted apart from its own tally. */
const held = (cache: AnswerCache) => [...cache].reduce((sum, [key, json]) => sum + AnswerCache.bytesOf(key, json), 0);

describe('the product-page answer cache', () => {
  test('gives back what it kept', () => {
    const cache = new AnswerCache(10_000);
    cache.set('en|Wiper Blade', answer(1));
    expect(cache.get('en|Wiper Blade')).toBe(answer(1));
    expect(cache.get('en|Tyres')).toBeUndefined();
  });

  test('counts an entry as two bytes per character of key and answer', () => {
    const cache = new AnswerCache(10_000);
    cache.set('k', answer(1));
    expect(cache.bytes).toBe(2 * (1 + answer(1).length));
  });

  test('never holds more than its bound, however many answers arrive', () => {
    const cache = new AnswerCache(50_000);
    for (let n = 0; n < 5_000; n++) {
      cache.set(`key ${n}`, answer(n, n % 700));
      expect(cache.bytes).toBeLessThanOrEqual(50_000);
    }
    expect(cache.bytes).toBe(held(cache));
    expect(cache.size).toBeGreaterThan(10);
  });

  test('lets the least recently used answer go first', () => {
    const one = AnswerCache.bytesOf('a', answer(0));
    const cache = new AnswerCache(3 * one);
    cache.set('a', answer(0));
    cache.set('b', answer(0));
    cache.set('c', answer(0));
    cache.get('a'); // a is now the most recently used; b the least
    cache.set('d', answer(0));
    expect([...cache.keys()]).toEqual(['c', 'a', 'd']);
    expect(cache.get('b')).toBeUndefined();
  });

  test('frees as many old answers as a big new one needs', () => {
    const small = AnswerCache.bytesOf('a', answer(0, 10));
    const cache = new AnswerCache(10 * small);
    for (const key of 'abcdefghij') cache.set(key, answer(0, 10));
    const big = answer(0, Math.floor(small * 2));
    cache.set('z', big);
    expect(cache.get('z')).toBe(big);
    expect(cache.bytes).toBeLessThanOrEqual(10 * small);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('j')).toBeDefined();
  });

  test('an answer bigger than the whole bound is not kept, and pushes nothing out', () => {
    const cache = new AnswerCache(1_000);
    cache.set('a', answer(0, 10));
    cache.set('huge', answer(0, 2_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  test('the same key again replaces its answer without counting it twice', () => {
    const cache = new AnswerCache(10_000);
    cache.set('a', answer(1));
    cache.set('a', answer(2, 300));
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(answer(2, 300));
    expect(cache.bytes).toBe(held(cache));
  });
});
