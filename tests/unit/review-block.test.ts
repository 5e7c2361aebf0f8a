import { describe, expect, test } from 'vitest';
import { reviewBlockHtml, reviewLd, scriptJson } from '../../server/pages/review-block.ts';

const none = { summary: { count: 0, average: null, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }, latest: [] };
const one = {
  summary: { count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } },
  latest: [{ rating: 4, text: 'a < b & "c"', authorName: 'Siti <N.>', carModel: 'Proton Saga', createdAt: '2026-11-27T17:30:00.000Z', reply: { text: '<i>Thanks</i>', at: '2026-11-28T01:00:00.000Z' } }],
};

describe('the product page’s reviews block', () => {
  test('without a review: a line saying so, and nothing for the structured data', () => {
    expect(reviewBlockHtml(none, 'en')).toContain('No reviews yet.');
    expect(reviewBlockHtml(none, 'en')).not.toContain('out of 5');
    expect(reviewLd(none)).toBeNull();
  });

  test('every text from a person is escaped; the date is the KL calendar day in words', () => {
    const html = reviewBlockHtml(one, 'en');
    expect(html).toContain('a &lt; b &amp; &quot;c&quot;');
    expect(html).toContain('Siti &lt;N.&gt;');
    expect(html).toContain('&lt;i&gt;Thanks&lt;/i&gt;');
    expect(html).not.toMatch(/<i>|<N\.>/);
    // 17:30 UTC on the 27th is 01:30 on the 28th in Kuala Lumpur.
    expect(html).toContain('Sat, 28 Nov 2026');
    expect(reviewBlockHtml(one, 'zh-cn')).toContain('2026年11月28日（周六）');
    expect(reviewBlockHtml(one, 'ms')).toContain('Sab, 28 Nov 2026');
  });

  test('the structured data: AggregateRating and each Review, in JSON that cannot close its script', () => {
    const ld = reviewLd(one)!;
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      { '@type': 'Review', author: { '@type': 'Person', name: 'Siti <N.>' }, datePublished: '2026-11-28', reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 }, reviewBody: 'a < b & "c"' },
    ]);
    const json = scriptJson({ text: '</script><!-- & -->' });
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- & -->' });
  });
});
