import { describe, expect, test } from 'vitest';
import type { VariantItem } from '../../../contract/vehicles.ts';
import { checkRequest, confirmedCar } from '../../../src/lib/car-check.ts';
import { parseCarInfo, type CarInfo } from '../../../src/stores/car.ts';

const myvi: CarInfo = {
  brand: 'Perodua',
  model: 'Myvi',
  year: '2023',
  variant: '1.5 AV',
  brandId: 'perodua',
  modelId: 'perodua-myvi',
  yearId: 'perodua-myvi:2023',
  variantId: 'perodua-myvi-1.5-av',
  noYear: false,
  noBt: false,
  bodyType: 'Hatchback',
};
/** Year and variant skipped, as the picker allows. */
const saga: CarInfo = { brand: 'Proton', model: 'Saga', year: '', variant: '', brandId: 'proton', modelId: 'proton-saga', yearId: '', variantId: '', noYear: true, noBt: true };

const av: VariantItem = {
  carVariant: '1.5 AV',
  variantId: 'perodua-myvi-1.5-av',
  engine: '1.5L',
  transmission: 'CVT',
  fuel: 'Petrol',
  bodyType: 'Hatchback',
  sizeClass: 'S',
  years: [2018, 2025],
};

describe('a car read back from local storage', () => {
  test('is kept when it has the shape the picker writes', () => {
    expect(parseCarInfo(myvi)).toEqual(myvi);
    expect(parseCarInfo(saga)).toEqual(saga);
  });

  test('is dropped when another shape sits under carInfo (the top bar would say "undefined undefined")', () => {
    expect(parseCarInfo({ brandName: 'Perodua', modelName: 'Myvi' })).toBeNull();
    expect(parseCarInfo('Perodua Myvi')).toBeNull();
    expect(parseCarInfo(null)).toBeNull();
    expect(parseCarInfo([myvi])).toBeNull();
  });

  test('is dropped when a field is missing, empty or of the wrong type', () => {
    const { brand: _brand, ...noBrand } = myvi;
    expect(parseCarInfo(noBrand)).toBeNull();
    expect(parseCarInfo({ ...myvi, model: '  ' })).toBeNull();
    expect(parseCarInfo({ ...myvi, noBt: 'false' })).toBeNull();
    expect(parseCarInfo({ ...myvi, bodyType: 42 })).toBeNull();
  });

  test('is dropped when its ids are not ids the shop issues', () => {
    expect(parseCarInfo({ ...myvi, variantId: 'Perodua Myvi <script>' })).toBeNull();
    expect(parseCarInfo({ ...myvi, modelId: '' })).toBeNull();
  });

  test('needs a year id unless the year was skipped, and a variant id unless the variant was', () => {
    expect(parseCarInfo({ ...myvi, yearId: '' })).toBeNull();
    expect(parseCarInfo({ ...myvi, variantId: '' })).toBeNull();
    expect(parseCarInfo({ ...saga, yearId: 'proton-saga:2020' })).toBeNull();
    expect(parseCarInfo({ ...saga, noBt: false })).toBeNull();
  });

  test('keeps only the fields of the spec', () => {
    expect(parseCarInfo({ ...myvi, colour: 'red' })).toEqual(myvi);
  });
});

describe('checking the stored car against the catalogue', () => {
  test('asks for the level that lists its deepest chosen id', () => {
    expect(checkRequest(myvi)).toEqual({ modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023' });
    expect(checkRequest({ ...myvi, yearId: '', year: '', noYear: true })).toEqual({ modelId: 'perodua-myvi', level: 'variant' });
    expect(checkRequest({ ...myvi, variantId: '', variant: '', noBt: true })).toEqual({ modelId: 'perodua-myvi' });
    expect(checkRequest(saga)).toEqual({ brandId: 'proton' });
  });

  test('keeps a car whose variant is still listed, with the body type the catalogue gives now', () => {
    expect(confirmedCar(myvi, { level: 'variant', list: [{ ...av, bodyType: 'Hatchback (5-door)' }] })).toEqual({ ...myvi, bodyType: 'Hatchback (5-door)' });
  });

  test('drops a car whose variant, year or model is no longer listed', () => {
    expect(confirmedCar(myvi, { level: 'variant', list: [{ ...av, variantId: 'perodua-myvi-1.3-g' }] })).toBeNull();
    const noVariant = { ...myvi, variantId: '', variant: '', noBt: true };
    expect(confirmedCar(noVariant, { level: 'year', list: [{ carYear: '2024', yearId: 'perodua-myvi:2024' }] })).toBeNull();
    expect(confirmedCar(noVariant, { level: 'year', list: [{ carYear: '2023', yearId: 'perodua-myvi:2023' }] })).toEqual(noVariant);
    expect(confirmedCar(saga, { level: 'model', list: [{ carModel: 'Persona', modelId: 'proton-persona', brandId: 'proton' }] })).toBeNull();
    expect(confirmedCar(saga, { level: 'model', list: [{ carModel: 'Saga', modelId: 'proton-saga', brandId: 'proton' }] })).toEqual(saga);
  });
});
