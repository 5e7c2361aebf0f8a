import { z } from 'zod';
import { actors, orderStatuses, payMethods, refundStatuses } from './rules/order-status.ts';

/**
 * The parts of an order that My Orders adds to what `app/find` answers: refunds with their
 * own history, their photos, the payments and the SMS sent about the order. Apart from
 * contract/my-orders.ts so that contract/order-dto.ts can use them without an import cycle.
 */

/** Most photos one refund request carries (docs/contracts/orders.md §2). */
export const MAX_REFUND_IMAGES = 3;
/** Largest photo accepted by `app/upload/image`, before re-encoding. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** How long a signed photo URL works. */
export const IMAGE_URL_SECONDS = 3600;
/** Most changes of the installation time per order. */
export const MAX_RESCHEDULES = 3;
export const CANCEL_REASON_MAX = 200;
export const REFUND_REASON_MAX = 500;
export const REFUND_CONTACT_MAX = 120;

/** A stored photo's key: 32 hex digits and the format it was re-encoded to. */
export const IMAGE_KEY = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
export const imageKey = z.string().regex(IMAGE_KEY, 'upload.unknownKey').meta({ description: 'A key answered by app/upload/image, e.g. "3f2a…9c.jpg".', example: '0123456789abcdef0123456789abcdef.jpg' });

export const imageDto = z
  .object({
    key: z.string(),
    url: z.string().meta({ description: 'Signed GET URL under /api/upload/image/, for an <img> tag; works for an hour, for anyone holding it.' }),
  })
  .meta({ id: 'OrderImage' });

export const refundHistoryDto = z
  .object({
    status: z.enum(refundStatuses),
    at: z.string().meta({ description: 'ISO 8601.' }),
    by: z.enum(actors),
    note: z.string().meta({ description: "The customer's or staff's words, or the system's note in the request language." }),
  })
  .meta({ id: 'RefundHistory' });

export const refundDto = z
  .object({
    refundNo: z.string().meta({ description: 'The order number and the request\'s number on it, e.g. "SA2506041234-R1".' }),
    status: z.enum(refundStatuses),
    amountSen: z.number().int().meta({ description: 'Asked for; once reviewed, the amount approved.' }),
    requestedSen: z.number().int().meta({ description: 'What the customer asked for.' }),
    reason: z.string(),
    contact: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    reviewBy: z.string().meta({ description: 'The date (YYYY-MM-DD, Kuala Lumpur) the review is promised by: the third working day after the request.' }),
    images: z.array(imageDto),
    history: z.array(refundHistoryDto),
  })
  .meta({ id: 'Refund' });

export const paymentDto = z
  .object({
    method: z.enum(payMethods).meta({ description: 'Asked for at Pay; once paid, the method the provider says the customer used.' }),
    bank: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "FPX: the bank paid from (its name as customers know it; the provider's code when the shop does not know the bank)." }),
    cardType: z.enum(['credit', 'debit']).nullable().meta({ description: 'Card: credit or debit, when the provider said.' }),
    amountSen: z.number().int(),
    state: z.enum(['pending', 'succeeded', 'failed', 'expired']),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    refundDue: z.boolean().meta({ description: 'Money the order could not keep (paid twice, or too late): to be returned in full.' }),
  })
  .meta({ id: 'OrderPayment' });

import { noticeKinds } from './rules/notice-kinds.ts';
export { noticeKinds, type NoticeKind } from './rules/notice-kinds.ts';

export const noticeDto = z
  .object({
    kind: z.enum(noticeKinds),
    at: z.string().meta({ description: 'When it was sent (ISO 8601).' }),
    phone: z.string(),
    text: z.string().meta({ description: 'The message as sent, in the order\'s language (on WhatsApp: its approved template filled in).' }),
    channel: z.enum(['sms', 'whatsapp']).meta({ description: 'How it went: WhatsApp for a customer who chose it, SMS otherwise (and when WhatsApp could not deliver it).' }),
    delivery: z
      .enum(['sent', 'delivered', 'read', 'failed'])
      .nullable()
      .meta({ description: "What the provider's status callbacks said last: sent (on its way), delivered, read (WhatsApp only), failed; null before any." }),
    fallback: z.boolean().meta({ description: 'An SMS sent because WhatsApp could not deliver the same notice.' }),
    sent: z.boolean().meta({ description: 'True once the provider (Twilio) accepted it.' }),
    state: z.enum(['sending', 'sent', 'failed']).meta({ description: 'sending: written, waiting for the provider to accept it (tried again with a wait); sent: accepted; failed: not sent after the last try.' }),
    status: z.string().nullable().meta({ description: 'In the request\'s language: what the customer reads beside a notice not yet sent or not sent, with the reason; null once sent.' }),
  })
  .meta({ id: 'OrderNotice' });

/** The tabs of My Orders: all, one per status the customer follows, and orders with a refund. */
export const orderTabs = ['ALL', 'PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REFUNDED', 'REFUND'] as const;
export type OrderTab = (typeof orderTabs)[number];
export const orderTabCounts = z.object(Object.fromEntries(orderTabs.map((t) => [t, z.number().int()])) as Record<OrderTab, z.ZodNumber>).meta({
  id: 'OrderTabCounts',
  description: 'Orders of the customer per tab (deleted ones left out). REFUND: orders with a refund request that was not revoked.',
});
export const pageStatus = z.enum([...orderStatuses, 'REFUND']);
