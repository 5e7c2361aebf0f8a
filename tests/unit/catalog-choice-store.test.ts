import { beforeEach, describe, expect, test } from 'vitest';
import { $productChoices, chooseOption, chooseQuantity, choiceOf, forgetOptions, lineFromQuery, lineQuery, parseOptions } from '../../src/stores/product-choice.ts';

// The choice a product page keeps, and the line the Order link carries to /pc/confirm.

beforeEach(() => $productChoices.set({}));

describe('the choice kept per product', () => {
  test('starts at one, nothing chosen', () => {
    expect(choiceOf('tyre-bridgestone-ecopia-ep150')).toEqual({ quantity: 1, options: {} });
  });

  test('keeps quantity and options apart for each product', () => {
    chooseQuantity('tyre-bridgestone-ecopia-ep150', 4);
    chooseOption('tyre-bridgestone-ecopia-ep150', 'tyreSize', '175/65R14');
    chooseOption('service-basic', 'oilId', 'oil-mobil-1-0w20');
    expect(choiceOf('tyre-bridgestone-ecopia-ep150')).toEqual({ quantity: 4, options: { tyreSize: '175/65R14' } });
    expect(choiceOf('service-basic')).toEqual({ quantity: 1, options: { oilId: 'oil-mobil-1-0w20' } });
  });

  test('an option set to nothing is forgotten; forgetting keeps the quantity', () => {
    chooseQuantity('wiper-bosch-aerotwin', 1);
    chooseOption('wiper-bosch-aerotwin', 'wiper', { driverInch: 24, passengerInch: 14 });
    chooseOption('wiper-bosch-aerotwin', 'wiper', undefined);
    expect(choiceOf('wiper-bosch-aerotwin').options).toEqual({});
    chooseQuantity('tyre-bridgestone-ecopia-ep150', 2);
    chooseOption('tyre-bridgestone-ecopia-ep150', 'tyreSize', '175/65R14');
    forgetOptions('tyre-bridgestone-ecopia-ep150');
    expect(choiceOf('tyre-bridgestone-ecopia-ep150')).toEqual({ quantity: 2, options: {} });
  });
});

describe('the line in the confirm page’s address', () => {
  const line = { productId: 'tint-llumar-ctx', quantity: 1, options: { tint: { frontPct: 70, rearWindscreenPct: 30, sideWindowsPct: 50 } } };

  test('carries id, quantity and options, and reads back the same', () => {
    const query = lineQuery(line);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ id: 'tint-llumar-ctx', quantity: '1', options: JSON.stringify(line.options) });
    expect(lineFromQuery(`?${query}`)).toEqual(line);
  });

  test('leaves options out when nothing was chosen', () => {
    expect(lineQuery({ productId: 'dashcam-70mai-m300', quantity: 1, options: {} })).toBe('id=dashcam-70mai-m300&quantity=1');
    expect(lineFromQuery('id=dashcam-70mai-m300&quantity=1')).toEqual({ productId: 'dashcam-70mai-m300', quantity: 1, options: {} });
  });

  test.each([
    ['no product', 'quantity=1'],
    ['a product id with capitals', 'id=Tyre&quantity=1'],
    ['five tyres', 'id=tyre-bridgestone-ecopia-ep150&quantity=5'],
    ['half a tyre', 'id=tyre-bridgestone-ecopia-ep150&quantity=0.5'],
    ['options that are not JSON', 'id=tyre-bridgestone-ecopia-ep150&quantity=1&options=%7Bsize'],
    ['an option docs/contracts/orders.md does not have', `id=tyre-bridgestone-ecopia-ep150&quantity=1&options=${encodeURIComponent('{"colour":"red"}')}`],
    ['a tyre size written wrongly', `id=tyre-bridgestone-ecopia-ep150&quantity=1&options=${encodeURIComponent('{"tyreSize":"175-65-14"}')}`],
  ])('refuses %s', (_what, query) => {
    expect(lineFromQuery(query)).toBeNull();
  });
});

describe('options read back from storage or an address', () => {
  test('keep the shapes of docs/contracts/orders.md', () => {
    expect(parseOptions({ wiper: { driverInch: 24, passengerInch: 14, rearInch: 12 }, oilId: 'oil-perodua-0w20' })).toEqual({
      wiper: { driverInch: 24, passengerInch: 14, rearInch: 12 },
      oilId: 'oil-perodua-0w20',
    });
  });

  test.each([[null], [[]], [{ tint: { frontPct: 70 } }], [{ wiper: { driverInch: '24', passengerInch: 14 } }], [{ wiper: { driverInch: 24, passengerInch: 14, rearInch: 40 } }]])(
    'drop %j',
    (value) => {
      expect(parseOptions(value)).toBeNull();
    },
  );
});
