import { describe, expect, test } from 'vitest';
import { fittedPrice, savingPercent, SERVICE_TAX_BP, serviceTax } from '../../contract/rules/price.ts';

/** The basic service as the shop sells it: RM 132.00 of parts, labour by car size. */
const basicService = { partsSen: 13200, labourSen: { S: 2500, M: 3000, L: 3500, XL: 4500 } };

/** Car mats the customer lays in: no labour at all. */
const carMats = { partsSen: 11900, labourSen: { S: 0, M: 0, L: 0, XL: 0 } };

describe('service tax on labour', () => {
  test('is 8 %', () => {
    expect(SERVICE_TAX_BP).toBe(800);
    expect(serviceTax(2500)).toBe(200);
    expect(serviceTax(10000)).toBe(800);
  });

  test('is nothing on no labour', () => {
    expect(serviceTax(0)).toBe(0);
  });

  test('rounds a fraction of a sen below one half down', () => {
    // 1881 × 8 % = 150.48 sen
    expect(serviceTax(1881)).toBe(150);
  });

  test('rounds a fraction of a sen above one half up', () => {
    // 1882 × 8 % = 150.56 sen
    expect(serviceTax(1882)).toBe(151);
  });

  test('rounds the smallest amounts to the nearest sen', () => {
    expect(serviceTax(6)).toBe(0); // 0.48 sen
    expect(serviceTax(7)).toBe(1); // 0.56 sen
  });

  test('always gives whole sen', () => {
    for (let labour = 0; labour <= 5000; labour += 37) expect(Number.isInteger(serviceTax(labour))).toBe(true);
  });
});

describe('the fitted price of a product', () => {
  test('the basic service for a compact car such as a Perodua Myvi is RM 159.00', () => {
    expect(fittedPrice(basicService, 'S')).toEqual({ partsSen: 13200, labourSen: 2500, serviceTaxSen: 200, totalSen: 15900, sizeClass: 'S' });
  });

  test('labour is priced for the car’s size class', () => {
    expect(fittedPrice(basicService, 'M').labourSen).toBe(3000);
    expect(fittedPrice(basicService, 'L').labourSen).toBe(3500);
    expect(fittedPrice(basicService, 'XL').labourSen).toBe(4500);
  });

  test('the total is parts plus labour plus the tax on labour', () => {
    const price = fittedPrice(basicService, 'XL');
    expect(price.serviceTaxSen).toBe(360);
    expect(price.totalSen).toBe(13200 + 4500 + 360);
  });

  test('parts cost the same whatever the car’s size', () => {
    expect(fittedPrice(basicService, 'S').partsSen).toBe(fittedPrice(basicService, 'XL').partsSen);
  });

  test('parts carry no service tax', () => {
    expect(fittedPrice(carMats, 'L')).toEqual({ partsSen: 11900, labourSen: 0, serviceTaxSen: 0, totalSen: 11900, sizeClass: 'L' });
  });

  test('says which size class the labour was priced for', () => {
    expect(fittedPrice(basicService, 'M').sizeClass).toBe('M');
  });
});

describe('the saving against the walk-in price', () => {
  test('is a whole percent, rounded down so it is never overstated', () => {
    // RM 159.00 against RM 219.00 is 27.4 % off
    expect(savingPercent(15900, 21900)).toBe(27);
  });

  test('an exact percent stays as it is', () => {
    expect(savingPercent(6000, 10000)).toBe(40);
  });

  test('is nothing when the walk-in price is the same', () => {
    expect(savingPercent(15900, 15900)).toBe(0);
  });

  test('is nothing, never negative, when the walk-in price is lower', () => {
    expect(savingPercent(15900, 14900)).toBe(0);
  });

  test('is nothing when there is no walk-in price', () => {
    expect(savingPercent(15900, 0)).toBe(0);
  });

  test('just under a whole percent rounds down', () => {
    // 199 sen off 10000 sen is 1.99 %
    expect(savingPercent(9801, 10000)).toBe(1);
  });
});
