import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import { paths } from './paths.ts';
import { personalDataKinds } from './rules/personal-data.ts';
import { heldReasons, hideReasons, REVIEW_REPLY_MAX, reviewStatuses, reviewTargets } from './rules/review-rules.ts';

/**
 * The console's reviews (docs/contracts/after-sale.md §3): admins see all and hide (for personal data, abuse,
 * off-topic or spam only, never for being negative) or publish; admins and the reviewed
 * workshop's staff write the one public reply. Every change is audited.
 */

const reviewId = z.uuid('review.notFound');
const storeId = z.string().trim().min(1).max(80).regex(/^[a-z0-9-]+$/, 'field.invalid');

const forbidden = 'Not staff, staff of another workshop, or an admin-only call for workshop staff.';
const authCodes = { 403: forbidden, 708: 'No key, an unknown key, or an expired session.', 800: 'The key was revoked by logging out.' };

export const consoleReview = z
  .object({
    reviewId: z.string(),
    orderNo: z.string(),
    target: z.enum(reviewTargets),
    product: z.object({ id: z.string(), name: z.string() }).nullable(),
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    rating: z.number().int(),
    text: z.string().meta({ description: 'As its author wrote it.' }),
    publicText: z.string().nullable().meta({ description: 'What the public reads when published with its personal data masked (•••); null: the text as written.' }),
    found: z
      .array(z.object({ kind: z.enum(personalDataKinds), value: z.string() }))
      .meta({ description: 'The phone numbers and plates in the text, as staff read them (`012-345 6789`, `WXY 1234`).' }),
    images: z.array(z.object({ key: z.string(), url: z.string() })),
    authorName: z.string(),
    carModel: z.string(),
    status: z.enum(reviewStatuses),
    heldFor: z.enum(heldReasons).nullable(),
    hiddenReason: z.enum(hideReasons).nullable(),
    reply: z.object({ text: z.string(), at: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    actions: z.object({ hide: z.boolean(), show: z.boolean(), reply: z.boolean() }).meta({ description: 'What this staff member may do with it now.' }),
  })
  .meta({ id: 'ConsoleReview' });

export const consoleReviewsPage = defineCall({
  path: paths.consoleReviewsPage,
  summary: "Reviews for staff, newest first: admins every workshop's (or one), workshop staff their own workshop's; by state",
  tag: 'console',
  auth: true,
  request: z.strictObject({
    status: z.enum(reviewStatuses).optional().meta({ description: 'visible, hidden, or pending (held for the admin); absent for all.' }),
    storeId: storeId.optional().meta({ description: 'Workshop staff: their own (default); admins: any, or absent for all.' }),
    ...pageRequest(100, 20),
  }),
  response: pageOf(consoleReview),
  codes: authCodes,
});

export const consoleReviewsHide = defineCall({
  path: paths.consoleReviewsHide,
  summary: 'Admins: hide a review for personal data, abuse, off-topic or spam (never for being negative); its author reads why',
  tag: 'console',
  auth: true,
  request: z.strictObject({ reviewId, reason: z.enum(hideReasons, 'review.hideReason') }),
  response: consoleReview,
  codes: { ...authCodes, 404: 'No such review.', 807: 'Already hidden.' },
});

export const consoleReviewsShow = defineCall({
  path: paths.consoleReviewsShow,
  summary: 'Admins: publish a review held for the admin (a phone number or plate in it, or edited after being hidden), or one hidden by mistake',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    reviewId,
    mask: z
      .boolean()
      .optional()
      .meta({
        description:
          'For a text naming a phone number or a plate (`found`): true publishes it with each shown as ••• to the public (its author still reads it as written), false as written. Required then: without it the call is refused with what was found.',
      }),
  }),
  response: consoleReview,
  codes: { ...authCodes, 404: 'No such review.', 807: 'Already published, or the text names a phone number or a plate and `mask` was not given.' },
});

export const consoleReviewsReply = defineCall({
  path: paths.consoleReviewsReply,
  summary: "Admins, or staff of the reviewed workshop (for a product review: the order's workshop): write or change the shop's one public reply",
  tag: 'console',
  auth: true,
  request: z.strictObject({
    reviewId,
    text: z.string('review.replyRequired').trim().min(1, 'review.replyRequired').max(REVIEW_REPLY_MAX, 'review.replyTooLong'),
  }),
  response: consoleReview,
  codes: { ...authCodes, 404: 'No such review.' },
});

export const consoleReviewCalls = [consoleReviewsPage, consoleReviewsHide, consoleReviewsShow, consoleReviewsReply];
