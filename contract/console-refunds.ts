import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import { noticeKinds, refundDto } from './my-orders-dto.ts';
import { refundStatuses } from './rules/order-status.ts';
import { paths } from './paths.ts';
import { authCodes, closedCustomer, consoleLine, consoleOrderDetail, note, orderNo } from './console.ts';

/**
 * The console's refunds (docs/contracts/orders.md §4): admins review a request, try a failed one again or record
 * one paid outside the provider (docs/contracts/after-sale.md §5), and list what waits or went wrong.
 */

export const consoleRefundsReview = defineCall({
  path: paths.consoleRefundsReview,
  summary: 'Admins: approve (all asked, or less with a note) or reject (with a note the customer reads) the refund request waiting for review; an approval goes to the payment provider at once',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    orderNo,
    decision: z.enum(['approve', 'reject'], 'console.decision'),
    amountSen: z.number().int().min(1).optional().meta({ description: 'Approve: at most what was asked and what is refundable; default what was asked.' }),
    note: note(false).default('').meta({ description: 'Required to reject: the customer reads it.' }),
  }),
  response: consoleOrderDetail,
  codes: { ...authCodes, 404: 'No such order.', 807: 'No request waiting for review, an amount above what was asked or is refundable, less than asked without a note, or a rejection without a note.' },
});

export const consoleRefundsRetry = defineCall({
  path: paths.consoleRefundsRetry,
  summary: 'Admins: send a refund the payment provider could not pay (FAILED) again, as a new request with a new idempotency key (PROCESSING)',
  tag: 'console',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: consoleOrderDetail,
  codes: { ...authCodes, 404: 'No such order.', 807: 'The order has no failed refund, or its payments cannot return it.' },
});

export const consoleRefundsManual = defineCall({
  path: paths.consoleRefundsManual,
  summary: 'Admins: record that a failed refund was paid outside the payment provider, with the reference of that payment (COMPLETED)',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    orderNo,
    reference: z.string('refund.referenceRequired').trim().min(1, 'refund.referenceRequired').max(100).meta({ description: 'The reference of the payment made outside the provider (a bank transfer number).' }),
    note: note(false).default(''),
  }),
  response: consoleOrderDetail,
  codes: { ...authCodes, 404: 'No such order.', 807: 'The order has no failed refund.' },
});

export const consoleRefundsPage = defineCall({
  path: paths.consoleRefundsPage,
  summary: 'Admins: refund requests waiting for review, oldest first, each with its deadline (3 working days) and a late flag',
  tag: 'console',
  auth: true,
  request: z.strictObject(pageRequest(100, 20)),
  response: pageOf(
    z
      .object({
        orderNo: z.string(),
        store: z.object({ id: z.string(), name: z.string() }).nullable(),
        customer: closedCustomer,
        lines: z.array(consoleLine).meta({ description: 'What the order bought, in the language asked for.' }),
        paidSen: z.number().int(),
        refundedSen: z.number().int(),
        refund: refundDto,
        deadline: z.string().meta({ description: 'ISO 8601: the end of the third working day after the request (Malaysian time).' }),
        late: z.boolean(),
        approvableSen: z.number().int().meta({ description: 'The most it may be approved for: what was asked, and no more than is paid and not yet returned.' }),
        actions: z
          .object({ approve: z.boolean(), reject: z.boolean() })
          .meta({ id: 'ConsoleRefundActions', description: "The decisions the refund state table allows staff now. Approving less than asked needs a note, as does rejecting." }),
      })
      .meta({ id: 'ConsoleRefund' }),
  ),
  codes: authCodes,
});

const waiting = { orderNo: z.string(), amountSen: z.number().int(), lastError: z.string().nullable().meta({ description: "The provider's last refusal or failure, if any." }) };

export const consoleRefundsAttention = defineCall({
  path: paths.consoleRefundsAttention,
  summary: 'Admins: the money that needs a hand, each list oldest first: refunds the payment provider could not pay (FAILED), money an order cannot use that has not come back yet, and refunds past their 3-working-day review promise; and the SMS to customers that could not be sent',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z
    .object({
      failed: z.array(z.object({ ...waiting, refundNo: z.string(), failedAt: z.string().meta({ description: 'ISO 8601: when the provider reported the failure.' }) })),
      surplus: z.array(
        z.object({
          ...waiting,
          paymentId: z.string(),
          since: z.string().meta({ description: 'ISO 8601: when the payment the order cannot use was taken.' }),
          waitedMinutes: z.number().int(),
          sending: z.boolean().meta({ description: 'A return is on its way to the provider now.' }),
        }),
      ),
      late: z.array(
        z.object({
          orderNo: z.string(),
          refundNo: z.string(),
          status: z.enum(refundStatuses),
          amountSen: z.number().int(),
          requestedAt: z.string(),
          deadline: z.string().meta({ description: 'ISO 8601: the end of the third working day after the request (Malaysian time).' }),
        }),
      ),
      notices: z
        .array(
          z.object({
            orderNo: z.string(),
            kind: z.enum(noticeKinds),
            phone: z.string(),
            at: z.string().meta({ description: 'ISO 8601: when the notice was written.' }),
            tries: z.number().int(),
            lastError: z.string().nullable().meta({ description: "The SMS provider's last refusal or failure." }),
          }),
        )
        .meta({ description: 'SMS to customers not sent after their last try, or refused by the provider, newest first (at most 50).' }),
    })
    .meta({ id: 'ConsoleRefundAttention' }),
  codes: authCodes,
});
