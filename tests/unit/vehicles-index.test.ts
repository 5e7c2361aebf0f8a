import { describe, expect, test } from 'vitest';
import type { BrandContent } from '../../server/modules/vehicles/content.ts';
import { indexCars, normalise } from '../../server/modules/vehicles/index-of-cars.ts';

type VariantContent = BrandContent['models'][number]['variants'][number];

const fitment: VariantContent['fitment'] = {
  tyres: ['195/50R16'],
  wipers: { driver: 24, passenger: 14, rear: 12 },
  brakePads: { front: 'PD-D2161', rear: null },
  oil: { grade: '0W-20', litres: 3.7 },
};

function variant(id: string, name: string, years: [number, number], extra: Partial<VariantContent> = {}): VariantContent {
  return { id, name, years, engine: '1.5L 2NR-VE', transmission: 'CVT', fuel: 'Petrol', bodyType: 'Hatchback', sizeClass: 'S', fitment, ...extra };
}

const perodua: BrandContent = {
  id: 'perodua',
  name: 'Perodua',
  popular: true,
  models: [
    {
      id: 'perodua-myvi',
      name: 'Myvi',
      variants: [
        variant('perodua-myvi-1.5-av', '1.5 AV', [2018, 2025]),
        variant('perodua-myvi-1.3-g', '1.3 G', [2018, 2025], { engine: '1.3L 1NR-VE', transmission: 'Manual' }),
        variant('perodua-myvi-1.5-se', '1.5 SE', [2011, 2017], { engine: '1.5L 3SZ-VE', transmission: 'Automatic' }),
      ],
    },
    {
      id: 'perodua-axia',
      name: 'Axia',
      variants: [variant('perodua-axia-1.0-av', '1.0 AV', [2023, 2025], { engine: '1.0L 1KR-VE' })],
    },
  ],
};

const honda: BrandContent = {
  id: 'honda',
  name: 'Honda',
  popular: true,
  models: [
    {
      id: 'honda-cr-v',
      name: 'CR-V',
      variants: [variant('honda-cr-v-1.5-tc-p', '1.5 TC-P', [2023, 2025], { bodyType: 'SUV', sizeClass: 'L', engine: '1.5L VTEC Turbo' })],
    },
    {
      id: 'honda-city',
      name: 'City',
      variants: [
        variant('honda-city-1.5-v', '1.5 V', [2020, 2025], { bodyType: 'Sedan', sizeClass: 'M' }),
        variant('honda-city-1.5-rs-ehev', '1.5 RS e:HEV', [2021, 2025], { bodyType: 'Sedan', sizeClass: 'M', fuel: 'Hybrid' }),
      ],
    },
  ],
};

const proton: BrandContent = {
  id: 'proton',
  name: 'Proton',
  popular: true,
  models: [{ id: 'proton-saga', name: 'Saga', variants: [variant('proton-saga-1.3-premium', '1.3 Premium', [2022, 2025])] }],
};

const bmw: BrandContent = {
  id: 'bmw',
  name: 'BMW',
  popular: false,
  models: [{ id: 'bmw-3-series', name: '3 Series', variants: [variant('bmw-3-series-330e-m-sport', '330e M Sport', [2019, 2025], { sizeClass: 'L', bodyType: 'Sedan' })] }],
};

const audi: BrandContent = {
  id: 'audi',
  name: 'Audi',
  popular: false,
  models: [{ id: 'audi-a4', name: 'A4', variants: [variant('audi-a4-2.0-tfsi', '2.0 TFSI', [2016, 2020], { bodyType: 'Sedan', sizeClass: 'L' })] }],
};

const cars = indexCars([bmw, perodua, audi, proton, honda]);

describe('brands', () => {
  test('the popular brands come first, then the rest, each group A to Z', () => {
    expect(cars.brands().map((b) => b.brand)).toEqual(['Honda', 'Perodua', 'Proton', 'Audi', 'BMW']);
  });

  test('each brand says whether it is popular', () => {
    expect(cars.brands()[1]).toEqual({ brand: 'Perodua', brandId: 'perodua', popular: true });
    expect(cars.brands().at(-1)).toEqual({ brand: 'BMW', brandId: 'bmw', popular: false });
  });

  test('a keyword narrows them, ignoring case', () => {
    expect(cars.brands('PERO').map((b) => b.brandId)).toEqual(['perodua']);
  });

  test('a keyword that matches nothing gives an empty list', () => {
    expect(cars.brands('Lamborghini')).toEqual([]);
  });

  test('an empty keyword gives every brand', () => {
    expect(cars.brands('')).toHaveLength(5);
  });
});

describe('models', () => {
  test('are the brand’s models, A to Z', () => {
    expect(cars.models('perodua')).toEqual([
      { carModel: 'Axia', modelId: 'perodua-axia', brandId: 'perodua' },
      { carModel: 'Myvi', modelId: 'perodua-myvi', brandId: 'perodua' },
    ]);
  });

  test('are none for an unknown brand', () => {
    expect(cars.models('hyundai')).toBeNull();
  });

  test('a keyword matches ignoring case, spaces and dashes', () => {
    for (const keyword of ['crv', 'CR V', 'cr-v', 'C.R.V']) {
      expect(cars.models('honda', keyword)?.map((m) => m.modelId), keyword).toEqual(['honda-cr-v']);
    }
  });

  test('a keyword may name the brand with the model', () => {
    expect(cars.models('perodua', 'Perodua Myvi')?.map((m) => m.modelId)).toEqual(['perodua-myvi']);
  });

  test('a keyword with spaces inside a name still matches', () => {
    expect(cars.models('bmw', '3series')?.map((m) => m.modelId)).toEqual(['bmw-3-series']);
  });
});

describe('years', () => {
  test('are every year any variant of the model was sold, newest first', () => {
    expect(cars.years('perodua-myvi')?.map((y) => y.carYear)).toEqual([
      '2025', '2024', '2023', '2022', '2021', '2020', '2019', '2018', '2017', '2016', '2015', '2014', '2013', '2012', '2011',
    ]);
  });

  test('each year has an id made of the model and the year', () => {
    expect(cars.years('perodua-axia')?.[0]).toEqual({ carYear: '2025', yearId: 'perodua-axia:2025' });
  });

  test('a year sold by two variants is listed once', () => {
    const years = cars.years('honda-city')!.map((y) => y.carYear);
    expect(years.filter((y) => y === '2022')).toHaveLength(1);
    expect(years).toEqual(['2025', '2024', '2023', '2022', '2021', '2020']);
  });

  test('a keyword narrows them', () => {
    expect(cars.years('perodua-myvi', '201')?.map((y) => y.carYear)).toEqual(['2019', '2018', '2017', '2016', '2015', '2014', '2013', '2012', '2011']);
  });

  test('are none for an unknown model', () => {
    expect(cars.years('perodua-kancil')).toBeNull();
  });
});

describe('variants', () => {
  test('of a year are those sold that year', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2020' })?.map((v) => v.variantId)).toEqual(['perodua-myvi-1.5-av', 'perodua-myvi-1.3-g']);
  });

  test('of an older year are the older generation', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2015' })?.map((v) => v.carVariant)).toEqual(['1.5 SE']);
  });

  test('include the first and the last year sold', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2011' })?.map((v) => v.carVariant)).toEqual(['1.5 SE']);
    expect(cars.variants({ yearId: 'perodua-myvi:2017' })?.map((v) => v.carVariant)).toEqual(['1.5 SE']);
    expect(cars.variants({ yearId: 'perodua-myvi:2018' })?.map((v) => v.carVariant)).toEqual(['1.5 AV', '1.3 G']);
  });

  test('when the year is skipped, are every variant of the model', () => {
    expect(cars.variants({ modelId: 'perodua-myvi' })?.map((v) => v.variantId)).toEqual([
      'perodua-myvi-1.5-av',
      'perodua-myvi-1.3-g',
      'perodua-myvi-1.5-se',
    ]);
  });

  test('say what the customer needs to tell them apart, and nothing internal', () => {
    expect(cars.variants({ yearId: 'honda-cr-v:2024' })).toEqual([
      {
        carVariant: '1.5 TC-P',
        variantId: 'honda-cr-v-1.5-tc-p',
        engine: '1.5L VTEC Turbo',
        transmission: 'CVT',
        fuel: 'Petrol',
        bodyType: 'SUV',
        sizeClass: 'L',
        years: [2023, 2025],
      },
    ]);
  });

  test('a keyword matches the variant name ignoring case and spaces', () => {
    expect(cars.variants({ modelId: 'perodua-myvi' }, '1.5av')?.map((v) => v.variantId)).toEqual(['perodua-myvi-1.5-av']);
  });

  test('a keyword matches the transmission', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2020' }, 'manual')?.map((v) => v.variantId)).toEqual(['perodua-myvi-1.3-g']);
  });

  test('a keyword matches the engine', () => {
    expect(cars.variants({ modelId: 'perodua-myvi' }, '3SZ')?.map((v) => v.variantId)).toEqual(['perodua-myvi-1.5-se']);
  });

  test('a keyword that matches nothing gives an empty list, not an unknown year', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2020' }, 'turbo')).toEqual([]);
  });

  test('are none for a year the model was not sold', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:2005' })).toBeNull();
  });

  test('are none for a year id that is not a year', () => {
    expect(cars.variants({ yearId: 'perodua-myvi:latest' })).toBeNull();
  });

  test('are none for an unknown model', () => {
    expect(cars.variants({ yearId: 'perodua-kancil:2005' })).toBeNull();
    expect(cars.variants({ modelId: 'perodua-kancil' })).toBeNull();
  });
});

describe('looking a car up by id', () => {
  test('a variant keeps its model, brand and fitment for pricing and fit', () => {
    expect(cars.variant('perodua-myvi-1.5-av')).toMatchObject({ modelId: 'perodua-myvi', brandId: 'perodua', sizeClass: 'S', fitment });
  });

  test('a model knows its brand', () => {
    expect(cars.model('honda-city')).toMatchObject({ carModel: 'City', brandId: 'honda' });
  });

  test('an unknown id finds nothing', () => {
    expect(cars.variant('perodua-myvi-2.0-turbo')).toBeUndefined();
    expect(cars.model('proton-wira')).toBeUndefined();
    expect(cars.brand('hyundai')).toBeUndefined();
  });

  test('a year id splits into its model and year', () => {
    expect(cars.parseYearId('honda-cr-v:2024')).toEqual({ modelId: 'honda-cr-v', year: 2024 });
  });

  test('counts brands, models and variants', () => {
    expect(cars.counts()).toEqual({ brands: 5, models: 7, variants: 10 });
  });
});

describe('normalising a name for search', () => {
  test('drops case, spaces, dashes, dots, underscores and slashes', () => {
    expect(normalise(' CR-V 1.5_TC/P ')).toBe('crv15tcp');
  });
});
