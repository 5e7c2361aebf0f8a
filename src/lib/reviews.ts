import type { ResponseOf } from '../../contract/call.ts';
import type { reviewMine } from '../../contract/reviews.ts';
import type { OrderStatus } from '../../contract/rules/order-status.ts';

/**
 * What a customer may rate in an order (docs/contracts/after-sale.md §3): each product it bought once, and
 * the workshop when it was an installation; each with the review already written, if any.
 */
export type AuthorReview = ResponseOf<typeof reviewMine>[number];

export interface ReviewSubject {
  /** A stable key for the list and the test ids: `product:<id>` or `workshop`. */
  key: string;
  target: 'product' | 'workshop';
  productId?: string;
  name: string;
  image?: string;
  review: AuthorReview | null;
}

interface OrderForReview {
  status: OrderStatus;
  method: string;
  lines: readonly { productId: string; name: string; image: string }[];
  store: { name: string } | null;
}

/**
 * The longest review text, contract/rules/review-rules.ts's REVIEW_TEXT_MAX written again here:
 * that module carries the personal-data check and its plate rules, which the order page's
 * review form would fetch for this one number. tests/unit/review-subjects.test.ts holds the two equal.
 */
export const REVIEW_TEXT_MAX = 1000;

/** Whether the order invites reviews at all: only a completed one does. */
export const invitesReviews = (order: { status: OrderStatus }) => order.status === 'COMPLETED';

export function reviewSubjects(order: OrderForReview, mine: readonly AuthorReview[]): ReviewSubject[] {
  if (!invitesReviews(order)) return [];
  const subjects: ReviewSubject[] = [];
  const seen = new Set<string>();
  for (const line of order.lines) {
    if (seen.has(line.productId)) continue;
    seen.add(line.productId);
    const review = mine.find((r) => r.target === 'product' && r.productId === line.productId) ?? null;
    subjects.push({ key: `product:${line.productId}`, target: 'product', productId: line.productId, name: line.name, image: line.image, review });
  }
  if (order.method === 'install' && order.store) {
    subjects.push({ key: 'workshop', target: 'workshop', name: order.store.name, review: mine.find((r) => r.target === 'workshop') ?? null });
  }
  return subjects;
}

/** The characters a text counts toward the limit, as the server counts them (trimmed, by code unit). */
export const reviewLength = (text: string) => text.trim().length;
