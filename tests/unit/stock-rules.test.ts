import { describe, expect, test } from 'vitest';
import { batchOf, dotOfDate, isAged, oldestFirst, parseSku, readStockCsv, skusOf, stockedProductOf, STOCK_CSV_HEADER } from '../../contract/rules/stock.ts';

const tyre = { id: 'tyre-michelin-energy-xm2-plus', fit: { kind: 'tyre', sizes: { '185/55R15': 27000, '205/55R16': 32500 } } };
const wiper = { id: 'wiper-bosch-aerotwin', fit: { kind: 'wiper', lengths: [14, 24] } };
const cam = { id: 'dashcam-70mai-m300', fit: { kind: 'universal' } };
const tint = { id: 'tint-v-kool', fit: { kind: 'bodyTypes' }, stocked: false as const };
const byId = new Map([tyre, wiper, cam, tint].map((p) => [p.id, p]));

describe('a stock sku', () => {
  test.each([
    ['tyre-michelin-energy-xm2-plus@185/55R15', { productId: 'tyre-michelin-energy-xm2-plus', tyreSize: '185/55R15' }],
    ['wiper-bosch-aerotwin@24in', { productId: 'wiper-bosch-aerotwin', inches: 24 }],
    ['dashcam-70mai-m300', { productId: 'dashcam-70mai-m300' }],
    ['Dashcam', null],
    ['wiper-bosch-aerotwin@24', null],
    ['tyre-x@185/55', null],
  ])('%s reads as %j', (sku, parts) => expect(parseSku(sku)).toEqual(parts));

  test('each tyre size, each blade length, or the product; nothing for what is not stocked', () => {
    expect(skusOf(tyre)).toEqual(['tyre-michelin-energy-xm2-plus@185/55R15', 'tyre-michelin-energy-xm2-plus@205/55R16']);
    expect(skusOf(wiper)).toEqual(['wiper-bosch-aerotwin@14in', 'wiper-bosch-aerotwin@24in']);
    expect(skusOf(cam)).toEqual(['dashcam-70mai-m300']);
    expect(skusOf(tint)).toEqual([]);
  });

  test.each([
    ['tyre-michelin-energy-xm2-plus@185/55R15', true],
    ['tyre-michelin-energy-xm2-plus@175/65R14', false],
    ['tyre-michelin-energy-xm2-plus', false],
    ['wiper-bosch-aerotwin@26in', false],
    ['dashcam-70mai-m300@24in', false],
    ['tint-v-kool', false],
    ['no-such-product', false],
  ])('%s is stocked: %s', (sku, stocked) => expect(stockedProductOf(sku, byId) !== null).toBe(stocked));
});

describe('a batch', () => {
  test.each([
    [tyre, '3225', { dot: '3225' }],
    [tyre, undefined, { problem: { key: 'stock.dotNeeded' } }],
    [tyre, '325', { problem: { key: 'stock.dotFormat' } }],
    [tyre, '5325', { problem: { key: 'stock.dotWeek', params: { week: '53', year: 2025, weeks: 52 } } }],
    [tyre, '5326', { dot: '5326' }],
    [tyre, '0127', { problem: { key: 'stock.dotFuture' } }],
    [cam, '', { dot: '' }],
    [cam, '3225', { problem: { key: 'stock.dotNotTyre' } }],
  ])('%#: %s', (product, dot, answer) => expect(batchOf(product, dot, '2026-12-30')).toEqual(answer));

  test('older than the promise is aged; oldest first by the week it was made', () => {
    expect(isAged('5025', '2026-12-06', 12)).toBe(false);
    expect(isAged('4925', '2026-12-06', 12)).toBe(true);
    expect(isAged('', '2026-12-06', 12)).toBe(false);
    expect(oldestFirst([{ dot: '0126' }, { dot: '5225' }, { dot: '3024' }], '2026-12-06').map((b) => b.dot)).toEqual(['3024', '5225', '0126']);
  });

  test.each([
    ['2026-12-06', '4926'],
    ['2026-12-31', '5326'],
    ['2027-01-01', '5326'],
    ['2025-12-29', '0126'],
    ['2025-06-02', '2325'],
  ])('%s is in week %s', (date, dot) => expect(dotOfDate(date)).toBe(dot));
});

describe('an import', () => {
  test('a header, lines numbered as in the file, a BOM and Windows line ends accepted, blank lines skipped', () => {
    const text = `\uFEFF${STOCK_CSV_HEADER}\r\ndashcam-70mai-m300,warehouse,5,\r\n\r\ntyre-x@185/55R15,kepong,4,3225\r\n`;
    expect(readStockCsv(text)).toEqual({
      lines: [
        { line: 2, sku: 'dashcam-70mai-m300', location: 'warehouse', quantity: 5, dot: '' },
        { line: 4, sku: 'tyre-x@185/55R15', location: 'kepong', quantity: 4, dot: '3225' },
      ],
      refused: [],
    });
  });

  test('each refused line named with its reason', () => {
    const text = [STOCK_CSV_HEADER, 'a,warehouse,0,', 'a,warehouse,-3,', 'a,warehouse,501,', 'a,warehouse,5', 'a,warehouse,5,', 'a,warehouse,6,', 'a,warehouse,1e3,'].join('\n');
    expect(readStockCsv(text).refused).toEqual([
      { line: 2, key: 'stock.quantity', params: { max: 500 } },
      { line: 3, key: 'stock.quantity', params: { max: 500 } },
      { line: 4, key: 'stock.quantity', params: { max: 500 } },
      { line: 5, key: 'stock.csvColumns', params: { header: STOCK_CSV_HEADER } },
      { line: 7, key: 'stock.csvDuplicate', params: { first: 6 } },
      { line: 8, key: 'stock.quantity', params: { max: 500 } },
    ]);
  });

  test('a wrong header, no line, more than 10,000 lines', () => {
    expect(readStockCsv('sku,quantity\na,1').refused).toEqual([{ line: 1, key: 'stock.csvHeader', params: { header: STOCK_CSV_HEADER } }]);
    expect(readStockCsv(`${STOCK_CSV_HEADER}\n\n`).refused).toEqual([{ line: 1, key: 'stock.csvEmpty' }]);
    const many = [STOCK_CSV_HEADER, ...Array.from({ length: 10_001 }, (_, i) => `a${i},warehouse,1,`)].join('\n');
    expect(readStockCsv(many).refused).toEqual([{ line: 10_002, key: 'stock.csvTooMany', params: { max: 10_000 } }]);
    const most = [STOCK_CSV_HEADER, ...Array.from({ length: 10_000 }, (_, i) => `a${i},warehouse,1,`)].join('\n');
    expect(readStockCsv(most).lines).toHaveLength(10_000);
  });
});
