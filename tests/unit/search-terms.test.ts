import { describe, expect, test } from 'vitest';
import { isCode, searchTerms, tyreSizesIn } from '../../src/lib/search/terms.ts';

describe('a tyre size reads the same however it is typed', () => {
  for (const typed of ['185/55R15', '185/55 r15', '185 55 15', '1855515', '185/55-15', '185/55ZR15', '１８５/５５Ｒ１５']) {
    test(typed, () => {
      expect(searchTerms(typed)).toEqual(['185/55r15', '185/55']);
      expect(tyreSizesIn(typed)).toEqual(['185/55R15']);
    });
  }
  test('a width and aspect without the rim match every rim', () => {
    expect(searchTerms('185/55')).toEqual(['185/55']);
    expect(tyreSizesIn('185/55')).toEqual([]);
  });
  test('a size among words keeps the words', () => {
    expect(searchTerms('Michelin 205/55 R16 tyre')).toEqual(['205/55r16', '205/55', 'michelin', 'tyre']);
  });
});

describe('oil grades', () => {
  for (const [typed, term] of [['0W-20', '0w20'], ['5w30', '5w30'], ['10W 40', '10w40'], ['SAE 15W-40', '15w40']]) {
    test(`${typed} → ${term}`, () => expect(searchTerms(typed)).toContain(term));
  }
});

describe('wiper lengths in inches or millimetres', () => {
  for (const typed of ['24"', '24 inch', '24inches', '24″', '24 寸', '24英寸', '600mm', '600 mm', '610 毫米']) {
    test(typed, () => expect(searchTerms(typed)).toEqual(['24in']));
  }
  test('a length no wiper is made in is no wiper length', () => expect(searchTerms('100mm')).toEqual([]));
});

describe('part numbers and ids stay whole', () => {
  test('a pad code', () => expect(searchTerms('PER-MYVI3-F')).toEqual(['per-myvi3-f']));
  test('a product id', () => expect(searchTerms('tyre-michelin-primacy-4-st')).toEqual(['tyre-michelin-primacy-4-st']));
  test('a model number', () => expect(searchTerms('70mai A500S')).toEqual(['70mai', 'a500s']));
  test('a hyphenated word is also its parts', () => expect(searchTerms('Mercedes-Benz')).toEqual(['mercedes-benz', 'mercedes', 'benz']));
  test('codes are told from words', () => {
    expect(isCode('185/55r15')).toBe(true);
    expect(isCode('0w20')).toBe(true);
    expect(isCode('michelin')).toBe(false);
  });
});

describe('Chinese in pairs of characters', () => {
  test('刹车片', () => expect(searchTerms('刹车片')).toEqual(['刹车', '车片']));
  test('mixed with Latin', () => expect(searchTerms('Bosch AeroTwin 雨刷')).toEqual(['雨刷', 'bosch', 'aerotwin']));
  test('one character stays', () => expect(searchTerms('膜')).toEqual(['膜']));
});

describe('words', () => {
  test('lower case, without accents or filler', () => expect(searchTerms('Pneus for the Café')).toEqual(['pneus', 'cafe']));
  test('Malay words', () => expect(searchTerms('Tayar untuk Myvi')).toEqual(['tayar', 'myvi']));
  test('nothing to search', () => expect(searchTerms('  ?! ')).toEqual([]));
});

describe('a tyre card priced for the size searched for', async () => {
  const { cardForSize } = await import('../../src/lib/search/sized-card.ts');
  const card = {
    id: 'tyre-michelin-primacy-4-st', category: 'Tires Service', categorySlug: 'auto-tires-service', brand: 'Michelin', name: 'Michelin Primacy 4 ST tyre',
    summary: '', image: '', imageAlt: '', unit: 'per tyre', listPriceSen: 53900, savingPercent: 40,
    price: { partsSen: 32000, labourSen: 1200, serviceTaxSen: 96, totalSen: 33296, sizeClass: 'M' as const },
    fit: { status: 'fits' as const, reason: '' }, fromPrice: false, tyreSize: '185/60R15', tyreSizes: ['185/60R15'],
  };
  const why = (sizes: string) => `it takes ${sizes}`;
  test('the size’s parts price with the car’s labour and its tax', () => {
    const sized = cardForSize(card, '185/60R15', 32000, true, why);
    expect(sized.price).toEqual(card.price);
    expect(sized.fit.status).toBe('fits');
  });
  test('a size the car does not take is priced, and does not fit', () => {
    const sized = cardForSize(card, '185/55R15', 32500, true, why);
    expect(sized.price.totalSen).toBe(32500 + 1200 + 96);
    expect(sized.tyreSize).toBe('185/55R15');
    expect(sized.fit).toEqual({ status: 'noFit', reason: 'it takes 185/60R15' });
  });
  test('with no car the fit stays unknown and the price a "from" price', () => {
    const noCar = { ...card, fit: { status: 'unknown' as const, reason: '' }, fromPrice: true, tyreSize: null, tyreSizes: [] };
    const sized = cardForSize(noCar, '185/55R15', 32500, false, why);
    expect(sized.fit.status).toBe('unknown');
    expect(sized.fromPrice).toBe(true);
    // The walk-in price is one figure: no saving is claimed beside a "from" price.
    expect(sized.savingPercent).toBe(0);
  });
  test('for the car, the size’s own price claims the saving it holds', () => {
    const sized = cardForSize(card, '185/60R15', 32000, true, why);
    expect(sized.savingPercent).toBe(Math.round((1 - 33296 / 53900) * 100));
  });
});
