import { z } from 'zod';
import { defineCall } from './call.ts';
import { lineOptions, MAX_QUANTITY } from './line.ts';
import { paths } from './paths.ts';

const id = z.string().min(1).max(80).regex(/^[a-z0-9.:-]+$/, 'field.invalid');

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 48;

export const priceBreakdown = z
  .object({
    partsSen: z.number().int(),
    labourSen: z.number().int(),
    serviceTaxSen: z.number().int().meta({ description: '8 % service tax on labour.' }),
    totalSen: z.number().int(),
    sizeClass: z.enum(['S', 'M', 'L', 'XL']).meta({ description: 'The car size the labour is priced for (S when no car is chosen).' }),
  })
  .meta({ id: 'PriceBreakdown' });
export type PriceBreakdownDto = z.infer<typeof priceBreakdown>;

export const fit = z
  .object({
    status: z.enum(['fits', 'noFit', 'unknown']),
    reason: z.string().meta({ description: 'Why it does not fit, in the request language; empty otherwise.' }),
  })
  .meta({ id: 'Fit' });
export type FitDto = z.infer<typeof fit>;

export const productCard = z
  .object({
    id: z.string(),
    category: z.string().meta({ description: 'className, e.g. "Wiper Blade".' }),
    categorySlug: z.string(),
    brand: z.string(),
    name: z.string(),
    summary: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    unit: z.string(),
    price: priceBreakdown,
    listPriceSen: z.number().int(),
    savingPercent: z.number().int(),
    fit,
    fromPrice: z.boolean().meta({
      description: 'The price is the lowest the product comes at, not yet its price: no variant chosen, or (tyres, brake pads) the car’s size or pad not made in this line.',
    }),
    tyreSize: z.string().nullable().meta({ description: 'Tyres: the size priced and fitted to the car (the first of its sizes this line makes); null otherwise.' }),
    tyreSizes: z.array(z.string()).meta({ description: 'Tyres: every size of the car this line is made in (a car may take several); empty otherwise.' }),
  })
  .meta({ id: 'ProductCard' });
export type ProductCard = z.infer<typeof productCard>;

export const productDetail = productCard
  .extend({
    description: z.string(),
    included: z.array(z.string()),
    warrantyMonths: z.number().int(),
    noFitting: z.boolean().meta({
      description: 'The customer lays or fits it themselves (car mats): no installation, only pickup or post, and no workmanship warranty.',
    }),
    /** Wiper lengths the product is made in, the car's (driver, passenger, rear) when known, and what can be chosen. */
    wiper: z
      .object({
        lengths: z.array(z.number().int()),
        car: z.object({ driver: z.number(), passenger: z.number(), rear: z.number().nullable() }).nullable(),
        choices: z.object({ driver: z.array(z.number().int()), passenger: z.array(z.number().int()), rear: z.array(z.number().int()) }),
        rearBladeSen: z.number().int().nullable().meta({ description: 'A rear blade, when the line makes them; added to the parts price.' }),
      })
      .nullable(),
    /** Tinting films: the shades that can be chosen per window group, all within the JPJ minimums. */
    tint: z.object({ front: z.array(z.number()), rearWindscreen: z.array(z.number()), sideWindows: z.array(z.number()) }).nullable(),
    /** For service packages: the engine oil included, which change/list can swap. */
    oil: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Tyres: the sizes that can be chosen (the car's this line makes, or all it makes without a car), each with its parts price. */
    tyreChoices: z.array(z.object({ size: z.string(), partsSen: z.number().int() })).nullable(),
    quantity: z.number().int(),
    maxQuantity: z.number().int().meta({ description: 'How many one car can take in one order: 4 tyres; 1 of anything sold per car.' }),
    options: lineOptions.meta({ description: 'The choices as the order carries them: those asked for, and those the car settles.' }),
    lineTotal: priceBreakdown.meta({ description: '`price` (one unit, for the choices) times the quantity.' }),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetail>;

const carRef = {
  variantId: id.optional().meta({ description: 'The chosen variant: prices for its size, fit checked.' }),
};

/** The car as far as it is known when the variant was skipped. */
const skippedVariant = {
  modelId: id.optional().meta({ description: 'With the variant skipped: the model chosen. A product that fits none of its variants does not fit.' }),
  yearId: id.optional().meta({ description: 'With the variant skipped: the model year chosen ("perodua-myvi:2023"), narrowing the variants.' }),
};

export const typeList = defineCall({
  path: paths.typeList,
  summary: 'The seven categories, in the request language, with how many products each has',
  tag: 'catalog',
  auth: false,
  request: z.strictObject({}),
  response: z.array(z.object({ className: z.string(), slug: z.string(), name: z.string(), count: z.number().int() })),
});

export const productPage = defineCall({
  path: paths.productPage,
  summary: 'One page of products: by category, narrowed and priced for a car, searched and sorted',
  tag: 'catalog',
  auth: false,
  request: z.strictObject({
    category: z.string().max(40).optional().meta({ description: 'className ("Wiper Blade") or route slug ("auto-wiper-blade").' }),
    ...carRef,
    ...skippedVariant,
    keyword: z.string().max(60).optional(),
    sort: z.enum(['popular', 'priceAsc', 'priceDesc', 'saving']).default('popular'),
    /** Only what fits the chosen car. */
    fitsOnly: z.boolean().default(false),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  }),
  response: z.object({
    list: z.array(productCard),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    car: z.object({ name: z.string(), sizeClass: z.string() }).nullable(),
  }),
  codes: { 404: 'Unknown category or variant.' },
});

export const productFind = defineCall({
  path: paths.productFind,
  summary: 'One product with its fit for the car, its choices, and its fitted price for the choices made',
  tag: 'catalog',
  auth: false,
  request: z.strictObject({
    id,
    ...carRef,
    ...skippedVariant,
    quantity: z.number().int().min(1).max(MAX_QUANTITY).default(1),
    options: lineOptions.optional(),
  }),
  response: productDetail,
  codes: { 400: 'A choice the product or the car does not offer (data.field names it).', 404: 'Unknown product or variant.' },
});

export const productChangeList = defineCall({
  path: paths.productChangeList,
  summary: 'Alternatives for one part of a package (the engine oil of a service), with the price difference',
  tag: 'catalog',
  auth: false,
  request: z.strictObject({ id, ...carRef }),
  response: z.object({
    slot: z.literal('engineOil'),
    current: z.string(),
    list: z.array(productCard.extend({ differenceSen: z.number().int().meta({ description: 'Against the oil included.' }) })),
  }),
  codes: { 404: 'Unknown product or variant, or a product with nothing to change.' },
});
