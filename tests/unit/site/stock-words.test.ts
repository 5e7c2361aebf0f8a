import { describe, expect, test } from 'vitest';
import { en } from '../../../src/i18n/en.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';
import { reservedWords, weeksWords } from '../../../src/lib/reserved-words.ts';
import { availabilityOf, availabilityWords, lineKind, stockAsks, type StockAnswer, type StockAsk } from '../../../src/lib/stock-words.ts';

const KEPONG = 'Kepong Tyre & Battery Centre';
const answer = (atStore: { available: number; dots?: string[] } | null, warehouse: number, earliestDate: string | null): StockAnswer => ({
  sku: 'x',
  atStore: atStore && { storeId: 'kepong', available: atStore.available, dots: (atStore.dots ?? []).map((dot) => ({ dot, available: 1 })) },
  warehouse: { available: warehouse },
  earliestDate,
});
const ask = (quantity: number, per = 1): StockAsk => ({ quantity, per });

describe('what a line asks the stock read', () => {
  test('a tyre: its size once chosen, nothing before', () => {
    expect(stockAsks('tyre', { tyreSize: '185/55R15' }, 4)).toEqual([{ tyreSize: '185/55R15', quantity: 4, per: 1 }]);
    expect(stockAsks('tyre', {}, 4)).toBeNull();
  });

  test('wiper blades: each length, counted twice when both front blades have it', () => {
    expect(stockAsks('wiper', { wiper: { driverInch: 24, passengerInch: 16, rearInch: 12 } }, 1)).toEqual([
      { inches: 24, quantity: 1, per: 1 },
      { inches: 16, quantity: 1, per: 1 },
      { inches: 12, quantity: 1, per: 1 },
    ]);
    expect(stockAsks('wiper', { wiper: { driverInch: 20, passengerInch: 20 } }, 2)).toEqual([{ inches: 20, quantity: 4, per: 2 }]);
    expect(stockAsks('wiper', {}, 1)).toBeNull();
  });

  test('anything else: the product', () => {
    expect(stockAsks('other', undefined, 2)).toEqual([{ quantity: 2, per: 1 }]);
    expect(lineKind({ tyreSize: '185/55R15' })).toBe('tyre');
    expect(lineKind({ wiper: { driverInch: 24, passengerInch: 16 } })).toBe('wiper');
    expect(lineKind(undefined)).toBe('other');
  });
});

describe('where a line stands', () => {
  test('at the workshop with enough: its count and the date codes that would be held', () => {
    expect(availabilityOf([{ ask: ask(4), answer: answer({ available: 6, dots: ['2026', '3226'] }, 40, '2026-12-14') }], 'store')).toEqual({ kind: 'store', count: 6, dots: ['2026', '3226'] });
  });

  test('the workshop short, the warehouse with enough: from the first date', () => {
    expect(availabilityOf([{ ask: ask(4), answer: answer({ available: 2 }, 40, '2026-12-16') }], 'store')).toEqual({ kind: 'warehouse', date: '2026-12-16' });
  });

  test('not enough anywhere: out of stock', () => {
    expect(availabilityOf([{ ask: ask(4), answer: answer({ available: 2 }, 1, null) }], 'store')).toEqual({ kind: 'out' });
    expect(availabilityOf([], 'store')).toEqual({ kind: 'out' });
  });

  test('no workshop chosen: the warehouse, or out of stock', () => {
    expect(availabilityOf([{ ask: ask(1), answer: answer(null, 30, '2026-12-16') }], 'store')).toEqual({ kind: 'noStore', count: 30 });
    expect(availabilityOf([{ ask: ask(1), answer: answer(null, 0, null) }], 'store')).toEqual({ kind: 'out' });
  });

  test('a parcel: the warehouse only, whatever the workshop has', () => {
    expect(availabilityOf([{ ask: ask(2), answer: answer(null, 3, '2026-12-16') }], 'parcel')).toEqual({ kind: 'parcel', count: 3 });
    expect(availabilityOf([{ ask: ask(4), answer: answer(null, 3, null) }], 'parcel')).toEqual({ kind: 'out' });
  });

  test('several blade lengths: in stock only when every length is, counted in whole sets; the latest date of them all', () => {
    const both = [
      { ask: ask(2, 2), answer: answer({ available: 5 }, 30, '2026-12-14') },
      { ask: ask(1), answer: answer({ available: 7 }, 30, '2026-12-14') },
    ];
    expect(availabilityOf(both, 'store')).toEqual({ kind: 'store', count: 2, dots: [] });
    const oneShort = [
      { ask: ask(2, 2), answer: answer({ available: 1 }, 30, '2026-12-16') },
      { ask: ask(1), answer: answer({ available: 7 }, 30, '2026-12-14') },
    ];
    expect(availabilityOf(oneShort, 'store')).toEqual({ kind: 'warehouse', date: '2026-12-16' });
  });
});

describe('in words, in each language', () => {
  test('English: in stock with the weeks made, from a date, out of stock, no workshop, a parcel', () => {
    const w = en.availability;
    expect(availabilityWords({ kind: 'store', count: 4, dots: ['3226'] }, w, 'en', KEPONG)).toBe('4 in stock at Kepong Tyre & Battery Centre · made week 32 of 2026');
    expect(availabilityWords({ kind: 'store', count: 6, dots: ['0826', '3226'] }, w, 'en', KEPONG)).toBe('6 in stock at Kepong Tyre & Battery Centre · made week 8 of 2026, week 32 of 2026');
    expect(availabilityWords({ kind: 'store', count: 3, dots: [] }, w, 'en', KEPONG)).toBe('3 in stock at Kepong Tyre & Battery Centre');
    expect(availabilityWords({ kind: 'warehouse', date: '2026-12-16' }, w, 'en', KEPONG)).toBe('From Wed, 16 Dec: comes from our warehouse');
    expect(availabilityWords({ kind: 'out' }, w, 'en', KEPONG)).toBe('Out of stock');
    expect(availabilityWords({ kind: 'noStore', count: 40 }, w, 'en', '')).toBe('No workshop chosen yet · 40 in our warehouse');
    expect(availabilityWords({ kind: 'parcel', count: 30 }, w, 'en', '')).toBe('30 in stock at our warehouse');
  });

  test('Chinese: the workshop spaced from the words, the date as the shop writes it, 年/周 for the week', () => {
    const w = zhCn.availability;
    expect(availabilityWords({ kind: 'store', count: 4, dots: ['0826', '3226'] }, w, 'zh-cn', KEPONG)).toBe('Kepong Tyre & Battery Centre 有货 4 件 · 2026 年第 8 周、2026 年第 32 周生产');
    expect(availabilityWords({ kind: 'warehouse', date: '2026-12-16' }, w, 'zh-cn', KEPONG)).toBe('12月16日（周三）起可安装：由我们的仓库调货');
    expect(availabilityWords({ kind: 'out' }, w, 'zh-cn', KEPONG)).toBe('缺货');
  });

  test('Malay: minggu/tahun, the Malay day and month', () => {
    const w = ms.availability;
    expect(availabilityWords({ kind: 'store', count: 4, dots: ['3226'] }, w, 'ms', KEPONG)).toBe('4 dalam stok di Kepong Tyre & Battery Centre · dibuat minggu 32 tahun 2026');
    expect(availabilityWords({ kind: 'warehouse', date: '2026-12-16' }, w, 'ms', KEPONG)).toBe('Dari Rab, 16 Dis: dibawa dari gudang kami');
    expect(availabilityWords({ kind: 'out' }, w, 'ms', KEPONG)).toBe('Kehabisan stok');
  });

  test('a code not of four digits is left out rather than misread', () => {
    expect(weeksWords(['3226', '', 'ab12'], en.availability)).toBe('week 32 of 2026');
  });
});

describe("an order line's reserved units", () => {
  test('by batch at the workshop, from the warehouse, and nothing when none is held', () => {
    const held = [
      { location: 'kepong', dot: '3226', quantity: 2 },
      { location: 'warehouse', dot: '3426', quantity: 2 },
      { location: 'kepong', quantity: 1 },
      { location: 'warehouse', quantity: 1 },
    ];
    expect(reservedWords(held, en.availability)).toEqual(['Reserved: 2 made week 32 of 2026', 'Reserved: 2 made week 34 of 2026, from our warehouse', 'Reserved: 1', 'Reserved: 1, from our warehouse']);
    expect(reservedWords(held.slice(0, 2), zhCn.availability)).toEqual(['已预留：2 件，2026 年第 32 周生产', '已预留：2 件，2026 年第 34 周生产，由我们的仓库调货']);
    expect(reservedWords(held.slice(0, 1), ms.availability)).toEqual(['Dikhaskan: 2 dibuat minggu 32 tahun 2026']);
    expect(reservedWords([], en.availability)).toEqual([]);
  });
});
