import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { normaliseCouponCode } from '../../contract/rules/coupon.ts';
import { message } from '../../contract/rules/messages.ts';
import { checkCoupons, couponContent, loadCoupons, type Coupon } from '../../server/modules/coupons/content.ts';
import { couponDiscount, evaluateCoupon, findCoupon, type CouponUse } from '../../server/modules/coupons/rules.ts';

const kl = (local: string) => new Date(`${local}+08:00`);
const now = kl('2026-11-23T10:00:00');
const firstTime: CouponUse = { usesTotal: 0, usesByCustomer: 0, paidOrders: 0 };
const regular: CouponUse = { usesTotal: 120, usesByCustomer: 0, paidOrders: 3 };

const title = { en: 't', 'zh-cn': 't', ms: 't' };
const window = { validFrom: '2026-01-01', validUntil: '2027-12-31' };
const tenPercent: Coupon = couponContent.parse({ code: 'SERVAUTO10', title, kind: 'percent', percent: 10, capSen: 3000, minSpendSen: 0, ...window, totalUses: 5000, perCustomer: 3, firstOrderOnly: false });
const save20: Coupon = couponContent.parse({ code: 'SAVE20', title, kind: 'amount', amountSen: 2000, minSpendSen: 20000, ...window, totalUses: null, perCustomer: 1, firstOrderOnly: false });
const welcome: Coupon = couponContent.parse({ code: 'WELCOME15', title, kind: 'amount', amountSen: 1500, minSpendSen: 5000, ...window, totalUses: null, perCustomer: 1, firstOrderOnly: true });
const merdeka: Coupon = couponContent.parse({ code: 'MERDEKA69', title, kind: 'percent', percent: 8, capSen: 6900, minSpendSen: 10000, validFrom: '2026-08-25', validUntil: '2026-09-16', totalUses: 1969, perCustomer: 1, firstOrderOnly: false });

describe('codes', () => {
  test.each([
    ['save20', 'SAVE20'],
    [' Save 20 ', 'SAVE20'],
    ['save-20', 'SAVE20'],
    ['ＳＡＶＥ２０', 'SAVE20'],
  ])('%j is %s', (typed, code) => {
    expect(normaliseCouponCode(typed)).toBe(code);
  });

  test('are found however they are typed', () => {
    expect(findCoupon([tenPercent, save20], 'save 20')).toBe(save20);
    expect(findCoupon([tenPercent, save20], 'SAVE21')).toBeUndefined();
    expect(findCoupon([tenPercent, save20], '  ')).toBeUndefined();
  });
});

describe('a percentage with a cap', () => {
  test('10 % off a RM 159.00 basic service is RM 15.90', () => {
    expect(evaluateCoupon(tenPercent, 15900, regular, now)).toEqual({ usable: true, discountSen: 1590 });
  });

  test('rounds down to the sen', () => {
    expect(couponDiscount(tenPercent, 15999)).toBe(1599);
  });

  test('stops at the cap: four tyres worth RM 903.20 save RM 30.00, not RM 90.32', () => {
    expect(evaluateCoupon(tenPercent, 90320, regular, now)).toEqual({ usable: true, discountSen: 3000 });
  });
});

describe('a fixed amount with a minimum spend', () => {
  test('RM 20 off an order of RM 200 or more', () => {
    expect(evaluateCoupon(save20, 20000, regular, now)).toEqual({ usable: true, discountSen: 2000 });
  });

  test('below the minimum, says how much more to spend', () => {
    expect(evaluateCoupon(save20, 15900, regular, now)).toEqual({
      usable: false,
      key: 'coupon.belowMinimum',
      params: { amount: 'RM 41.00', minimum: 'RM 200.00' },
      moreToSpendSen: 4100,
    });
    expect(message('en', 'coupon.belowMinimum', { amount: 'RM 41.00', minimum: 'RM 200.00' })).toBe('Spend RM 41.00 more to use this coupon (minimum RM 200.00).');
  });

  test('never takes more than the goods', () => {
    const big = couponContent.parse({ ...save20, minSpendSen: 0, amountSen: 50000 });
    expect(evaluateCoupon(big, 8900, regular, now)).toEqual({ usable: true, discountSen: 8900 });
  });
});

describe('a first-order coupon', () => {
  test('for a customer with no paid order yet', () => {
    expect(evaluateCoupon(welcome, 8900, firstTime, now)).toEqual({ usable: true, discountSen: 1500 });
  });

  test('not after the first paid order', () => {
    expect(evaluateCoupon(welcome, 8900, { ...firstTime, paidOrders: 1 }, now)).toMatchObject({ usable: false, key: 'coupon.firstOrderOnly' });
  });
});

describe('the validity window, in Kuala Lumpur dates', () => {
  test('an expired coupon says when it ended', () => {
    expect(evaluateCoupon(merdeka, 20000, regular, now)).toEqual({ usable: false, key: 'coupon.expired', params: { date: '2026-09-16' } });
  });

  test('usable all of its last day, KL time', () => {
    expect(evaluateCoupon(merdeka, 20000, regular, kl('2026-09-16T23:59:59')).usable).toBe(true);
    expect(evaluateCoupon(merdeka, 20000, regular, kl('2026-09-17T00:00:00')).usable).toBe(false);
    // 16:30 UTC on 16 September is already 17 September in Kuala Lumpur.
    expect(evaluateCoupon(merdeka, 20000, regular, new Date('2026-09-16T16:30:00Z')).usable).toBe(false);
  });

  test('not yet valid says from when', () => {
    expect(evaluateCoupon(merdeka, 20000, regular, kl('2026-08-24T23:00:00'))).toEqual({ usable: false, key: 'coupon.notYet', params: { date: '2026-08-25' } });
    expect(evaluateCoupon(merdeka, 20000, regular, kl('2026-08-25T00:00:00')).usable).toBe(true);
  });
});

describe('limits', () => {
  test('used up across all customers', () => {
    expect(evaluateCoupon(tenPercent, 15900, { ...regular, usesTotal: 5000 }, now)).toMatchObject({ usable: false, key: 'coupon.usedUp' });
    expect(evaluateCoupon(tenPercent, 15900, { ...regular, usesTotal: 4999 }, now).usable).toBe(true);
  });

  test('no limit when there is none', () => {
    expect(evaluateCoupon(save20, 20000, { ...regular, usesTotal: 1_000_000 }, now).usable).toBe(true);
  });

  test('per customer', () => {
    expect(evaluateCoupon(tenPercent, 15900, { ...regular, usesByCustomer: 2 }, now).usable).toBe(true);
    expect(evaluateCoupon(tenPercent, 15900, { ...regular, usesByCustomer: 3 }, now)).toMatchObject({ usable: false, key: 'coupon.alreadyUsed' });
  });

  test('what cannot change is said before what can: an expired coupon is not "spend more"', () => {
    expect(evaluateCoupon(merdeka, 100, regular, now)).toMatchObject({ key: 'coupon.expired' });
  });
});

describe('the reasons, in three languages', () => {
  test.each(['coupon.expired', 'coupon.notYet', 'coupon.firstOrderOnly', 'coupon.usedUp', 'coupon.alreadyUsed', 'coupon.belowMinimum', 'coupon.unknown'] as const)(
    '%s',
    (key) => {
      const en = message('en', key);
      expect(message('zh-cn', key)).not.toBe(en);
      expect(message('ms', key)).not.toBe(en);
    },
  );
});

describe('the demo coupons', () => {
  test('a percentage with a cap, a fixed amount with a minimum, a first-order coupon and an expired one', async () => {
    const coupons = await loadCoupons(path.join(import.meta.dirname, '../../content'));
    const at = kl('2026-11-23T10:00:00');
    const kinds = coupons.map((c) => ({
      percentWithCap: c.kind === 'percent' && c.capSen !== null,
      amountWithMinimum: c.kind === 'amount' && c.minSpendSen > 0 && !c.firstOrderOnly,
      firstOrder: c.firstOrderOnly,
      expired: evaluateCoupon(c, 1_000_000, firstTime, at).usable === false && c.validUntil < '2026-11-23',
    }));
    for (const kind of ['percentWithCap', 'amountWithMinimum', 'firstOrder', 'expired'] as const) expect(kinds.some((k) => k[kind]), kind).toBe(true);
  });

  test('two coupons with one code are refused, whatever their case', () => {
    expect(() => checkCoupons([save20, { ...tenPercent, code: 'SAVE20' }])).toThrow(/SAVE20/);
  });

  test('a code must be written in capitals and digits, and a window must not end before it starts', () => {
    expect(couponContent.safeParse({ ...save20, code: 'save20' }).success).toBe(false);
    expect(couponContent.safeParse({ ...save20, code: 'SAVE 20' }).success).toBe(false);
    expect(couponContent.safeParse({ ...save20, validFrom: '2027-01-01', validUntil: '2026-12-31' }).success).toBe(false);
    expect(couponContent.safeParse({ ...save20, validUntil: '2026-02-30' }).success).toBe(false);
  });
});
