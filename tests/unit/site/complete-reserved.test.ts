import { describe, expect, test } from 'vitest';
import { en } from '../../../src/i18n/en.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';
import { firstProblem, notReservedProblem, placeOf, reservedOffers } from '../../../src/lib/complete-form.ts';

describe("the Complete dialog's reserved date codes", () => {
  const held = [
    { location: 'ss2', dot: '2026', quantity: 2 },
    { location: 'ss2', dot: '3226', quantity: 1 },
    { location: 'warehouse', dot: '3426', quantity: 1 },
  ];

  test('every reserved code is offered to an empty tyre, oldest batch first', () => {
    expect(reservedOffers(held, ['', '', '', ''], 0)).toEqual(['2026', '3226', '3426']);
  });

  test('a code is offered once per unit held: taken by other tyres, it is offered no more', () => {
    expect(reservedOffers(held, ['2026', '2026', '', ''], 2)).toEqual(['3226', '3426']);
    expect(reservedOffers(held, ['2026', '3226', '3426', ''], 3)).toEqual(['2026']);
    expect(reservedOffers(held, ['2026', '2026', '3226', '3426'], 3)).toEqual([]);
  });

  test('the code a tyre already has is not offered to it again; a code typed that is not reserved takes nothing', () => {
    expect(reservedOffers(held, ['2026', '', '', ''], 0)).toEqual(['3226', '3426']);
    expect(reservedOffers(held, ['1126', ' 3226 ', '', ''], 2)).toEqual(['2026', '3426']);
  });

  test('a line with nothing reserved by code offers nothing', () => {
    expect(reservedOffers([], ['', ''], 0)).toEqual([]);
    expect(reservedOffers([{ quantity: 2 }], ['', ''], 0)).toEqual([]);
  });
});

describe('a code the order did not reserve', () => {
  test("the server's refusal names the tyre and asks for the reason", () => {
    expect(placeOf({ field: 'tyres.1.dot', notReserved: true })).toEqual({ at: 'dot.1', tooOld: false, notReserved: true });
    expect(placeOf({ field: 'tyres.1.dot', tooOld: true })).toEqual({ at: 'dot.1', tooOld: true, notReserved: false });
    expect(placeOf({ field: 'notReserved.reason' })).toEqual({ at: 'notReserved', tooOld: false, notReserved: true });
    expect(placeOf({ field: 'odometerKm' })).toEqual({ at: 'km', tooOld: false, notReserved: false });
    expect(placeOf(null)).toEqual({ at: 'form', tooOld: false, notReserved: false });
  });

  test('the reason is required, at most 200 characters, in the console language', () => {
    expect(notReservedProblem(en.console, '  ')).toBe('Give the reason for fitting a code not reserved (at most 200 characters).');
    expect(notReservedProblem(zhCn.console, 'x'.repeat(201))).toBe('请填写安装非预留日期码的原因（最多 200 个字）。');
    expect(notReservedProblem(en.console, 'The reserved batch was damaged in transit')).toBeNull();
    expect(notReservedProblem(en.console, `  ${'x'.repeat(200)}  `)).toBeNull();
  });

  test('its problem comes after the tyres, before the older-tyre reason', () => {
    expect(firstProblem({ notReserved: 'x', reason: 'y' }, 2)).toBe('notReserved');
    expect(firstProblem({ notReserved: 'x', 'dot.1': 'y' }, 2)).toBe('dot.1');
  });
});
