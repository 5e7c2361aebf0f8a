import { describe, expect, test } from 'vitest';
import type { BrandItem, ModelItem, VariantItem, YearItem } from '../../../contract/vehicles.ts';
import { canConfirm, initialPicker, pickerReducer, startingAt, toCarInfo, type PickerAction, type PickerState } from '../../../src/islands/car-picker/steps.ts';

const perodua: BrandItem = { brand: 'Perodua', brandId: 'perodua', popular: true };
const proton: BrandItem = { brand: 'Proton', brandId: 'proton', popular: true };
const myvi: ModelItem = { carModel: 'Myvi', modelId: 'perodua-myvi', brandId: 'perodua' };
const axia: ModelItem = { carModel: 'Axia', modelId: 'perodua-axia', brandId: 'perodua' };
const year2022: YearItem = { carYear: '2022', yearId: 'perodua-myvi:2022' };
const av: VariantItem = {
  carVariant: '1.5 AV',
  variantId: 'perodua-myvi-1.5-av',
  engine: '1.5L 2NR-VE',
  transmission: 'CVT',
  fuel: 'Petrol',
  bodyType: 'Hatchback',
  sizeClass: 'S',
  years: [2018, 2025],
};
const g: VariantItem = { ...av, carVariant: '1.3 G', variantId: 'perodua-myvi-1.3-g', engine: '1.3L 1NR-VE' };

const run = (...actions: PickerAction[]): PickerState => actions.reduce(pickerReducer, initialPicker);

const atBrand = () => run();
const atModel = () => run({ type: 'brand', brand: perodua });
const atYear = () => run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi });
const atVariant = () => run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi }, { type: 'year', year: year2022 });
const withVariant = () => pickerReducer(atVariant(), { type: 'variant', variant: av });

describe('the car picker steps: brand, model, year, variant', () => {
  test('starts on the brand step with nothing chosen', () => {
    expect(atBrand()).toEqual({ step: 0, brand: null, model: null, year: null, variant: null, noYear: false, noBt: false });
  });

  test('choosing a brand moves on to the model step', () => {
    expect(atModel()).toMatchObject({ step: 1, brand: perodua });
  });

  test('choosing a model moves on to the year step', () => {
    expect(atYear()).toMatchObject({ step: 2, brand: perodua, model: myvi });
  });

  test('choosing a year moves on to the variant step', () => {
    expect(atVariant()).toMatchObject({ step: 3, model: myvi, year: year2022, noYear: false });
  });

  test('choosing a variant keeps the variant step, with the variant chosen', () => {
    expect(withVariant()).toMatchObject({ step: 3, variant: av, noBt: false });
  });

  test('choosing another variant replaces the first', () => {
    expect(pickerReducer(withVariant(), { type: 'variant', variant: g }).variant).toEqual(g);
  });
});

describe('skipping', () => {
  test('Skip on the year step moves on to the variant step with no year', () => {
    expect(pickerReducer(atYear(), { type: 'skipYear' })).toMatchObject({ step: 3, year: null, noYear: true, noBt: false });
  });

  test('Skip on the variant step leaves the variant out', () => {
    expect(pickerReducer(atVariant(), { type: 'skipVariant' })).toMatchObject({ step: 3, variant: null, noBt: true });
  });

  test('Skip after choosing a variant drops that variant', () => {
    expect(pickerReducer(withVariant(), { type: 'skipVariant' })).toMatchObject({ variant: null, noBt: true });
  });

  test('choosing a variant after Skip clears the skip', () => {
    const skipped = pickerReducer(atVariant(), { type: 'skipVariant' });
    expect(pickerReducer(skipped, { type: 'variant', variant: av })).toMatchObject({ variant: av, noBt: false });
  });
});

describe('Confirm', () => {
  test('is not offered before the variant step', () => {
    expect(canConfirm(atBrand())).toBe(false);
    expect(canConfirm(atModel())).toBe(false);
    expect(canConfirm(atYear())).toBe(false);
  });

  test('is not offered on the variant step until a variant or Skip is chosen', () => {
    expect(canConfirm(atVariant())).toBe(false);
  });

  test('is offered once a variant is chosen', () => {
    expect(canConfirm(withVariant())).toBe(true);
  });

  test('is offered once the variant is skipped', () => {
    expect(canConfirm(pickerReducer(atVariant(), { type: 'skipVariant' }))).toBe(true);
  });

  test('is offered when both year and variant are skipped', () => {
    expect(canConfirm(run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi }, { type: 'skipYear' }, { type: 'skipVariant' }))).toBe(true);
  });
});

describe('Back', () => {
  test('from the model step goes to the brand step and clears the brand', () => {
    expect(pickerReducer(atModel(), { type: 'back' })).toEqual(initialPicker);
  });

  test('from the year step goes to the model step and clears the model', () => {
    expect(pickerReducer(atYear(), { type: 'back' })).toMatchObject({ step: 1, brand: perodua, model: null });
  });

  test('from the variant step goes to the year step and clears the year', () => {
    expect(pickerReducer(atVariant(), { type: 'back' })).toMatchObject({ step: 2, model: myvi, year: null, variant: null });
  });

  test('from the variant step after a skipped year clears the skip', () => {
    const skippedYear = pickerReducer(atYear(), { type: 'skipYear' });
    expect(pickerReducer(skippedYear, { type: 'back' })).toMatchObject({ step: 2, year: null, noYear: false });
  });

  test('after choosing a variant goes back to the years, clearing the year and the variant', () => {
    const back = pickerReducer(withVariant(), { type: 'back' });
    expect(back).toMatchObject({ step: 2, year: null, variant: null, noBt: false });
    expect(canConfirm(back)).toBe(false);
  });

  test('after skipping the variant goes back to the years, clearing the skip', () => {
    const back = pickerReducer(pickerReducer(atVariant(), { type: 'skipVariant' }), { type: 'back' });
    expect(back).toMatchObject({ step: 2, year: null, noBt: false });
  });

  test('on the brand step stays there', () => {
    expect(pickerReducer(atBrand(), { type: 'back' })).toEqual(initialPicker);
  });

  test('then choosing again does not bring back the picks that were cleared', () => {
    const backToModels = pickerReducer(pickerReducer(atVariant(), { type: 'back' }), { type: 'back' });
    const chosen = pickerReducer(backToModels, { type: 'model', model: axia });
    expect(chosen).toMatchObject({ step: 2, model: axia, year: null, variant: null, noYear: false, noBt: false });
  });
});

describe('choosing again on an earlier step', () => {
  test('another brand clears the model, year and variant', () => {
    const state = pickerReducer(withVariant(), { type: 'brand', brand: proton });
    expect(state).toEqual({ ...initialPicker, step: 1, brand: proton });
  });

  test('another model clears the year, variant and skips', () => {
    const skipped = run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi }, { type: 'skipYear' }, { type: 'skipVariant' });
    expect(pickerReducer(skipped, { type: 'model', model: axia })).toMatchObject({ step: 2, model: axia, year: null, variant: null, noYear: false, noBt: false });
  });

  test('Reset starts over', () => {
    expect(pickerReducer(withVariant(), { type: 'reset' })).toEqual(initialPicker);
  });
});

describe('the carInfo saved for the chosen car', () => {
  test('has every field of the spec for a Perodua Myvi 2022 1.5 AV', () => {
    expect(toCarInfo(withVariant())).toEqual({
      brand: 'Perodua',
      model: 'Myvi',
      year: '2022',
      variant: '1.5 AV',
      brandId: 'perodua',
      modelId: 'perodua-myvi',
      yearId: 'perodua-myvi:2022',
      variantId: 'perodua-myvi-1.5-av',
      noYear: false,
      noBt: false,
      bodyType: 'Hatchback',
    });
  });

  test('with year and variant skipped, leaves them empty and says so', () => {
    const skipped = run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi }, { type: 'skipYear' }, { type: 'skipVariant' });
    expect(toCarInfo(skipped)).toEqual({
      brand: 'Perodua',
      model: 'Myvi',
      year: '',
      variant: '',
      brandId: 'perodua',
      modelId: 'perodua-myvi',
      yearId: '',
      variantId: '',
      noYear: true,
      noBt: true,
      bodyType: undefined,
    });
  });

  test('with only the year skipped, keeps the variant', () => {
    const state = run({ type: 'brand', brand: perodua }, { type: 'model', model: myvi }, { type: 'skipYear' }, { type: 'variant', variant: av });
    expect(toCarInfo(state)).toMatchObject({ year: '', yearId: '', noYear: true, variant: '1.5 AV', variantId: 'perodua-myvi-1.5-av', noBt: false });
  });

  test('with only the variant skipped, keeps the year', () => {
    expect(toCarInfo(pickerReducer(atVariant(), { type: 'skipVariant' }))).toMatchObject({ year: '2022', yearId: 'perodua-myvi:2022', noYear: false, variant: '', noBt: true });
  });

  test('is nothing before Confirm is offered', () => {
    expect(toCarInfo(atBrand())).toBeNull();
    expect(toCarInfo(atYear())).toBeNull();
    expect(toCarInfo(atVariant())).toBeNull();
  });
});

describe('"Choose your variant" for a car chosen without one', () => {
  const noVariant = toCarInfo(pickerReducer(atVariant(), { type: 'skipVariant' }))!;

  test('opens at the variant step of that model and year, nothing else to choose again', () => {
    const state = startingAt({ variantOf: noVariant });
    expect(state).toEqual({ ...atVariant(), brand: { ...perodua, popular: false } });
    expect(canConfirm(state)).toBe(false);
    expect(toCarInfo(pickerReducer(state, { type: 'variant', variant: av }))).toMatchObject({ brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av' });
  });

  test('with the year skipped too, lists every variant of the model, and Back leads to the year', () => {
    const state = startingAt({ variantOf: { ...noVariant, year: '', yearId: '', noYear: true } });
    expect(state).toMatchObject({ step: 3, model: myvi, year: null, noYear: true, noBt: false });
    expect(pickerReducer(state, { type: 'back' })).toMatchObject({ step: 2, model: myvi });
  });

  test('any other opening starts at Brand', () => {
    expect(startingAt(true)).toEqual(initialPicker);
  });
});
