import { describe, expect, test } from 'vitest';
import { orderTotal, ringgit, type PricedLine } from '../../contract/rules/order-total.ts';
import { fittedPrice } from '../../contract/rules/price.ts';

/** A Perodua Myvi (size S): wiper blades, a basic service and four tyres, priced per unit. */
const wipers: PricedLine = { partsSen: 8900, labourSen: 0, quantity: 1 };
const basicService: PricedLine = { partsSen: 13200, labourSen: 2500, quantity: 1 };
const tyre: PricedLine = { partsSen: 21500, labourSen: 1000, quantity: 4 };
const dashCam: PricedLine = { partsSen: 39900, labourSen: 10000, quantity: 1 };

describe('the total of an installation order', () => {
  test('itemises parts, labour and 8 % service tax on labour', () => {
    const total = orderTotal({ method: 'install', lines: [wipers, basicService] });
    expect(total).toMatchObject({
      partsSen: 8900 + 13200,
      labourSen: 2500,
      serviceTaxSen: 200,
      goodsSen: 8900 + 13200 + 2500 + 200,
      deliveryFeeSen: 0,
      discountSen: 0,
      totalSen: 24800,
    });
  });

  test('a basic service on a compact car costs RM 159.00, as the spec says', () => {
    expect(orderTotal({ method: 'install', lines: [basicService] }).totalSen).toBe(15900);
  });

  test('each line costs its quantity times the unit price the product page shows', () => {
    const unit = fittedPrice({ partsSen: tyre.partsSen, labourSen: { S: 1000, M: 1000, L: 1200, XL: 1500 } }, 'S');
    const total = orderTotal({ method: 'install', lines: [tyre] });
    expect(total.lines[0]).toEqual({
      quantity: 4,
      unitSen: unit.totalSen,
      partsSen: 86000,
      labourSen: 4000,
      serviceTaxSen: 320,
      totalSen: unit.totalSen * 4,
    });
  });

  test('tax is rounded per unit, so four units never differ from four times one', () => {
    // 8 % of RM 0.19 is 1.52 sen: 2 sen a unit, 8 sen for four (not 6 sen from 6.08).
    const odd = orderTotal({ method: 'install', lines: [{ partsSen: 100, labourSen: 19, quantity: 4 }] });
    expect(odd.serviceTaxSen).toBe(8);
    expect(odd.totalSen).toBe(4 * (100 + 19 + 2));
  });

  test('the totals add up line by line', () => {
    const total = orderTotal({ method: 'install', lines: [wipers, basicService, tyre, dashCam], discountSen: 1234 });
    expect(total.lines.reduce((s, l) => s + l.totalSen, 0)).toBe(total.goodsSen);
    expect(total.partsSen + total.labourSen + total.serviceTaxSen).toBe(total.goodsSen);
    expect(total.totalSen).toBe(total.goodsSen - total.discountSen + total.deliveryFeeSen);
  });
});

describe('pickup and mailing: no fitting, so no labour and no service tax', () => {
  test('a dash cam collected at the workshop costs its parts only', () => {
    const total = orderTotal({ method: 'pickup', lines: [dashCam] });
    expect(total).toMatchObject({ partsSen: 39900, labourSen: 0, serviceTaxSen: 0, totalSen: 39900 });
  });

  test('mailed wiper blades pay the delivery fee', () => {
    const total = orderTotal({ method: 'mail', lines: [wipers], deliveryFeeSen: 800 });
    expect(total).toMatchObject({ goodsSen: 8900, deliveryFeeSen: 800, totalSen: 9700 });
  });

  test('only a mailed order can carry a delivery fee', () => {
    expect(() => orderTotal({ method: 'install', lines: [wipers], deliveryFeeSen: 800 })).toThrow(RangeError);
  });
});

describe('discounts', () => {
  test('come off the goods', () => {
    expect(orderTotal({ method: 'install', lines: [basicService], discountSen: 1500 }).totalSen).toBe(14400);
  });

  test('never take more than the goods, and never the delivery fee', () => {
    const total = orderTotal({ method: 'mail', lines: [wipers], deliveryFeeSen: 800, discountSen: 50000 });
    expect(total.discountSen).toBe(8900);
    expect(total.totalSen).toBe(800);
  });

  test('a total is never negative', () => {
    expect(orderTotal({ method: 'pickup', lines: [{ partsSen: 0, labourSen: 0, quantity: 1 }], discountSen: 2000 }).totalSen).toBe(0);
  });

  test('a negative or fractional discount is a mistake, not a surcharge', () => {
    expect(() => orderTotal({ method: 'install', lines: [wipers], discountSen: -100 })).toThrow(RangeError);
    expect(() => orderTotal({ method: 'install', lines: [wipers], discountSen: 10.5 })).toThrow(RangeError);
  });
});

describe('money is whole sen', () => {
  test.each([
    ['a fractional price', { partsSen: 89.5, labourSen: 0, quantity: 1 }],
    ['a negative price', { partsSen: -1, labourSen: 0, quantity: 1 }],
    ['no units', { partsSen: 100, labourSen: 0, quantity: 0 }],
    ['half a unit', { partsSen: 100, labourSen: 0, quantity: 1.5 }],
  ])('%s is refused', (_, line) => {
    expect(() => orderTotal({ method: 'install', lines: [line] })).toThrow(RangeError);
  });

  test('an empty cart totals nothing', () => {
    expect(orderTotal({ method: 'install', lines: [] }).totalSen).toBe(0);
  });
});

describe('ringgit in messages', () => {
  test.each([
    [0, 'RM 0.00'],
    [5, 'RM 0.05'],
    [15900, 'RM 159.00'],
    [123456789, 'RM 1,234,567.89'],
    [-2050, '-RM 20.50'],
  ])('%i sen is %s', (sen, text) => {
    expect(ringgit(sen)).toBe(text);
  });
});
