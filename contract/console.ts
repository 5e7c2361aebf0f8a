import { z } from 'zod';
import { calendarDate, dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { pageOf, pageRequest } from './paging.ts';
import { couriers } from './rules/couriers.ts';
import { fulfilmentMethods, orderStages, orderStatuses, refundStatuses } from './rules/order-status.ts';
import { moneyFigures, orderDetail } from './order-dto.ts';
import { paths } from './paths.ts';
import { MAX_ODOMETER_KM } from './rules/odometer.ts';
import { DOT_DATE } from './rules/tyre-date.ts';
import { imageKey } from './my-orders-dto.ts';

/**
 * The operations console (docs/contracts/orders.md §4): staff of one workshop, or the shop's team (admin),
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

export const orderNo = z.string().trim().min(1, 'field.required').max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
export const storeId = z.string().trim().min(1, 'field.required').max(80).regex(/^[a-z0-9-]+$/, 'field.invalid');
/** The most tyres one order's completion names (a few cars' worth). */
export const MAX_TYRES_PER_ORDER = 40;
export const TYRE_OVERRIDE_MAX = 200;
const fittedTyre = z.strictObject({
  lineId: z.string('field.required').trim().min(1, 'field.required').max(40),
  dot: z.string('tyre.dotFormat').trim().regex(DOT_DATE, 'tyre.dotFormat').meta({ description: 'The DOT date code: 4 digits, a week its year has (01–52, or 01–53 in a 53-week ISO year) then the year, e.g. "3226".', example: '3226' }),
  dotFull: z.string().trim().max(40, 'tyre.dotFullFormat').optional().meta({ description: 'The whole DOT code as printed, ending with the date code, e.g. "DOT 4B9V ABCD 3226".' }),
  photoId: imageKey.optional().meta({ description: 'A photo of the sidewall: the key app/upload/image answered this staff member.' }),
});
const pickupCode = z.string().trim().regex(/^\d{6}$/, 'console.pickupCodeFormat').meta({ description: 'The 6-digit self-pickup code the customer shows.' });
export const note = (required: boolean) =>
  (required ? z.string('console.noteRequired').trim().min(1, 'console.noteRequired') : z.string().trim()).max(STAFF_NOTE_MAX, 'console.noteTooLong');

const forbidden = 'Not staff (a customer or nobody logged in), or staff of another workshop, or an admin-only call for workshop staff.';
export const authCodes = { 403: forbidden, 708: 'No key, an unknown key, or an expired session.', 800: 'The key was revoked by logging out.' };

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
    options: z.array(z.string()).meta({ description: 'Options in words, in the request language, as the customer saw them, e.g. "Tyre size: 205/55R16", "Blade lengths: Driver (long) 24″, Passenger (short) 16″", "Tint transmittance: Front windscreen 70%, Side windows 50%, Rear windscreen 30%", "Engine oil: Shell Helix HX8 5W-30".' }),
  })
  .meta({ id: 'ConsoleLine' });

/**
 * The order's customer as staff read it; "closed account" (in the request's language) with no phone
 * and `closedAccount: true` once the customer closed it (docs/contracts/running-the-business.md §5).
 */
export const closedCustomer = z.object({
  name: z.string(),
  phone: z.string(),
  closedAccount: z.literal(true).optional(),
});

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
    customer: closedCustomer,
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
    closedAccount: z.literal(true).optional().meta({ description: 'The customer closed the account (docs/contracts/running-the-business.md §5): `contact` reads "closed account", with no phone.' }),
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
    q: z
      .string()
      .trim()
      .max(40)
      .optional()
      .meta({ description: 'Part of an order number or a plate (spaces and case ignored), or of the customer\'s or recipient\'s phone however typed (012-345 6789, +60123456789, 0123456789). Admins without storeId search every workshop and the parcels.' }),
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
    tyres: z
      .array(fittedTyre)
      .max(MAX_TYRES_PER_ORDER)
      .optional()
      .meta({ description: "Required when the order fits tyres: one per tyre fitted (a line of 4 tyres: 4 entries with its lineId). Refused (807, naming the tyre): a week its year does not have (00, 54, or 53 in a year of 52 ISO weeks), a week not begun yet, or older than the shop's promise (content maxTyreAgeMonths) unless `override` is given." }),
    override: z
      .strictObject({ reason: z.string('tyre.overrideReason').trim().min(1, 'tyre.overrideReason').max(TYRE_OVERRIDE_MAX, 'tyre.overrideTooLong') })
      .optional()
      .meta({ description: "Admins only: fit tyres older than the promise, for this reason (audited). The customer's warranty claim for such a tyre is accepted at once." }),
    notReserved: z
      .strictObject({ reason: z.string('stock.notReservedReason').trim().min(1, 'stock.notReservedReason').max(TYRE_OVERRIDE_MAX, 'stock.notReservedReason') })
      .optional()
      .meta({ description: 'Any staff: fit tyres whose DOT date codes are not among those reserved for the order, for this reason (audited). Without it such a tyre is refused (807, naming it; data `notReserved: true`).' }),
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
