import { z } from 'zod';
import { defineCall } from './call.ts';
import { imageKey } from './my-orders-dto.ts';
import { pageOf, pageRequest } from './paging.ts';
import { paths } from './paths.ts';
import {
  heldReasons,
  hideReasons,
  MAX_REVIEW_IMAGES,
  REVIEW_EDIT_DAYS,
  REVIEW_TEXT_MAX,
  reviewStatuses,
  reviewTargets,
} from './rules/review-rules.ts';

/**
 * Verified reviews (docs/contracts/after-sale.md §3): only the owner of a completed order writes one, of a
 * product the order bought or of the workshop that fitted it, and may change it for 30 days.
 * The public reads visible reviews with a summary; the console moderates and replies.
 */

const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
const reviewId = z.uuid('review.notFound');
const productId = z.string().trim().min(1).max(120).regex(/^[a-z0-9-]+$/, 'field.invalid');
const storeId = z.string().trim().min(1).max(80).regex(/^[a-z0-9-]+$/, 'field.invalid');
const rating = z.number('review.rating').int('review.rating').min(1, 'review.rating').max(5, 'review.rating').meta({ description: 'Stars, 1 to 5.' });
const text = z.string().trim().max(REVIEW_TEXT_MAX, 'review.textTooLong');
const images = z
  .array(imageKey)
  .max(MAX_REVIEW_IMAGES, 'review.tooManyImages')
  .meta({ description: `Up to ${MAX_REVIEW_IMAGES} keys from app/upload/image, of this customer, on no refund and no other review.` });

const reply = z
  .object({ text: z.string(), at: z.string().meta({ description: 'ISO 8601: when it was last written.' }) })
  .meta({ id: 'ReviewReply', description: "The shop's public answer." });

const histogram = z
  .object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() })
  .meta({ description: 'Visible reviews by stars.' });

export const reviewSummaryDto = z
  .object({
    count: z.number().int(),
    average: z.number().nullable().meta({ description: 'To one decimal (halves up); null when there is no review.' }),
    histogram,
  })
  .meta({ id: 'ReviewSummary' });

/** A review as its author reads it: its state, and why it is held or hidden. */
export const authorReview = z
  .object({
    reviewId: z.string(),
    orderNo: z.string(),
    target: z.enum(reviewTargets),
    productId: z.string().nullable(),
    storeId: z.string().nullable(),
    rating: z.number().int(),
    text: z.string(),
    images: z.array(z.object({ key: z.string(), url: z.string() })),
    status: z.enum(reviewStatuses).meta({ description: 'visible: published; pending: waits for the admin; hidden: taken down by the admin.' }),
    heldFor: z.enum(heldReasons).nullable().meta({ description: 'Pending: a phone number or a plate in the text, or an edit of a hidden review.' }),
    hiddenReason: z.enum(hideReasons).nullable().meta({ description: 'Why the admin hid it (kept after an edit).' }),
    statusNote: z.string().nullable().meta({ description: 'In words, for the author: why it is not published, or null when it is.' }),
    reply: reply.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    editableUntil: z.string().meta({ description: `ISO 8601: ${REVIEW_EDIT_DAYS} days after it was written.` }),
    editable: z.boolean(),
  })
  .meta({ id: 'AuthorReview' });

const authorCodes = { 404: 'No such order (or review) of this customer.', 708: 'No key, an unknown key, or an expired session.' };

export const reviewAdd = defineCall({
  path: paths.reviewAdd,
  summary:
    "Review a completed order of one's own: a product it bought, or (an installation) the workshop; 1–5 stars, text, up to 3 photos; once per order, target and product. A text naming a phone number or a plate is held for the admin (status pending)",
  tag: 'reviews',
  auth: true,
  request: z.strictObject({
    orderNo,
    target: z.enum(reviewTargets),
    productId: productId.optional().meta({ description: 'Required for a product review: one of the order’s lines.' }),
    rating,
    text: text.default(''),
    images: images.default([]),
  }),
  response: authorReview,
  codes: { ...authorCodes, 807: 'Not completed, not a line of the order, a workshop review of an order not installed, reviewed already, or a photo not usable.' },
});

export const reviewUpdate = defineCall({
  path: paths.reviewUpdate,
  summary: `Change one's review within ${REVIEW_EDIT_DAYS} days of writing it; the text is checked again (held when it names a phone or a plate; a hidden review waits for the admin again)`,
  tag: 'reviews',
  auth: true,
  request: z.strictObject({ reviewId, rating: rating.optional(), text: text.optional(), images: images.optional().meta({ description: 'The photos from now on (replacing the earlier ones).' }) }),
  response: authorReview,
  codes: { ...authorCodes, 807: `More than ${REVIEW_EDIT_DAYS} days after writing it, or a photo not usable.` },
});

export const reviewMine = defineCall({
  path: paths.reviewMine,
  summary: "The customer's own reviews of an order, in every state, with why one is held or hidden",
  tag: 'reviews',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: z.array(authorReview),
  codes: authorCodes,
});

export const reviewCheck = defineCall({
  path: paths.reviewCheck,
  summary:
    'Whether a text being written would be held for the admin because it names a phone number or a plate (the review form asks as the author types, so the detector stays on the server)',
  tag: 'reviews',
  auth: true,
  request: z.strictObject({ text: z.string().max(REVIEW_TEXT_MAX * 4) }),
  response: z.object({
    names: z.enum(['phone', 'plate']).nullable().meta({ description: 'What the text names (a phone number first), or null when it would be published.' }),
  }),
  codes: { 708: authorCodes[708] },
});

export const reviewSorts = ['newest', 'helpful'] as const;

export const publicReview = z
  .object({
    reviewId: z.string(),
    rating: z.number().int(),
    text: z.string(),
    images: z.array(z.object({ url: z.string() })),
    authorName: z.string().meta({ description: 'A first name and an initial ("Nur R."), or "Customer": never a phone or a plate.' }),
    carModel: z.string().meta({ description: "The order's car: brand and model." }),
    createdAt: z.string(),
    verified: z.literal(true).meta({ description: 'Every review is by a buyer of a completed order.' }),
    reply: reply.optional(),
  })
  .meta({ id: 'PublicReview' });
export type PublicReviewDto = z.infer<typeof publicReview>;

export const reviewPage = defineCall({
  path: paths.reviewPage,
  summary:
    "A product's or a workshop's visible reviews, with the summary of all of them. Sort newest (default) or helpful: with text and photos first, then with text or photos, then the rest, newest first within each (there are no helpful votes)",
  tag: 'reviews',
  auth: false,
  request: z
    .strictObject({
      productId: productId.optional(),
      storeId: storeId.optional().meta({ description: "A workshop: its workshop reviews." }),
      rating: z.number().int().min(1).max(5).optional().meta({ description: 'Only reviews with this many stars (the summary stays whole).' }),
      sort: z.enum(reviewSorts).default('newest'),
      ...pageRequest(50, 10),
    })
    .refine((r) => (r.productId === undefined) !== (r.storeId === undefined), { message: 'review.subjectRequired', path: ['productId'] }),
  response: pageOf(publicReview).extend({
    summary: reviewSummaryDto,
    total: z.number().int().meta({ description: 'Visible reviews matching the filter.' }),
  }),
});

export const workshopRating = z
  .object({
    storeId: z.string(),
    count: z.number().int().meta({ description: 'Visible workshop reviews.' }),
    average: z.number().meta({ description: 'To one decimal (halves up).' }),
  })
  .meta({ id: 'WorkshopRating' });

export const reviewWorkshopRatings = defineCall({
  path: paths.reviewWorkshopRatings,
  summary: "Each workshop's rating (count and average of its visible workshop reviews), for the store finder's cards; a workshop without a review is absent",
  tag: 'reviews',
  auth: false,
  request: z.strictObject({}),
  response: z.array(workshopRating),
});

export const reviewCalls = [reviewAdd, reviewUpdate, reviewMine, reviewCheck, reviewPage, reviewWorkshopRatings];
