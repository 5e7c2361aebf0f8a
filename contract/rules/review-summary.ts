/**
 * A product's or a workshop's rating as the pages show it: how many reviews, their average to
 * one decimal (halves up), and how many gave each number of stars. Pure, from the counts.
 */
export type Stars = 1 | 2 | 3 | 4 | 5;
export type Histogram = Record<Stars, number>;

export interface ReviewSummary {
  count: number;
  /** To one decimal; null when there is no review (no rating to show). */
  average: number | null;
  histogram: Histogram;
}

const STARS: Stars[] = [1, 2, 3, 4, 5];

/** The summary of reviews counted by stars (a rating outside 1–5 is not a review and is left out). */
export function reviewSummary(counts: Partial<Record<number, number>>): ReviewSummary {
  const histogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Histogram;
  let count = 0;
  let sum = 0;
  for (const stars of STARS) {
    const n = Math.max(0, Math.trunc(counts[stars] ?? 0));
    histogram[stars] = n;
    count += n;
    sum += n * stars;
  }
  // Integers only: tenths rounded half up, with no floating-point drift.
  const average = count === 0 ? null : Math.floor((20 * sum + count) / (2 * count)) / 10;
  return { count, average, histogram };
}
