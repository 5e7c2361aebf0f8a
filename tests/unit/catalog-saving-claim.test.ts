import { describe, expect, test } from 'vitest';
import { pricedPerCar, savingClaim } from '../../contract/rules/price.ts';

// "Save 51%" is a promise: it is made only for the price the customer will pay.

/** The Michelin Primacy 4 ST: walk-in RM 539.00; from RM 330.80 (the smallest size, a compact car). */
const primacy = { listPriceSen: 53900, fromSen: 33080 };

describe('the saving a price may claim', () => {
  test('a "from" price claims nothing: it is not the customer’s price, and the walk-in price is one figure', () => {
    expect(savingClaim({ totalSen: primacy.fromSen, fromPrice: true }, primacy.listPriceSen)).toBe(0);
  });

  test('the customer’s own price claims its saving, rounded down', () => {
    expect(savingClaim({ totalSen: 36580, fromPrice: false }, primacy.listPriceSen)).toBe(32);
  });

  test('a price at or above the walk-in price claims nothing', () => {
    expect(savingClaim({ totalSen: 61160, fromPrice: false }, primacy.listPriceSen)).toBe(0);
    expect(savingClaim({ totalSen: 53900, fromPrice: false }, primacy.listPriceSen)).toBe(0);
  });
});

describe('which prices are "from" prices until the car is known', () => {
  const flat = { S: 0, M: 0, L: 0, XL: 0 };
  test('tyres and brake pads, priced per size or pad code', () => {
    expect(pricedPerCar({ labourSen: flat, fit: { kind: 'tyre' } })).toBe(true);
    expect(pricedPerCar({ labourSen: flat, fit: { kind: 'brakePads' } })).toBe(true);
  });

  test('a service whose labour grows with the car', () => {
    expect(pricedPerCar({ labourSen: { S: 2500, M: 3000, L: 3500, XL: 4500 }, fit: { kind: 'oil' } })).toBe(true);
  });

  test('mats and wiper blades cost every car the same: their price is already the customer’s', () => {
    expect(pricedPerCar({ labourSen: flat, fit: { kind: 'bodyTypes' } })).toBe(false);
    expect(pricedPerCar({ labourSen: flat, fit: { kind: 'wiper' } })).toBe(false);
  });
});
