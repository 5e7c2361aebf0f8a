import { describe, expect, test } from 'vitest';
import { amountForInput, ringgit } from '../../contract/rules/money.ts';
import { formatRM } from '../../src/lib/money.ts';
import { ringgit as ringgitInMessages } from '../../contract/rules/order-total.ts';

describe('ringgit, written one way everywhere', () => {
  test('with two decimals from whole sen, as the spec writes "RM 159.00"', () => {
    expect(ringgit(15900)).toBe('RM 159.00');
    expect(ringgit(1)).toBe('RM 0.01');
    expect(ringgit(5)).toBe('RM 0.05');
    expect(ringgit(10)).toBe('RM 0.10');
    expect(ringgit(0)).toBe('RM 0.00');
  });

  test('thousands grouped with commas', () => {
    expect(ringgit(99999)).toBe('RM 999.99');
    expect(ringgit(100000)).toBe('RM 1,000.00');
    expect(ringgit(123456789)).toBe('RM 1,234,567.89');
  });

  test('a refund or discount keeps its sign before RM; no zero is negative', () => {
    expect(ringgit(-1250)).toBe('-RM 12.50');
    expect(ringgit(-1)).toBe('-RM 0.01');
    expect(ringgit(-123456)).toBe('-RM 1,234.56');
    expect(ringgit(-0)).toBe('RM 0.00');
  });

  test.each(['en', 'zh-cn', 'ms'] as const)('the site writes it the same in %s (never "MYR")', (locale) => {
    expect(formatRM(9032000, locale)).toBe('RM 90,320.00');
    expect(formatRM(-5, locale)).toBe('-RM 0.05');
  });

  test('messages price orders with the same function', () => {
    expect(ringgitInMessages).toBe(ringgit);
  });

  test('an amount proposed in a field has no RM and no separator, so it reads back as typed', () => {
    expect(amountForInput(12050)).toBe('120.50');
    expect(amountForInput(123456)).toBe('1234.56');
    expect(amountForInput(5)).toBe('0.05');
    expect(amountForInput(0)).toBe('0.00');
  });
});
