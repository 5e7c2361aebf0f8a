import { expect, test } from 'vitest';
import { dictionary, fill, labelled } from '../../src/i18n/index.ts';

test('a number from 1,000 on has its thousands separated: "0 of 1,000", never "0 of 1000"', () => {
  expect(fill(dictionary('en').reviewForm.counter, { count: 0, max: 1000 })).toBe('0 of 1,000 characters');
  expect(fill(dictionary('en').reviewForm.counter, { count: 12345, max: 1000 })).toBe('12,345 of 1,000 characters');
  // Below 1,000, and anything given as text (a code, a year), stays as it is.
  expect(fill('{a} {b} {c}', { a: 999, b: '2026', c: 'SV261231999999' })).toBe('999 2026 SV261231999999');
});

test('a year given as a number is written whole: "2025 has no week 53", never "2,025"', () => {
  expect(fill('{year} has no week {week}', { year: 2025, week: 53 })).toBe('2025 has no week 53');
  expect(fill('{madeYear} / {count}', { madeYear: 2026, count: 2026 })).toBe('2026 / 2,026');
});

test('a label takes the colon its language writes: full width in Chinese', () => {
  expect(labelled('zh-cn', dictionary('zh-cn').car.yourCar)).toBe('您的爱车：');
  expect(labelled('zh-cn', '服务项目', '更换机油')).toBe('服务项目：更换机油');
  expect(labelled('en', 'Services', 'Oil change')).toBe('Services: Oil change');
  expect(labelled('ms', 'Servis')).toBe('Servis: ');
});
