import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

const id = z.string().min(1).max(80).regex(/^[a-z0-9.:-]+$/, 'field.invalid');

export const brandItem = z.object({ brand: z.string(), brandId: z.string(), popular: z.boolean() }).meta({ id: 'Brand' });
export const modelItem = z.object({ carModel: z.string(), modelId: z.string(), brandId: z.string() }).meta({ id: 'Model' });
export const yearItem = z.object({ carYear: z.string(), yearId: z.string().meta({ description: '<modelId>:<year>' }) }).meta({ id: 'Year' });
export const variantItem = z
  .object({
    carVariant: z.string(),
    variantId: z.string(),
    engine: z.string(),
    transmission: z.string(),
    fuel: z.string(),
    bodyType: z.string(),
    sizeClass: z.enum(['S', 'M', 'L', 'XL']),
    years: z.tuple([z.number().int(), z.number().int()]),
  })
  .meta({ id: 'Variant' });
export type BrandItem = z.infer<typeof brandItem>;
export type ModelItem = z.infer<typeof modelItem>;
export type YearItem = z.infer<typeof yearItem>;
export type VariantItem = z.infer<typeof variantItem>;

export const carSizeChose = defineCall({
  path: paths.carSizeChose,
  summary: 'The car picker, one level at a time: brands; models of brandId; years of modelId; variants of yearId (or of modelId when the year is skipped)',
  tag: 'vehicles',
  auth: false,
  request: z.strictObject({
    brandId: id.optional(),
    modelId: id.optional(),
    yearId: id.optional(),
    /** With modelId and no yearId: every variant of the model (the year was skipped). */
    level: z.enum(['brand', 'model', 'year', 'variant']).optional(),
    keyword: z.string().max(60).optional().meta({ description: 'Narrows the level by name, ignoring case and spaces.' }),
  }),
  response: z.discriminatedUnion('level', [
    z.object({ level: z.literal('brand'), list: z.array(brandItem) }),
    z.object({ level: z.literal('model'), list: z.array(modelItem) }),
    z.object({ level: z.literal('year'), list: z.array(yearItem) }),
    z.object({ level: z.literal('variant'), list: z.array(variantItem) }),
  ]),
  codes: { 404: 'No brand, model or year with that id.' },
});

/** A car in the customer's garage; the spec's carInfo fields plus what the top bar shows. */
export const savedCar = z
  .object({
    id: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.string(),
    variant: z.string(),
    brandId: z.string(),
    modelId: z.string(),
    yearId: z.string(),
    variantId: z.string(),
    noYear: z.boolean(),
    noBt: z.boolean(),
    bodyType: z.string(),
    current: z.boolean(),
    plate: z.string().meta({ description: 'The plate given at the last checkout for this car, or typed in the garage ("" until then): the next checkout starts with it.' }),
    roadTaxExpiry: z.string().nullable().meta({ description: 'When the road tax runs out (YYYY-MM-DD), as the customer typed it; null until then.' }),
    insuranceExpiry: z.string().nullable().meta({ description: 'When the insurance runs out (YYYY-MM-DD), as the customer typed it; null until then.' }),
  })
  .meta({ id: 'SavedCar' });
export type SavedCar = z.infer<typeof savedCar>;

/** Garage limit: enough for a household, small enough to stay a picker. */
export const GARAGE_SIZE = 5;

export const carInfoAdd = defineCall({
  path: paths.carInfoAdd,
  summary: 'Save a car to the garage and make it current (the same car again only becomes current)',
  tag: 'vehicles',
  auth: true,
  request: z.strictObject({
    brandId: id,
    modelId: id,
    yearId: id.optional(),
    variantId: id.optional(),
  }),
  response: z.array(savedCar),
  codes: { 404: 'Unknown brand, model, year or variant, or they do not belong together.', 807: 'The garage is full.' },
});

export const carInfoList = defineCall({
  path: paths.carInfoList,
  summary: 'The cars in the garage, the current one first',
  tag: 'vehicles',
  auth: true,
  request: z.strictObject({}),
  response: z.array(savedCar),
});

export const carInfoCurrent = defineCall({
  path: paths.carInfoCurrent,
  summary: 'Make a saved car the current one',
  tag: 'vehicles',
  auth: true,
  request: z.strictObject({ id: z.uuid() }),
  response: z.array(savedCar),
  codes: { 404: 'No such car in this garage.' },
});

export const carInfoDel = defineCall({
  path: paths.carInfoDel,
  summary: 'Remove a car from the garage',
  tag: 'vehicles',
  auth: true,
  request: z.strictObject({ id: z.uuid() }),
  response: z.array(savedCar),
  codes: { 404: 'No such car in this garage.' },
});
