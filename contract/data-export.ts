import { z } from 'zod';
import { defineCall } from './call.ts';
import { garageHistory } from './garage.ts';
import { creditNoteDto, einvoiceDocument } from './invoice.ts';
import { paymentDto, refundDto } from './my-orders-dto.ts';
import { orderDetail } from './order-dto.ts';
import { paths } from './paths.ts';
import { authorReview } from './reviews.ts';
import { locales } from './rules/language.ts';
import { warrantyClaimDto } from './warranty.ts';

/**
 * The customer's data as one document (docs/contracts/running-the-business.md §5, PDPA): everything the
 * shop keeps about the caller, and only the caller. Words (product names, statuses, notes) are in
 * the language of the `language` header; values are as stored: codes, amounts in sen, ISO 8601
 * times, KL dates. `GET /api/app/user/data/export.json` with the same user key answers the same
 * document as a file to save. At most `EXPORTS_PER_HOUR` an hour per account, both ways counted.
 */

export const EXPORT_FORMAT = 'servauto-export-1';
/** Exports one account may make in any 60 minutes (the call and the download together). */
export const EXPORTS_PER_HOUR = 3;

const iso = (description: string) => z.string().meta({ description: `ISO 8601: ${description}` });

const profile = z
  .object({
    phone: z.string().meta({ description: 'The login phone, +60…', example: '+60123456789' }),
    name: z.string(),
    realName: z.string().meta({ description: 'The name given at the last checkout.' }),
    email: z.string().nullable().meta({ description: 'The e-mail of the latest order that gave one (the shop keeps no other); null when none did.' }),
    createdAt: iso('when the account was created.'),
    lastLoginAt: iso('the latest login.'),
  })
  .meta({ id: 'ExportProfile' });

const { car, services, odometer, reminders } = garageHistory.response.shape;
const exportCar = z
  .object({ car, addedAt: iso('when the car was saved to the garage.'), services, odometer, reminders })
  .meta({ id: 'ExportCar', description: "A garage car: its plate and papers (road tax, insurance), its odometer readings, the shop's services and the reminders sent about it." });

const consentRecord = z
  .object({
    purpose: z.enum(['serviceReminders', 'expiryReminders', 'whatsapp']).meta({ description: 'What the consent is for: service reminders, expiry reminders, order updates on WhatsApp.' }),
    granted: z.boolean(),
    at: iso('when the choice was made.'),
    wording: z.string().meta({ description: 'The sentence shown when the choice was made, as stored (or what the customer wrote, for a reply).' }),
    locale: z.enum(locales).meta({ description: 'The language it was shown in.' }),
    source: z.enum(['account', 'checkout', 'reply']).meta({ description: 'Where: the account, the checkout, or a reply on WhatsApp.' }),
  })
  .meta({ id: 'ExportConsent', description: 'One consent record, never changed: every change of a choice is one.' });

const exportMessage = z
  .object({
    channel: z.enum(['sms', 'whatsapp', 'email']),
    to: z.string().meta({ description: 'The phone number or e-mail address it went to.' }),
    kind: z.string().nullable().meta({ description: 'What an order message tells (paid, reminder, …); null for others.' }),
    at: iso('when it was written.'),
    subject: z.string().nullable().meta({ description: "An e-mail's subject; null otherwise." }),
    text: z.string().meta({ description: 'The message as sent, in the language it was sent in.' }),
    state: z.enum(['sending', 'sent', 'failed']).meta({ description: 'sending: waiting for the provider; sent: the provider took it; failed: not sent after the last try.' }),
    sentAt: z.string().nullable().meta({ description: 'ISO 8601: when the provider took it.' }),
    delivery: z.enum(['sent', 'delivered', 'read', 'failed']).nullable().meta({ description: "What the provider's status callbacks said last; null before any." }),
    fallback: z.boolean().meta({ description: 'An SMS sent because WhatsApp could not deliver the same notice.' }),
  })
  .meta({ id: 'ExportMessage' });

const invoiceFigures = z
  .object({
    invoiceNo: z.string(),
    issuedAt: iso('when it was issued.'),
    totalSen: z.number().int(),
  })
  .meta({ id: 'ExportInvoice' });

const o = orderDetail.shape;
const exportOrder = z
  .object({
    orderNo: o.orderNo,
    status: o.status,
    statusWords: z.string().meta({ description: 'The status in the request language.' }),
    stage: o.stage,
    stageWords: z.string().nullable().meta({ description: 'The stage in the request language; null without one.' }),
    method: o.method,
    createdAt: o.createdAt,
    removedFromList: z.boolean().meta({ description: 'The customer deleted it from My Orders: hidden from the list, kept by the shop.' }),
    car: o.car,
    contact: o.contact,
    address: o.address,
    notes: o.notes,
    store: o.store,
    appointment: o.appointment,
    visit: o.visit,
    lines: o.lines,
    totals: o.totals,
    coupon: o.coupon,
    money: o.money,
    pickupCode: o.pickupCode,
    expressCompany: o.expressCompany,
    expressNo: o.expressNo,
    history: o.history,
    payments: z.array(paymentDto.extend({ methodWords: z.string().meta({ description: 'How it was paid, in the request language.' }) })),
    refunds: z.array(refundDto.extend({ statusWords: z.string().meta({ description: 'The status in the request language.' }) })),
    invoice: invoiceFigures.nullable().meta({ description: 'The tax invoice, once paid.' }),
    creditNotes: z.array(creditNoteDto),
    einvoices: z
      .array(einvoiceDocument)
      .meta({ description: "LHDN e-invoices of the order: its own (or the valid consolidated one its receipt is in), then its credit notes' documents." }),
    warrantyClaims: z.array(warrantyClaimDto),
    messages: z.array(exportMessage).meta({ description: 'Every message sent about the order (SMS, WhatsApp, e-mail), oldest first.' }),
  })
  .meta({ id: 'ExportOrder' });

const exportReview = authorReview
  .omit({ editable: true, editableUntil: true })
  .extend({
    about: z.string().meta({ description: "The product's or the workshop's name, in the request language." }),
  })
  .meta({ id: 'ExportReview' });

export const exportDocument = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    exportedAt: iso('when the document was made.'),
    language: z.enum(locales).meta({ description: 'The language of its words.' }),
    profile,
    cars: z.array(exportCar),
    consents: z.array(consentRecord).meta({ description: 'Oldest first.' }),
    orders: z.array(exportOrder).meta({ description: 'Newest first, those deleted from My Orders included.' }),
    reviews: z.array(exportReview).meta({ description: 'Product and workshop reviews, in every state, oldest first.' }),
    messages: z.array(exportMessage).meta({ description: 'Messages about no order (a garage reminder by SMS or e-mail, a reply on WhatsApp), oldest first.' }),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof exportDocument>;

export const userDataExport = defineCall({
  path: paths.userDataExport,
  summary: `The customer's data as one document (${EXPORT_FORMAT}): profile, garage, consents, orders with their payments, refunds, invoices, e-invoices, claims and messages, reviews. Also as a file: GET /api${paths.userDataExportFile} with the user key. At most ${EXPORTS_PER_HOUR} an hour`,
  tag: 'user',
  auth: true,
  request: z.strictObject({}),
  response: exportDocument,
  codes: {
    708: 'No key, an unknown key, or an expired session.',
    800: 'The key was revoked by logging out.',
    807: `More than ${EXPORTS_PER_HOUR} exports within the hour: the message says in how many minutes the next is possible, data.retryAt when.`,
  },
});
