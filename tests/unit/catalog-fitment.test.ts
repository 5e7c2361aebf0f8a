import { describe, expect, test } from 'vitest';
import { fitVerdict, type CarFacts } from '../../server/modules/catalog/fitment.ts';

/** A Perodua Myvi 1.5 AV (3rd generation): 24″ + 14″ front wipers, rear drums, 0W-20 oil. */
const myvi: CarFacts = {
  name: '1.5 AV',
  bodyType: 'Hatchback',
  fitment: {
    tyres: ['195/50R16'],
    wipers: { driver: 24, passenger: 14, rear: 12 },
    brakePads: { front: 'PD-D2161', rear: null },
    oil: { grade: '0W-20', litres: 3.7 },
  },
};

/** A Honda Civic 1.5 TC (10th generation): two wheel sizes, disc brakes all round, no rear wiper. */
const civic: CarFacts = {
  name: '1.5 TC',
  bodyType: 'Sedan',
  fitment: {
    tyres: ['215/50R17', '235/40R18'],
    wipers: { driver: 26, passenger: 18, rear: null },
    brakePads: { front: 'PD-H1089', rear: 'PD-H1090' },
    oil: { grade: '0W-20', litres: 3.7 },
  },
};

/** A Proton e.MAS 7: electric, no engine oil. */
const emas7: CarFacts = {
  name: 'Premium',
  bodyType: 'SUV',
  fitment: {
    tyres: ['235/50R19'],
    wipers: { driver: 26, passenger: 16, rear: 12 },
    brakePads: { front: 'PD-P7701', rear: 'PD-P7702' },
    oil: null,
  },
};

describe('a product that fits every car', () => {
  test('fits a Myvi', () => {
    expect(fitVerdict({ kind: 'universal' }, myvi)).toEqual({ status: 'fits' });
  });

  test('fits even when no car is chosen', () => {
    expect(fitVerdict({ kind: 'universal' }, null)).toEqual({ status: 'fits' });
  });
});

describe('without a car', () => {
  test.each([
    ['wiper blades', { kind: 'wiper', lengths: [14, 24] }],
    ['tyres', { kind: 'tyre', sizes: { '195/50R16': 30000 } }],
    ['brake pads', { kind: 'brakePads', axle: 'front', codes: { 'PD-D2161': 9900 } }],
    ['engine oil', { kind: 'oil', grades: ['0W-20'] }],
    ['car mats', { kind: 'bodyTypes', bodyTypes: ['Hatchback'] }],
  ] as const)('%s are unknown: the customer must check', (_name, rule) => {
    expect(fitVerdict(structuredClone(rule) as never, null)).toEqual({ status: 'unknown' });
  });
});

describe('wiper blades', () => {
  test('fit when both front blades are made in the lengths the car takes', () => {
    expect(fitVerdict({ kind: 'wiper', lengths: [14, 16, 18, 20, 22, 24, 26] }, myvi)).toEqual({ status: 'fits' });
  });

  test('do not fit when the driver blade is not made in the car’s length', () => {
    const verdict = fitVerdict({ kind: 'wiper', lengths: [14, 16, 18, 20, 22] }, myvi);
    expect(verdict).toEqual({
      status: 'noFit',
      reason: { key: 'fit.wiperLengths', params: { needed: '24″ + 14″', made: '14–22″' } },
    });
  });

  test('do not fit when only the passenger blade is missing', () => {
    const verdict = fitVerdict({ kind: 'wiper', lengths: [18, 20, 22, 24, 26] }, myvi);
    expect(verdict.status).toBe('noFit');
  });

  test('the rear blade does not count: the set is for the windscreen', () => {
    expect(fitVerdict({ kind: 'wiper', lengths: [14, 24] }, myvi)).toEqual({ status: 'fits' });
  });

  test('the lengths made are told as a range, shortest first', () => {
    const verdict = fitVerdict({ kind: 'wiper', lengths: [28, 16, 20] }, myvi);
    expect(verdict).toMatchObject({ reason: { params: { made: '16–28″' } } });
  });

  test('a blade made in one length tells that length', () => {
    const verdict = fitVerdict({ kind: 'wiper', lengths: [12] }, myvi);
    expect(verdict).toMatchObject({ reason: { params: { needed: '24″ + 14″', made: '12″' } } });
  });
});

describe('tyres', () => {
  test('fit when made in the car’s size', () => {
    expect(fitVerdict({ kind: 'tyre', sizes: { '185/55R15': 30000, '195/50R16': 30000 } }, myvi)).toEqual({ status: 'fits' });
  });

  test('fit when made in any one of the car’s sizes', () => {
    expect(fitVerdict({ kind: 'tyre', sizes: { '235/40R18': 30000 } }, civic)).toEqual({ status: 'fits' });
  });

  test('do not fit otherwise, telling the sizes the car takes', () => {
    expect(fitVerdict({ kind: 'tyre', sizes: { '205/55R16': 30000 } }, civic)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.tyreSize', params: { needed: '215/50R17, 235/40R18' } },
    });
  });
});

describe('brake pads', () => {
  test('front pads fit when made for the car’s front pad code', () => {
    expect(fitVerdict({ kind: 'brakePads', axle: 'front', codes: { 'PD-D2161': 9900, 'PD-D2170': 9900 } }, myvi)).toEqual({ status: 'fits' });
  });

  test('front pads for another car do not fit', () => {
    expect(fitVerdict({ kind: 'brakePads', axle: 'front', codes: { 'PD-H1089': 9900 } }, myvi)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.brakePadsFront' },
    });
  });

  test('rear pads fit when made for the car’s rear pad code', () => {
    expect(fitVerdict({ kind: 'brakePads', axle: 'rear', codes: { 'PD-H1090': 9900 } }, civic)).toEqual({ status: 'fits' });
  });

  test('rear pads for another car do not fit', () => {
    expect(fitVerdict({ kind: 'brakePads', axle: 'rear', codes: { 'PD-D2161': 9900 } }, civic)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.brakePadsRear' },
    });
  });

  test('rear pads never fit a car with drum brakes at the rear', () => {
    expect(fitVerdict({ kind: 'brakePads', axle: 'rear', codes: { 'PD-D2161': 9900, 'PD-H1090': 9900 } }, myvi)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.noRearDisc' },
    });
  });
});

describe('engine oil and services that include it', () => {
  test('fit when the engine takes that grade', () => {
    expect(fitVerdict({ kind: 'oil', grades: ['0W-20', '5W-30'] }, myvi)).toEqual({ status: 'fits' });
  });

  test('do not fit another grade, telling the grade the engine takes', () => {
    expect(fitVerdict({ kind: 'oil', grades: ['10W-40'] }, myvi)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.oilGrade', params: { needed: '0W-20' } },
    });
  });

  test('never fit an electric car', () => {
    expect(fitVerdict({ kind: 'oil', grades: ['0W-20', '5W-30', '10W-40'] }, emas7)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.electric' },
    });
  });
});

describe('products cut to the body (mats, tint)', () => {
  test('fit the body types they are cut for', () => {
    expect(fitVerdict({ kind: 'bodyTypes', bodyTypes: ['Hatchback', 'Sedan'] }, myvi)).toEqual({ status: 'fits' });
  });

  test('do not fit another body, telling the car’s body type', () => {
    expect(fitVerdict({ kind: 'bodyTypes', bodyTypes: ['Pickup', 'Van'] }, emas7)).toEqual({
      status: 'noFit',
      reason: { key: 'fit.bodyType', params: { needed: 'SUV' } },
    });
  });

  test('fit an electric car like any other', () => {
    expect(fitVerdict({ kind: 'bodyTypes', bodyTypes: ['SUV'] }, emas7)).toEqual({ status: 'fits' });
  });
});
