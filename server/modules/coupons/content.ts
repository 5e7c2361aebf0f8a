import { z } from 'zod';
import { readContent } from '../../db/content.ts';
import { localized } from '../../i18n/localized.ts';
import { normaliseCouponCode } from '../../../contract/rules/coupon.ts';

/** content/orders/coupons.json: the shop's coupons. Dates are Kuala Lumpur dates, both days included. */
const sen = z.number().int().min(0);
const date = z.iso.date();

const common = {
  /** As customers type it, in capitals: letters and digits only (any case and spacing is accepted at checkout). */
  code: z.string().regex(/^[A-Z0-9]{4,20}$/, 'capital letters and digits, 4 to 20 of them'),
  title: localized,
  /** The goods (after labour and tax, before delivery) an order must reach. */
  minSpendSen: sen,
  validFrom: date,
  validUntil: date,
  /** Uses across all customers; null: no limit. */
  totalUses: z.number().int().min(1).nullable(),
  perCustomer: z.number().int().min(1),
  /** Only for a customer with no earlier paid order. */
  firstOrderOnly: z.boolean(),
};

export const couponContent = z
  .discriminatedUnion('kind', [
    z.strictObject({ ...common, kind: z.literal('percent'), percent: z.number().int().min(1).max(100), capSen: sen.min(1).nullable() }),
    z.strictObject({ ...common, kind: z.literal('amount'), amountSen: sen.min(1) }),
  ])
  .refine((c) => c.validFrom <= c.validUntil, { message: 'validUntil is before validFrom', path: ['validUntil'] });
export type Coupon = z.infer<typeof couponContent>;

export const couponsFile = z.strictObject({ coupons: z.array(couponContent) });

/** Codes are unique however they are typed. */
export function checkCoupons(coupons: Coupon[]): Coupon[] {
  const seen = new Set<string>();
  for (const c of coupons) {
    const code = normaliseCouponCode(c.code);
    if (seen.has(code)) throw new Error(`content/orders/coupons.json: the code "${c.code}" is used twice`);
    seen.add(code);
  }
  return coupons;
}

export async function loadCoupons(contentDir: string): Promise<Coupon[]> {
  return checkCoupons((await readContent(contentDir, 'orders/coupons.json', couponsFile)).coupons);
}
