import { describe, expect, test } from 'vitest';
import { atomePayments, atomeQualifies } from '../../contract/rules/pay-later.ts';

describe('Atome’s three payments', () => {
  test('are equal whole sen, the last taking the remainder, and add up to the total', () => {
    expect(atomePayments(97_320)).toEqual([32_440, 32_440, 32_440]);
    expect(atomePayments(97_321)).toEqual([32_440, 32_440, 32_441]);
    expect(atomePayments(97_322)).toEqual([32_440, 32_440, 32_442]);
    expect(atomePayments(1000)).toEqual([333, 333, 334]);
    for (const total of [0, 1, 2, 999, 123_457]) expect(atomePayments(total).reduce((a, b) => a + b, 0)).toBe(total);
  });

  test('are refused for what is not a whole number of sen', () => {
    for (const bad of [-1, 0.5, Number.NaN]) expect(() => atomePayments(bad)).toThrow(RangeError);
  });
});

describe('whether Atome takes an amount', () => {
  test('from the minimum up, and never when the provider does not offer it', () => {
    expect(atomeQualifies(1000, 1000)).toBe(true);
    expect(atomeQualifies(999, 1000)).toBe(false);
    expect(atomeQualifies(1_000_000, null)).toBe(false);
  });
});
