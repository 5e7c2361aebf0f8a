import { z } from 'zod';
import { categories, type CategoryClassName } from '../../../contract/rules/categories.ts';
import { fulfilmentMethods } from '../../../contract/rules/order-status.ts';
import { ATOME_LEAST_SEN } from '../../../contract/rules/pay-later.ts';
import { readContent } from '../../db/content.ts';

/**
 * content/orders/fulfilment.json: how each category may reach the customer and how long a
 * workshop needs to fit it; content/orders/delivery.json: the mailing fees; warranty.json below.
 */
const classNames = categories.map((c) => c.className) as [CategoryClassName, ...CategoryClassName[]];
/** The methods a category lists; fitting at the customer's place is its own flag (`mobile`). */
const methods = z
  .array(z.enum(fulfilmentMethods.filter((m) => m !== 'mobile') as ['install', 'pickup', 'mail']))
  .min(1)
  .refine((list) => new Set(list).size === list.length, 'a method is listed twice');
/** Minutes a bay is taken; a day is at most 24 hours. */
const minutes = z.number().int().min(0).max(24 * 60);

export const categoryFulfilment = z.strictObject({
  /** Fitted at the customer's place by a van (content/orders/mobile.json); default: not. */
  mobile: z.boolean().optional(),
  /** install: fitted at a workshop; pickup: collected at a workshop; mail: posted. */
  methods,
  /** Time to fit the first unit. */
  fittingMinutes: minutes,
  /** Time for each further unit of the same line (a second tyre is quicker than the first); default: as the first. */
  eachMoreMinutes: minutes.optional(),
});

/** A product that differs from its category: a longer job, or methods of its own (a battery is not posted). */
export const productFulfilment = categoryFulfilment.partial().refine((o) => Object.keys(o).length > 0, 'an override must change something');

export const fulfilmentFile = z.strictObject({
  categories: z.record(z.enum(classNames), categoryFulfilment),
  products: z.record(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), productFulfilment),
});
export type FulfilmentRules = z.infer<typeof fulfilmentFile>;

const sen = z.number().int().min(0);
const regionFee = z.strictObject({
  feeSen: sen,
  /** Goods (before a coupon) from which delivery is free; null: never free. */
  freeFromSen: sen.nullable(),
});

/** West: Peninsular Malaysia; east: Sabah, Sarawak and Labuan. */
export const deliveryFile = z.strictObject({ west: regionFee, east: regionFee });
export type DeliveryRules = z.infer<typeof deliveryFile>;

/**
 * content/orders/warranty.json: the workmanship warranty's days after completion, and the
 * oldest a tyre may be when fitted (the promise shown on tyre pages and at the checkout).
 */
export const warrantyFile = z.strictObject({
  warrantyDays: z.number().int().min(1).max(366),
  maxTyreAgeMonths: z.number().int().min(1).max(72),
});
export type WarrantyRules = z.infer<typeof warrantyFile>;

/** A product the customer fits themselves (`noFitting` in its content file). */
export interface SelfFitted {
  id: string;
  category: CategoryClassName;
}

/**
 * Every category needs its rules; every override must name a product of the catalogue; a
 * product that needs no fitting is never offered with installation, so the product page
 * (which reads `noFitting`) and the checkout say the same.
 */
export function checkFulfilment(rules: FulfilmentRules, productIds: ReadonlySet<string>, selfFitted: readonly SelfFitted[] = []): FulfilmentRules {
  for (const { className } of categories) {
    if (!rules.categories[className]) throw new Error(`content/orders/fulfilment.json: categories has no "${className}"`);
  }
  for (const id of Object.keys(rules.products)) {
    if (!productIds.has(id)) throw new Error(`content/orders/fulfilment.json: products names "${id}", which is not in the catalogue`);
  }
  for (const { id, category } of selfFitted) {
    const methods = rules.products[id]?.methods ?? rules.categories[category].methods;
    if (methods.includes('install')) throw new Error(`content/orders/fulfilment.json: ${id} needs no fitting (noFitting), but its methods include install`);
  }
  return rules;
}

export async function loadFulfilment(contentDir: string, productIds: ReadonlySet<string>, selfFitted: readonly SelfFitted[] = []): Promise<FulfilmentRules> {
  return checkFulfilment(await readContent(contentDir, 'orders/fulfilment.json', fulfilmentFile), productIds, selfFitted);
}

export async function loadDelivery(contentDir: string): Promise<DeliveryRules> {
  return readContent(contentDir, 'orders/delivery.json', deliveryFile);
}

export async function loadWarranty(contentDir: string): Promise<WarrantyRules> {
  return readContent(contentDir, 'orders/warranty.json', warrantyFile);
}

/**
 * content/orders/payments.json: the least amount Atome (pay later, through Curlec) is offered
 * for, in sen. Curlec takes Atome from RM 10.00 up (ATOME_LEAST_SEN), so a lower minimum would
 * offer what Curlec then refuses (docs/contracts/running-the-business.md §4).
 */
export const paymentsFile = z.strictObject({
  atomeMinSen: z
    .number()
    .int('a whole number of sen')
    .min(ATOME_LEAST_SEN, `at least ${ATOME_LEAST_SEN} sen (RM 10.00): Curlec takes Atome from RM 10.00 up`)
    .max(5_000_000_00, 'at most 500000000 sen (RM 5,000,000.00)'),
});
export type PaymentRules = z.infer<typeof paymentsFile>;

export async function loadPayments(contentDir: string): Promise<PaymentRules> {
  return readContent(contentDir, 'orders/payments.json', paymentsFile);
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:mm');

/** A van that fits at the customer's place (contract/rules/mobile.ts). */
const van = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    name: z.string().trim().min(1).max(60),
    baseStoreId: z.string().min(1),
    postcodes: z
      .array(z.string().regex(/^\d{5}(-\d{5})?$/, 'a postcode or a range "50000-50999"').refine((p) => { const [a, b = a] = p.split('-'); return a! <= b!; }, 'a range runs upwards'))
      .min(1),
    days: z.array(z.number().int().min(1).max(7)).min(1).refine((d) => new Set(d).size === d.length, 'a day is listed twice'),
    opens: hhmm,
    closes: hhmm,
    minutesPerDay: z.number().int().min(1).max(24 * 60),
    fitsTyres: z.boolean(),
  })
  .refine((v) => v.opens < v.closes, 'opens before it closes');

/** content/orders/mobile.json: the vans, their windows' length, the drive per job and the visit fee (before service tax). */
export const mobileFile = z.strictObject({
  windowHours: z.number().int().min(1).max(12),
  travelMinutes: z.number().int().min(0).max(240),
  visitFeeSen: sen,
  vans: z.array(van).refine((vans) => new Set(vans.map((v) => v.id)).size === vans.length, 'a van id is used twice'),
});
export type MobileFileRules = z.infer<typeof mobileFile>;

/** Every van's base is a workshop of the content. */
export function checkMobile(rules: MobileFileRules, workshopIds: ReadonlySet<string>): MobileFileRules {
  for (const v of rules.vans) {
    if (!workshopIds.has(v.baseStoreId)) throw new Error(`content/orders/mobile.json: van "${v.id}" is based at "${v.baseStoreId}", which is not a workshop`);
  }
  return rules;
}

export async function loadMobile(contentDir: string, workshopIds: ReadonlySet<string>): Promise<MobileFileRules> {
  return checkMobile(await readContent(contentDir, 'orders/mobile.json', mobileFile), workshopIds);
}
