import { z } from 'zod';
import { dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import type { MessageKey } from './rules/messages.ts';
import {
  CANCEL_REASON_MAX,
  imageKey,
  MAX_REFUND_IMAGES,
  orderTabCounts,
  pageStatus,
  REFUND_CONTACT_MAX,
  REFUND_REASON_MAX,
} from './my-orders-dto.ts';
import { fulfilmentMethods, orderStages, orderStatuses, refundStatuses } from './rules/order-status.ts';
import { moneyFigures, orderDetail } from './order-dto.ts';
import { appointment } from './orders.ts';
import { paths } from './paths.ts';

/**
 * The customer calls of My Orders (docs/contracts/orders.md §2): the list by tab, cancel, delete, change the
 * installation time, refund and revoke, and the photo upload. Every action answers the order
 * as `app/find` does, so a page can redraw from the answer.
 */

const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
/** Typed text: trimmed, blank counts as missing; each limit worded for its field. */
const text = (max: number, required: MessageKey, tooLong: MessageKey) => z.string(required).trim().min(1, required).max(max, tooLong);

export const orderCard = z
  .object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    method: z.enum(fulfilmentMethods),
    createdAt: z.string(),
    firstLine: z.object({ productId: z.string(), name: z.string(), image: z.string(), quantity: z.number().int() }),
    moreLines: z.number().int().meta({ description: 'Lines after the first ("+ N more").' }),
    car: z.object({ name: z.string(), plate: z.string() }),
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    appointment: z.object({ date: z.string(), time: z.string(), endTime: z.string() }).nullable(),
    appointmentPassed: z.boolean().meta({ description: 'A booked installation whose time is over while the workshop has not started it.' }),
    pickupCode: z.string().nullable(),
    expressCompany: z.string().nullable(),
    expressNo: z.string().nullable(),
    totalSen: z.number().int(),
    paidSen: z.number().int(),
    refundedSen: z.number().int(),
    money: moneyFigures,
    payBefore: z.string().nullable(),
    secondsToPay: z.number().int(),
    refund: z
      .object({ refundNo: z.string(), status: z.enum(refundStatuses), amountSen: z.number().int() })
      .nullable()
      .meta({ description: 'The latest refund request the customer did not revoke, if any.' }),
    reschedulesLeft: z.number().int(),
    reviewOpen: z.boolean().meta({ description: 'A completed order with a product or workshop not rated yet, or a review still changeable: the card invites a review.' }),
    actions: z.object({ pay: z.boolean(), cancel: z.boolean(), changeTime: z.boolean(), refund: z.boolean(), revokeRefund: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'OrderCard' });

export const orderPage = defineCall({
  path: paths.orderPage,
  summary: "The customer's orders of one tab, newest first, paged, with the count of every tab",
  tag: 'my-orders',
  auth: true,
  request: z.strictObject({
    status: pageStatus.optional().meta({ description: 'An order status, REFUND for orders with a refund request, or absent for all.' }),
    ...pageRequest(50, 10),
  }),
  response: pageOf(orderCard).extend({
    total: z.number().int().meta({ description: 'Orders in this tab.' }),
    counts: orderTabCounts,
  }),
});

export const orderCancel = defineCall({
  path: paths.orderCancel,
  summary: 'Cancel an order waiting for payment, with a reason: its held time and coupon use are released',
  tag: 'my-orders',
  auth: true,
  request: z.strictObject({ orderNo, reason: text(CANCEL_REASON_MAX, 'order.reasonRequired', 'order.reasonTooLong') }),
  response: orderDetail,
  codes: { 404: 'No such order of this customer.', 807: 'The order is no longer waiting for payment.' },
});

export const orderDelete = defineCall({
  path: paths.orderDelete,
  summary: "Delete an ended order (completed, cancelled, refunded) from the customer's list; nothing is erased",
  tag: 'my-orders',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: z.object({ orderNo: z.string(), deleted: z.literal(true) }),
  codes: { 404: 'No such order of this customer.', 807: 'The order has not ended, or a refund request on it is still open.' },
});

export const orderChangeTime = defineCall({
  path: paths.orderChangeTime,
  summary: 'Change the installation time of a booked order, until 24 hours before it, at most 3 times; the new time is checked like a new booking',
  tag: 'my-orders',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({ orderNo, date: appointment.shape.date, time: appointment.shape.time }),
  response: orderDetail,
  codes: {
    404: 'No such order of this customer.',
    807: 'Not a booked installation, less than 24 hours ahead, no changes left, or the new time is not free or not offered.',
  },
});

export const orderRefund = defineCall({
  path: paths.orderRefund,
  summary: 'Ask for a refund: reason, contact, amount (default all refundable) and up to 3 photos; opens it in PENDING_REVIEW',
  tag: 'my-orders',
  auth: true,
  request: z.strictObject({
    orderNo,
    reason: text(REFUND_REASON_MAX, 'refund.reasonRequired', 'refund.reasonTooLong'),
    contact: text(REFUND_CONTACT_MAX, 'refund.contactRequired', 'refund.contactTooLong').meta({ description: 'How to reach the customer about it: a phone number or e-mail.' }),
    amountSen: z.number().int().min(1).optional().meta({ description: 'Default: everything still refundable.' }),
    images: z.array(imageKey).max(MAX_REFUND_IMAGES, 'refund.tooManyImages').default([]).meta({ description: 'Keys from app/upload/image, of this customer, not on another refund.' }),
  }),
  response: orderDetail,
  codes: {
    404: 'No such order of this customer.',
    807: 'The order cannot be refunded now, a request is already open, the amount is above what is refundable, or a photo key is not usable.',
  },
});

export const orderRefundCancel = defineCall({
  path: paths.orderRefundCancel,
  summary: 'Revoke the open refund request while it waits for review',
  tag: 'my-orders',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: orderDetail,
  codes: { 404: 'No such order of this customer.', 807: 'No refund request waiting for review.' },
});

/**
 * `app/upload/image`: the one multipart call (field `file`). Described here for the OpenAPI
 * document and the site's types; the server reads the form itself.
 */
export const uploadImage = defineCall({
  path: paths.uploadImage,
  summary: 'Upload a photo (JPEG, PNG, WebP or HEIC by its content, at most 5 MB) as multipart/form-data, field "file"; stored without metadata',
  tag: 'my-orders',
  auth: true,
  body: 'multipart',
  request: z.object({ file: z.string().meta({ description: 'The image file (multipart/form-data).', format: 'binary' }) }),
  response: z.object({
    key: z.string().meta({ description: 'Name it in app/refund `images`.' }),
    url: z.string().meta({ description: 'Signed URL to show it, valid for an hour.' }),
    width: z.number().int(),
    height: z.number().int(),
  }),
  codes: {
    413: 'Larger than 5 MB.',
    415: 'Not a multipart form, or not a JPEG, PNG, WebP or HEIC image (or one that cannot be read).',
  },
});

export const myOrderCalls = [orderPage, orderCancel, orderDelete, orderChangeTime, orderRefund, orderRefundCancel];
