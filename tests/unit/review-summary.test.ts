import { describe, expect, test } from 'vitest';
import { reviewSummary } from '../../contract/rules/review-summary.ts';

describe('the review summary a product or workshop page shows', () => {
  test('no review: nothing counted and no average to show', () => {
    expect(reviewSummary({})).toEqual({ count: 0, average: null, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  test('one review of 4 stars', () => {
    expect(reviewSummary({ 4: 1 })).toEqual({ count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
  });

  test('the average to one decimal: 5, 4, 4 → 4.3', () => {
    expect(reviewSummary({ 5: 1, 4: 2 }).average).toBe(4.3);
  });

  test('a half rounds up: 5, 4, 4, 4 → 4.25 → 4.3; 1, 2 → 1.5', () => {
    expect(reviewSummary({ 5: 1, 4: 3 }).average).toBe(4.3);
    expect(reviewSummary({ 1: 1, 2: 1 }).average).toBe(1.5);
  });

  test('just under a half rounds down: 2/3 of 5 stars and 1/3 of 1 → 3.666… → 3.7; 1, 1, 2 → 1.333… → 1.3', () => {
    expect(reviewSummary({ 5: 2, 1: 1 }).average).toBe(3.7);
    expect(reviewSummary({ 1: 2, 2: 1 }).average).toBe(1.3);
  });

  test('every star counted in its bar, and the count is their sum', () => {
    const summary = reviewSummary({ 1: 3, 2: 1, 3: 7, 4: 20, 5: 69 });
    expect(summary.count).toBe(100);
    expect(summary.histogram).toEqual({ 1: 3, 2: 1, 3: 7, 4: 20, 5: 69 });
    expect(summary.average).toBe(4.5);
  });

  test('many reviews stay exact: 1,000,001 reviews of 5 and one of 1', () => {
    expect(reviewSummary({ 5: 1_000_001, 1: 1 }).average).toBe(5);
  });

  test('ratings outside 1–5 are not reviews', () => {
    expect(reviewSummary({ 0: 4, 6: 2, 3: 1 })).toEqual({ count: 1, average: 3, histogram: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 0 } });
  });
});
