import { z } from 'zod';
import { calendarDate, dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import { couriers } from './rules/couriers.ts';
import { refundDto } from './my-orders-dto.ts';
import { fulfilmentMethods, orderStages, orderStatuses, refundStatuses } from './rules/order-status.ts';
import { moneyFigures, orderDetail } from './order-dto.ts';
import { paths } from './paths.ts';
import { MAX_ODOMETER_KM } from './rules/odometer.ts';

/**
 * The operations console (orders.md §4): staff of one workshop, or the shop's team (admin),
 * carry orders through the moves only staff make. Every call needs a staff login: anyone
 * else is answered 403; workshop staff asking for another workshop's order too.
 */

export const staffRoles = ['admin', 'workshop'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The couriers staff may ship with (couriers.ts), by id. */
export const courierIds = couriers.map((c) => c.id) as [string, ...string[]];
export const EXPRESS_NO = /^[A-Za-z0-9-]{6,30}$/;
export const STAFF_NOTE_MAX = 500;
export const CLOSURE_REASON_MAX = 200;
/** Working days a refund request may wait for its review before it counts as late. */
export const REFUND_REVIEW_WORKING_DAYS = 3;

const orderNo = z.string().trim().min(1, 'field.required').max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
const storeId = z.string().trim().min(1, 'field.required').max(80).regex(/^[a-z0-9-]+$/, 'field.invalid');
const pickupCode = z.string().trim().regex(/^\d{6}$/, 'console.pickupCodeFormat').meta({ description: 'The 6-digit self-pickup code the customer shows.' });
const note = (required: boolean) =>
  (required ? z.string('console.noteRequired').trim().min(1, 'console.noteRequired') : z.string().trim()).max(STAFF_NOTE_MAX, 'console.noteTooLong');

const forbidden = 'Not staff (a customer or nobody logged in), or staff of another workshop, or an admin-only call for workshop staff.';
const authCodes = { 403: forbidden, 708: 'No key, an unknown key, or an expired session.', 800: 'The key was revoked by logging out.' };

/** What staff may do with the order now (the state table's moves for `staff`). */
export const staffActions = z
  .object({ start: z.boolean(), ready: z.boolean(), ship: z.boolean(), complete: z.boolean(), reviewRefund: z.boolean() })
  .meta({ id: 'StaffActions', description: 'Moves the console offers now; reviewRefund only for admins.' });

/** A line as staff read it at the bay: what, how many and every option in words. */
export const consoleLine = z
  .object({
    name: z.string(),
    category: z.string(),
    quantity: z.number().int(),
    options: z.array(z.string()).meta({ description: 'Options in words, e.g. "Engine oil: Shell Helix HX8 5W-30", "Wiper sizes: 24\\" + 16\\"", "Front windscreen: 70 %", "Tyre size: 205/55 R16".' }),
  })
  .meta({ id: 'ConsoleLine' });

export const consoleOrderCard = z
  .object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    method: z.enum(fulfilmentMethods),
    createdAt: z.string(),
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    appointment: z
      .object({ date: z.string(), time: z.string(), endTime: z.string(), bay: z.number().int().nullable().meta({ description: 'The bay booked, from 1.' }) })
      .nullable(),
    car: z.object({ name: z.string(), plate: z.string() }),
    customer: z.object({ name: z.string(), phone: z.string() }),
    lines: z.array(consoleLine),
    notes: z.string(),
    expressCompany: z.string().nullable(),
    expressNo: z.string().nullable(),
    totalSen: z.number().int(),
    paidSen: z.number().int(),
    refundedSen: z.number().int(),
    money: moneyFigures,
    refund: z.object({ refundNo: z.string(), status: z.enum(refundStatuses), amountSen: z.number().int() }).nullable(),
    actions: staffActions,
  })
  .meta({ id: 'ConsoleOrderCard' });

/**
 * The whole order for staff: as the customer's `app/find` answers it (lines with options,
 * car, notes, history, refunds with signed photo links, payments, SMS), with the bay, the
 * options in words and staff's moves. The pickup code is never shown: the customer brings it.
 */
export const consoleOrderDetail = orderDetail
  .omit({ pickupCode: true, actions: true, secondsToPay: true, payBefore: true })
  .extend({
    bay: z.number().int().nullable(),
    consoleLines: z.array(consoleLine),
    hasPickupCode: z.boolean().meta({ description: 'Self pickup: a code is needed to hand it over.' }),
    actions: staffActions,
  })
  .meta({ id: 'ConsoleOrderDetail' });

export const consoleOrdersPage = defineCall({
  path: paths.consoleOrdersPage,
  summary: "Orders for staff, paged: a workshop's own (default for workshop staff), or any store's for admins; with a date, that day's bookings by time and bay",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({
    storeId: storeId.optional().meta({ description: "Workshop staff: their own (default); admins: any, or absent for every store." }),
    date: calendarDate.optional().meta({ description: 'Bookings of that day (YYYY-MM-DD, Malaysian time), by time then bay.' }),
    status: z.enum(orderStatuses).optional(),
    method: z.enum(fulfilmentMethods).optional().meta({ description: 'Only orders fulfilled this way (mail: the parcels).' }),
    q: z.string().trim().max(40).optional().meta({ description: 'Part of an order number or a plate (spaces ignored).' }),
    ...pageRequest(100, 20),
  }),
  response: pageOf(consoleOrderCard),
  codes: authCodes,
});

export const consoleOrdersFind = defineCall({
  path: paths.consoleOrdersFind,
  summary: 'One order for staff, by its number or by the self-pickup code the customer shows',
  tag: 'console',
  auth: true,
  request: z
    .strictObject({ orderNo: orderNo.optional(), pickupCode: pickupCode.optional() })
    .refine((r) => r.orderNo !== undefined || r.pickupCode !== undefined, { message: 'console.orderOrCode', path: ['orderNo'] }),
  response: consoleOrderDetail,
  codes: { ...authCodes, 404: 'No such order, or no open pickup with that code.' },
});

const moveCodes = { ...authCodes, 404: 'No such order.', 807: 'The order is not in a state this move starts from (the state table), or a wrong pickup code.' };

export const consoleOrdersStart = defineCall({
  path: paths.consoleOrdersStart,
  summary: 'Start the service of a booked installation: UPCOMING/BOOKED → IN_PROGRESS/IN_SERVICE',
  tag: 'console',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: consoleOrderDetail,
  codes: moveCodes,
});

export const consoleOrdersComplete = defineCall({
  path: paths.consoleOrdersComplete,
  summary: 'Complete: an installation in service or a parcel delivered (IN_PROGRESS → COMPLETED); a pickup handed over (UPCOMING/READY → COMPLETED) with the right code only',
  tag: 'console',
  auth: true,
  fieldLabels: { odometerKm: { en: 'Odometer (km)', 'zh-cn': '里程表（公里）', ms: 'Odometer (km)' } },
  request: z.strictObject({
    orderNo,
    pickupCode: pickupCode.optional().meta({ description: 'Required for a self pickup.' }),
    odometerKm: z
      .number('field.type')
      .int('field.type')
      .min(0)
      .max(MAX_ODOMETER_KM)
      .optional()
      .meta({ description: "Required for an installation: the car's odometer as the service ends; refused below a reading of an earlier day or more than 3,000 km a day above the last (807, naming it)." }),
  }),
  response: consoleOrderDetail,
  codes: moveCodes,
});

export const consoleOrdersReady = defineCall({
  path: paths.consoleOrdersReady,
  summary: 'A pickup is ready at the counter: UPCOMING/PREPARING → UPCOMING/READY; the customer is told by SMS',
  tag: 'console',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: consoleOrderDetail,
  codes: moveCodes,
});

export const consoleOrdersShip = defineCall({
  path: paths.consoleOrdersShip,
  summary: 'Ship a mail order: UPCOMING/TO_SHIP → IN_PROGRESS/SHIPPED, with courier and tracking number; the customer is told by SMS',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    orderNo,
    expressCompany: z.enum(courierIds, 'console.courier').meta({ description: 'One of the couriers: ' + courierIds.join(', ') + '.' }),
    expressNo: z.string('console.expressNo').trim().regex(EXPRESS_NO, 'console.expressNo').meta({ description: 'Tracking number: 6 to 30 letters, digits or dashes.' }),
  }),
  response: consoleOrderDetail,
  codes: moveCodes,
});

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
        customer: z.object({ name: z.string(), phone: z.string() }),
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
  summary: 'Admins: the money that needs a hand, each list oldest first: refunds the payment provider could not pay (FAILED), money an order cannot use that has not come back yet, and refunds past their 3-working-day review promise',
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
    })
    .meta({ id: 'ConsoleRefundAttention' }),
  codes: authCodes,
});

export const consoleStoresClosure = defineCall({
  path: paths.consoleStoresClosure,
  summary: "Admins: close a workshop for a day (today or later); no time is offered that day, and the day's booked customers are told by SMS and may rebook free of the 24-hour rule and the change limit",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({
    storeId,
    date: calendarDate.meta({ description: 'The day closed (YYYY-MM-DD, Malaysian time).' }),
    reason: z.string('console.reasonRequired').trim().min(1, 'console.reasonRequired').max(CLOSURE_REASON_MAX, 'console.reasonTooLong'),
  }),
  response: z.object({ storeId: z.string(), date: z.string(), reason: z.string(), told: z.number().int().meta({ description: 'Booked orders whose customers were told.' }) }),
  codes: { ...authCodes, 404: 'No such workshop.', 807: 'A date in the past, or the workshop is already closed that day.' },
});

export const consoleStoresBookings = defineCall({
  path: paths.consoleStoresBookings,
  summary: "Admins, before closing a workshop's day: how many booked installations that day holds (the customers a closure would tell)",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({ storeId, date: calendarDate.meta({ description: 'The day (YYYY-MM-DD, Malaysian time).' }) }),
  response: z.object({ storeId: z.string(), date: z.string(), bookings: z.number().int().meta({ description: 'Paid installations booked at the workshop that day and not yet started.' }) }),
  codes: { ...authCodes, 404: 'No such workshop.' },
});

export const consoleStoresList = defineCall({
  path: paths.consoleStoresList,
  summary: 'The workshops staff may work on (all for admins, their own for workshop staff), with their closed days from today',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z.array(
    z
      .object({ id: z.string(), name: z.string(), bays: z.number().int(), closures: z.array(z.object({ date: z.string(), reason: z.string() })) })
      .meta({ id: 'ConsoleStore' }),
  ),
  codes: authCodes,
});

const dayFigures = z.object({ date: z.string(), orders: z.number().int(), revenueSen: z.number().int(), refundedSen: z.number().int() });

export const consoleDashboard = defineCall({
  path: paths.consoleDashboard,
  summary: 'Admins: the last 30 days (Malaysian dates, today included): paid orders, revenue (paid sen) and refunds returned per day, in total and per workshop; and bay use per workshop (booked units / open units)',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(dayFigures),
    stores: z.array(
      z.object({
        id: z.string().meta({ description: 'A workshop, or "mail" for orders without one (parcels).' }),
        name: z.string(),
        days: z.array(dayFigures),
        bookedUnits: z.number().int(),
        openUnits: z.number().int(),
        bayUse: z.number().meta({ description: 'bookedUnits / openUnits, 0 to 1.' }),
      }),
    ),
    workshops: z.number().int().meta({ description: 'The partner workshops counted (the "mail" row is not one).' }),
    quiet: z
      .object({ orders: z.number().int(), revenueSen: z.number().int(), refundedSen: z.number().int(), bayUse: z.number().int() })
      .meta({ description: 'Per list, the workshops with nothing in these 30 days (no order, no revenue, no refund, no bay booked): counted, not listed; out of `workshops`.' }),
  }),
  codes: authCodes,
});

export const consoleCalls = [
  consoleOrdersPage,
  consoleOrdersFind,
  consoleOrdersStart,
  consoleOrdersComplete,
  consoleOrdersReady,
  consoleOrdersShip,
  consoleRefundsReview,
  consoleRefundsPage,
  consoleRefundsRetry,
  consoleRefundsManual,
  consoleRefundsAttention,
  consoleStoresClosure,
  consoleStoresBookings,
  consoleStoresList,
  consoleDashboard,
];

