import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT_MAX as contractMax } from '../../contract/rules/review-rules.ts';
import { invitesReviews, REVIEW_TEXT_MAX, reviewLength, reviewSubjects, type AuthorReview } from '../../src/lib/reviews.ts';

const line = (productId: string, name = productId) => ({ productId, name, image: `/img/${productId}.webp` });
const order = (over: Partial<Parameters<typeof reviewSubjects>[0]> = {}) => ({
  status: 'COMPLETED' as const,
  method: 'install',
  lines: [line('wiper-24', 'Wiper 24″'), line('oil-5w30', 'Oil 5W-30')],
  store: { name: 'Servauto Cheras' },
  ...over,
});
const review = (over: Partial<AuthorReview>): AuthorReview => ({
  reviewId: '00000000-0000-4000-8000-000000000001',
  orderNo: 'SA1',
  target: 'product',
  productId: null,
  storeId: null,
  rating: 4,
  text: '',
  images: [],
  status: 'visible',
  heldFor: null,
  hiddenReason: null,
  statusNote: null,
  reply: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  editableUntil: '2026-01-31T00:00:00.000Z',
  editable: true,
  ...over,
});

describe('what a customer may rate in an order', () => {
  it('invites only a completed order', () => {
    expect(invitesReviews({ status: 'COMPLETED' })).toBe(true);
    for (const status of ['PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'CANCELLED', 'REFUNDED'] as const) {
      expect(invitesReviews({ status })).toBe(false);
      expect(reviewSubjects(order({ status }), [])).toEqual([]);
    }
  });

  it('lists each product once and, for an installation, the workshop last', () => {
    const subjects = reviewSubjects(order({ lines: [line('wiper-24'), line('oil-5w30'), line('wiper-24')] }), []);
    expect(subjects.map((s) => s.key)).toEqual(['product:wiper-24', 'product:oil-5w30', 'workshop']);
    expect(subjects[2]).toMatchObject({ target: 'workshop', name: 'Servauto Cheras', review: null });
  });

  it('has no workshop to rate for a pickup or a parcel', () => {
    expect(reviewSubjects(order({ method: 'pickup' }), []).map((s) => s.target)).toEqual(['product', 'product']);
    expect(reviewSubjects(order({ method: 'mail', store: null }), []).map((s) => s.target)).toEqual(['product', 'product']);
  });

  it('pairs each subject with the review already written of it', () => {
    const ofOil = review({ productId: 'oil-5w30', rating: 2 });
    const ofWorkshop = review({ reviewId: '00000000-0000-4000-8000-000000000002', target: 'workshop', storeId: 'cheras', status: 'pending', heldFor: 'phone' });
    const subjects = reviewSubjects(order(), [ofWorkshop, ofOil]);
    expect(subjects.map((s) => s.review)).toEqual([null, ofOil, ofWorkshop]);
  });

  it('counts a text as the server does: without the spaces around it', () => {
    expect(reviewLength('  good  ')).toBe(4);
    expect(reviewLength('a'.repeat(1001))).toBe(1001);
  });
});

describe("the review form's limit", () => {
  it('is the contract\'s longest review text', () => {
    expect(REVIEW_TEXT_MAX).toBe(contractMax);
  });
});
