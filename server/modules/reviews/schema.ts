import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { HeldReason, HideReason, ReviewStatus, ReviewTarget } from '../../../contract/rules/review-rules.ts';
import { orders } from '../orders/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Verified reviews (docs/contracts/after-sale.md §3): each is written by the owner of a completed order, of a
 * product the order bought or of the workshop that fitted it. The unique key allows one review
 * per (order, target, product) whatever two requests or servers do at once; a workshop review
 * has the product '' so the key covers it too. `storeId` is the order's workshop (null for a
 * parcel): the workshop whose staff may answer, and whose page lists its workshop reviews.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: uuid('customer_id').notNull(),
    target: text('target').$type<ReviewTarget>().notNull(),
    /** The product reviewed; '' for a workshop review. */
    productId: text('product_id').notNull(),
    storeId: text('store_id'),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    /**
     * What the public reads when the admin published it with its phone numbers and plates
     * masked (•••); null: the text as written. The author always reads `text`; an edit clears it.
     */
    publicText: text('public_text'),
    status: text('status').$type<ReviewStatus>().notNull(),
    /** Why it waits for the admin (status pending). */
    heldFor: text('held_for').$type<HeldReason>(),
    /** Why the admin hid it, kept after an edit so the author still reads it. */
    hiddenReason: text('hidden_reason').$type<HideReason>(),
    hiddenAt: at('hidden_at'),
    /** The shop's one public answer, editable. */
    reply: text('reply'),
    replyAt: at('reply_at'),
    replyBy: uuid('reply_by'),
    /**
     * "Most helpful" without votes: 2 with text and photos, 1 with either, 0 for stars alone. Kept
     * on the row by the service so the list's order is an index's order.
     */
    helpfulness: smallint('helpfulness').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_order_target_product_key').on(t.orderId, t.target, t.productId),
    // The pages' lists read the first rows of these in order, whatever the number of reviews.
    index('reviews_product_newest_idx').on(t.productId, t.target, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_product_helpful_idx').on(t.productId, t.target, t.status, t.helpfulness.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_store_newest_idx').on(t.storeId, t.target, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_store_helpful_idx').on(t.storeId, t.target, t.status, t.helpfulness.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_status_idx').on(t.status, t.createdAt.desc()),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_target_check', sql`(${t.target} = 'product' and ${t.productId} <> '') or (${t.target} = 'workshop' and ${t.productId} = '')`),
    check('reviews_status_check', sql`${t.status} in ('visible', 'pending', 'hidden')`),
  ],
);

/** The photos of a review: keys only (the files are in the storage); a photo serves one review. */
export const reviewImages = pgTable(
  'review_images',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id),
    key: text('key').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('review_images_key').on(t.key), index('review_images_review_idx').on(t.reviewId)],
);
