/**
 * The words of docs/contracts/orders.md §1: order statuses and stages, refund statuses, fulfilment and
 * payment methods. Plain constants, so the site can show and filter by them without zod.
 */
export const orderStatuses = ['PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Fulfilment detail within UPCOMING and IN_PROGRESS; none in the other statuses. */
export const orderStages = ['BOOKED', 'PREPARING', 'READY', 'TO_SHIP', 'IN_SERVICE', 'SHIPPED'] as const;
export type OrderStage = (typeof orderStages)[number];

/** FAILED: the provider could not pay it; staff send it again or pay it outside the provider (docs/contracts/after-sale.md §5). */
export const refundStatuses = ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED', 'REJECTED', 'REVOKED'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** A refund still on its way: one at a time per order. */
export const openRefundStatuses: readonly RefundStatus[] = ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED'];

/** Installation at a workshop, self pickup at a workshop, or mailing. */
/** install: fitted at a workshop; pickup: collected there; mail: posted; mobile: fitted at the customer's place by a van. */
export const fulfilmentMethods = ['install', 'pickup', 'mail', 'mobile'] as const;
export type FulfilmentMethod = (typeof fulfilmentMethods)[number];

/**
 * FPX online banking, cards, the e-wallets (Touch 'n Go eWallet, GrabPay, ShopeePay, Boost),
 * DuitNow QR and Atome (pay later in 3 payments, through Curlec; docs/contracts/running-the-business.md §4).
 * Which of them a customer is offered depends on the provider (its `methods`) and, for Atome,
 * on the amount (at least `atomeMinSen`).
 */
export const payMethods = ['fpx', 'card', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow', 'atome'] as const;
export type PayMethod = (typeof payMethods)[number];

/** Who moved an order or a refund, as its history shows. */
export const actors = ['customer', 'staff', 'system'] as const;
export type Actor = (typeof actors)[number];

/**
 * FPX banks, by the codes the payment providers share (Stripe's `fpx.bank` values), with
 * the names customers know them by.
 */
export const fpxBanks = [
  { code: 'affin_bank', name: 'Affin Bank' },
  { code: 'agrobank', name: 'AGRONet' },
  { code: 'alliance_bank', name: 'Alliance Bank' },
  { code: 'ambank', name: 'AmBank' },
  { code: 'bank_islam', name: 'Bank Islam' },
  { code: 'bank_muamalat', name: 'Bank Muamalat' },
  { code: 'bank_of_china', name: 'Bank of China' },
  { code: 'bank_rakyat', name: 'Bank Rakyat' },
  { code: 'bsn', name: 'BSN' },
  { code: 'cimb', name: 'CIMB Clicks' },
  { code: 'hong_leong_bank', name: 'Hong Leong Bank' },
  { code: 'hsbc', name: 'HSBC Bank' },
  { code: 'kfh', name: 'KFH' },
  { code: 'maybank2u', name: 'Maybank2u' },
  { code: 'ocbc', name: 'OCBC Bank' },
  { code: 'public_bank', name: 'Public Bank' },
  { code: 'rhb', name: 'RHB Bank' },
  { code: 'standard_chartered', name: 'Standard Chartered' },
  { code: 'uob', name: 'UOB Bank' },
] as const;
export type FpxBankCode = (typeof fpxBanks)[number]['code'];
