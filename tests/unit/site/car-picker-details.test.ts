import { expect, test } from 'vitest';
import { variantDetail } from '../../../src/islands/car-picker/variant-detail.ts';

// The picker's line under each variant reads in the page's language; the engine is the maker's name.
const myvi = { engine: '1.3L Dual VVT-i', transmission: 'Automatic', bodyType: 'Hatchback', years: [2022, 2025] as [number, number] };

test('in English', () => {
  expect(variantDetail(myvi, 'en')).toBe('1.3L Dual VVT-i · Automatic · Hatchback · 2022–2025');
});

test('in Chinese: transmission and body type in Chinese', () => {
  expect(variantDetail(myvi, 'zh-cn')).toBe('1.3L Dual VVT-i · 自动挡 · 掀背车 · 2022–2025');
  expect(variantDetail({ ...myvi, transmission: 'Manual', bodyType: 'Sedan' }, 'zh-cn')).toBe('1.3L Dual VVT-i · 手动挡 · 轿车 · 2022–2025');
});

test('in Malay', () => {
  expect(variantDetail({ ...myvi, transmission: 'Single-speed' }, 'ms')).toMatch(/^1\.3L Dual VVT-i · Satu kelajuan · \S+ · 2022–2025$/);
  expect(variantDetail(myvi, 'ms')).not.toContain('Automatic');
});

test('a word the dictionary does not know stays as the content writes it', () => {
  expect(variantDetail({ ...myvi, transmission: 'e-CVT' }, 'zh-cn')).toContain('e-CVT');
});
