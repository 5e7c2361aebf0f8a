import { describe, expect, test } from 'vitest';
import { formatRM } from '../../src/lib/money.ts';

describe('prices shown to customers', () => {
  test('are ringgit with two decimals from whole sen', () => {
    expect(formatRM(15900)).toBe('RM 159.00');
    expect(formatRM(5)).toBe('RM 0.05');
    expect(formatRM(0)).toBe('RM 0.00');
  });

  test('group thousands', () => {
    expect(formatRM(123456789)).toBe('RM 1,234,567.89');
  });

  test.each([
    ['en', 'RM 90,320.00'],
    ['zh-cn', 'RM 90,320.00'],
    ['ms', 'RM 90,320.00'],
  ] as const)('in %s are written RM, as Malaysians read them in every language', (locale, shown) => {
    expect(formatRM(9032000, locale)).toBe(shown);
  });

  test('Chinese prices are not written "MYR", Intl’s own symbol for zh-CN', () => {
    expect(new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'MYR' }).format(1)).toContain('MYR');
    expect(formatRM(100, 'zh-cn')).not.toContain('MYR');
  });

  test('a refund or discount keeps its sign before RM', () => {
    expect(formatRM(-1250)).toBe('-RM 12.50');
  });
});
