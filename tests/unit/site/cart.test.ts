import { describe, expect, test } from 'vitest';
import { MAX_QUANTITY as LINE_MAX_QUANTITY } from '../../../contract/line.ts';
import { MAX_LINES as ORDER_MAX_LINES } from '../../../contract/orders.ts';
import { $carInfo, type CarInfo } from '../../../src/stores/car.ts';
import { $cart, fitLinesToVariant, MAX_LINES, MAX_QUANTITY, parseCart, parseCartLine, withLine, type CartLine } from '../../../src/stores/cart.ts';

const wipers: CartLine = {
  productId: 'wiper-bosch-aerotwin',
  quantity: 1,
  options: { wiper: { driverInch: 24, passengerInch: 14 } },
  variantId: 'perodua-myvi-1.5-av',
  carName: 'Perodua Myvi',
};
const service: CartLine = { productId: 'service-basic', quantity: 1, options: {}, variantId: 'perodua-myvi-1.5-av', carName: 'Perodua Myvi' };

describe('the cart', () => {
  test('keeps the limits the server checks', () => {
    expect(MAX_LINES).toBe(ORDER_MAX_LINES);
    expect(MAX_QUANTITY).toBe(LINE_MAX_QUANTITY);
  });

  test('adding the same product with the same choices for the same car adds to its quantity, up to the most allowed', () => {
    let lines = withLine([], wipers).lines;
    lines = withLine(lines, service).lines;
    lines = withLine(lines, { ...wipers, quantity: 2 }).lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]!.quantity).toBe(3);
    lines = withLine(lines, { ...wipers, quantity: 4 }).lines;
    expect(lines[0]!.quantity).toBe(MAX_QUANTITY);
  });

  test('other lengths or another car make a line of their own', () => {
    const other = { ...wipers, options: { wiper: { driverInch: 22, passengerInch: 14 } } };
    const otherCar = { ...wipers, variantId: 'proton-saga-1.3', carName: 'Proton Saga' };
    const lines = withLine(withLine(withLine([], wipers).lines, other).lines, otherCar).lines;
    expect(lines).toHaveLength(3);
  });

  test('a full cart refuses a new line and keeps what it holds', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ ...service, productId: `service-${i}` }));
    const next = withLine(full, wipers);
    expect(next.added).toBe(false);
    expect(next.lines).toBe(full);
  });

  test('what storage gives back is checked line by line', () => {
    expect(parseCart({ lines: [] })).toBeNull();
    expect(parseCart([wipers, { ...service, quantity: 9 }, { ...service, productId: '<script>' }, 'x', service])).toEqual([wipers, service]);
    expect(parseCartLine({ ...wipers, options: { wiper: { driverInch: 'long' } } })).toBeNull();
    expect(parseCartLine({ ...wipers, price: 1 })).toEqual(wipers);
    expect(parseCartLine({ productId: 'service-basic', quantity: 1, variantId: '', carName: '' })).toEqual({ ...service, variantId: '', carName: '' });
  });
});

describe('lines chosen before the variant was known', () => {
  const myvi = { modelId: 'perodua-myvi', variantId: 'perodua-myvi-1.5-av-2022' };
  const waiting: CartLine = { ...wipers, options: { wiper: { driverInch: 26, passengerInch: 14 }, oilId: 'oil-x' }, variantId: '', modelId: 'perodua-myvi' };
  const otherModel: CartLine = { ...waiting, modelId: 'proton-saga' };
  const noCar: CartLine = { ...waiting, modelId: undefined };

  test('are for the variant once it is chosen, the lengths and size left for the car to settle', () => {
    const tyres: CartLine = { ...waiting, productId: 'tyre-x', options: { tyreSize: '185/55R15' } };
    expect(fitLinesToVariant([waiting, tyres, service], myvi)).toEqual([
      { ...waiting, variantId: myvi.variantId, options: { oilId: 'oil-x' } },
      { ...tyres, variantId: myvi.variantId, options: {} },
      service,
    ]);
  });

  test('of another model, or of no car, or a variant still skipped, stay as they are', () => {
    const lines = [otherModel, noCar, wipers];
    expect(fitLinesToVariant(lines, myvi)).toBe(lines);
    expect(fitLinesToVariant([waiting], { modelId: 'perodua-myvi', variantId: '' })).toEqual([waiting]);
  });

  test('are re-priced in place as soon as the car’s variant is chosen', () => {
    const car: CarInfo = { brand: 'Perodua', model: 'Myvi', year: '', variant: '', brandId: 'perodua', modelId: 'perodua-myvi', yearId: '', variantId: '', noYear: true, noBt: true };
    $carInfo.set(car);
    $cart.set([waiting]);
    $carInfo.set({ ...car, year: '2022', yearId: 'perodua-myvi:2022', variant: '1.5 AV', variantId: myvi.variantId, noYear: false, noBt: false });
    expect($cart.get()).toEqual([{ ...waiting, variantId: myvi.variantId, options: { oilId: 'oil-x' } }]);
  });
});
