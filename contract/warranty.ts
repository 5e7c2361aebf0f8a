import { z } from 'zod';
import { calendarDate, dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { authCodes, storeId } from './console.ts';
import { imageDto, imageKey } from './my-orders-dto.ts';
import { appointment } from './orders.ts';
import { pageOf, pageRequest } from './paging.ts';
import { paths } from './paths.ts';
import { actors } from './rules/order-status.ts';
import { MAX_WARRANTY_PHOTOS, WARRANTY_DESCRIPTION_MAX, WARRANTY_DESCRIPTION_MIN, WARRANTY_REASON_MAX, warrantyStatuses } from './rules/warranty.ts';

/**
 * The 30-day workmanship warranty as a flow (docs/contracts/going-live.md §2): the customer claims for lines of
 * a completed installation; the workshop's staff or an admin accept (a free rework the customer
 * books through the same slots), reject with a reason, or an admin offers a refund of the line
 * through the refund flow; staff resolve the claim when the rework is done.
 */

const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
const claimId = z.uuid('warranty.unknown').meta({ description: 'The claim, as app/warranty/mine or console/warranty/page answer it.' });

export const warrantyClaimDto = z
  .object({
    claimId: z.string(),
    claimNo: z.string().meta({ description: 'The order number with "-W" and the claim\'s number on the order, e.g. "SV2506021234-W1".' }),
    orderNo: z.string(),
    status: z.enum(warrantyStatuses),
    lines: z.array(z.object({ lineId: z.string(), name: z.string().meta({ description: 'In the request language.' }), quantity: z.number().int() })),
    description: z.string(),
    photos: z.array(imageDto),
    preApproved: z.boolean().meta({ description: 'A tyre fitted older than the shop\'s promise is claimed: accepted as it opens.' }),
    decisionNote: z.string().meta({ description: 'The staff\'s note on accepting, or the reason of a rejection.' }),
    refundAmountSen: z.number().int().nullable(),
    rework: z.object({ date: z.string(), time: z.string() }).nullable().meta({ description: 'The free rework booked at the order\'s workshop.' }),
    workshop: z.object({ id: z.string(), name: z.string() }),
    completedOn: z.string().meta({ description: 'The day the installation was completed (KL calendar).' }),
    lastDay: z.string().meta({ description: 'The last day a claim may be opened on the order (KL calendar).' }),
    createdAt: z.string(),
    history: z.array(z.object({ status: z.enum(warrantyStatuses), at: z.string(), by: z.enum(actors), note: z.string() })),
  })
  .meta({ id: 'WarrantyClaim' });

const mineResponse = z
  .object({
    orderNo: z.string(),
    lastDay: z.string().nullable().meta({ description: 'The last day a claim may be opened (KL calendar); null when the order is not a completed installation.' }),
    daysLeft: z.number().int().meta({ description: 'Whole days left to claim (0 on the last day, negative after it).' }),
    claimable: z.array(z.object({ lineId: z.string(), name: z.string() })).meta({ description: 'Lines a claim may be opened for now (none while the window is closed or the line has an open claim).' }),
    claims: z.array(warrantyClaimDto),
  })
  .meta({ id: 'WarrantyClaims' });

const customerCodes = {
  404: 'No such order of this customer.',
  807: 'Not a completed installation, past its warranty (the 30th day after completion included, KL calendar), a line not of this order or with an open claim, or a photo key not usable.',
};

export const warrantyAdd = defineCall({
  path: paths.warrantyAdd,
  summary: 'Open a warranty claim for lines of a completed installation, within 30 days of completion; one open claim per line',
  tag: 'warranty',
  auth: true,
  request: z.strictObject({
    orderNo,
    lineIds: z.array(z.string().trim().min(1).max(40)).min(1, 'warranty.linesRequired').max(40).meta({ description: 'Lines of the order (lineId of app/find).' }),
    description: z
      .string('warranty.description')
      .trim()
      .min(WARRANTY_DESCRIPTION_MIN, 'warranty.description')
      .max(WARRANTY_DESCRIPTION_MAX, 'warranty.description')
      .meta({ description: 'What is wrong, 10 to 1,000 characters.' }),
    photoIds: z.array(imageKey).max(MAX_WARRANTY_PHOTOS, 'warranty.tooManyPhotos').default([]).meta({ description: 'Keys from app/upload/image, of this customer, not on another claim or refund.' }),
  }),
  response: mineResponse,
  codes: customerCodes,
});

export const warrantyMine = defineCall({
  path: paths.warrantyMine,
  summary: "The order's warranty: its last day, the lines a claim may be opened for, and its claims with their steps",
  tag: 'warranty',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: mineResponse,
  codes: { 404: customerCodes[404] },
});

export const warrantyBook = defineCall({
  path: paths.warrantyBook,
  summary: "Book an accepted claim's free rework at the order's workshop, at a time store/slots offers for the claimed lines; no payment",
  tag: 'warranty',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({ claimId, date: appointment.shape.date, time: appointment.shape.time }),
  response: mineResponse,
  codes: { 404: 'No such claim of this customer.', 807: 'The claim is not accepted, or the time is not free or not offered.' },
});

export const consoleWarrantyCard = warrantyClaimDto
  .extend({
    daysLeft: z.number().int().meta({ description: 'Days of the warranty left when the claim was opened.' }),
    car: z.object({ name: z.string(), plate: z.string() }),
    reworkJob: z
      .object({ endTime: z.string(), bay: z.number().int().nullable().meta({ description: 'The bay booked, from 1.' }) })
      .nullable()
      .meta({ description: 'The booked rework as the workshop plans it: when it ends and its bay. Free of charge.' }),
    actions: z.object({ accept: z.boolean(), reject: z.boolean(), refund: z.boolean(), resolve: z.boolean() }),
  })
  .meta({ id: 'ConsoleWarrantyClaim' });

export const consoleWarrantyPage = defineCall({
  path: paths.consoleWarrantyPage,
  summary:
    "Warranty claims, oldest first: an admin's of every workshop (or storeId's), workshop staff's of their own jobs; with a date, the free reworks booked that day by time and bay",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({
    status: z.enum(warrantyStatuses).optional(),
    storeId: storeId.optional(),
    date: calendarDate.optional().meta({ description: 'Only claims whose free rework is booked that day (YYYY-MM-DD, Malaysian time), by time then bay.' }),
    ...pageRequest(100, 20),
  }),
  response: pageOf(consoleWarrantyCard),
  codes: authCodes,
});

const decisionCodes = { ...authCodes, 404: 'No such claim (or one of another workshop for workshop staff).', 807: 'The claim is not in a state this decision starts from (the state table).' };

export const consoleWarrantyAccept = defineCall({
  path: paths.consoleWarrantyAccept,
  summary: 'Accept a claim: SUBMITTED → ACCEPTED; the customer is told by SMS and books the free rework',
  tag: 'console',
  auth: true,
  request: z.strictObject({ claimId, note: z.string().trim().max(WARRANTY_REASON_MAX, 'console.noteTooLong').optional() }),
  response: consoleWarrantyCard,
  codes: decisionCodes,
});

export const consoleWarrantyReject = defineCall({
  path: paths.consoleWarrantyReject,
  summary: 'Reject a claim with a reason the customer reads: SUBMITTED → REJECTED; SMS',
  tag: 'console',
  auth: true,
  request: z.strictObject({
    claimId,
    reason: z.string('warranty.reasonRequired').trim().min(1, 'warranty.reasonRequired').max(WARRANTY_REASON_MAX, 'console.noteTooLong'),
  }),
  response: consoleWarrantyCard,
  codes: decisionCodes,
});

export const consoleWarrantyRefund = defineCall({
  path: paths.consoleWarrantyRefund,
  summary: "Admins: offer a refund of the claimed lines instead of a rework: SUBMITTED/ACCEPTED → REFUND_OFFERED, through the refund flow; SMS",
  tag: 'console',
  auth: true,
  request: z.strictObject({ claimId, amountSen: z.number().int().min(1).meta({ description: 'At most what the order may still return.' }) }),
  response: consoleWarrantyCard,
  codes: decisionCodes,
});

export const consoleWarrantyResolve = defineCall({
  path: paths.consoleWarrantyResolve,
  summary: 'The rework is done: ACCEPTED → RESOLVED; SMS',
  tag: 'console',
  auth: true,
  request: z.strictObject({ claimId, note: z.string().trim().max(WARRANTY_REASON_MAX, 'console.noteTooLong').optional() }),
  response: consoleWarrantyCard,
  codes: decisionCodes,
});
