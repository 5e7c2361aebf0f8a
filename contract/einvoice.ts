import { z } from 'zod';
import { defineCall } from './call.ts';
import { einvoiceDocument } from './invoice.ts';
import { pageOf, pageRequest } from './paging.ts';
import { paths } from './paths.ts';
import { buyerIdTypes, buyerTypes, documentEvents, documentStatuses, documentTypes, lhdnStates } from './rules/einvoice-rules.ts';
import { actors } from './rules/order-status.ts';

/**
 * e-Invoices through LHDN MyInvois (docs/contracts/after-sale.md §4): the buyer asks for their own within the
 * month of payment; the console watches each month's documents, retries and consolidates.
 */

const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');
const text = (max: number) => z.string('field.required').trim().min(1, 'field.required').max(max, 'field.tooLong');

export const einvoiceBuyer = z.strictObject({
  type: z.enum(buyerTypes),
  name: text(300),
  tin: z.string().trim().max(20, 'field.tooLong').optional(),
  idType: z.enum(buyerIdTypes),
  idValue: text(30),
  sstNo: z.string().trim().max(35, 'field.tooLong').optional(),
  email: z.email('field.invalid').max(320, 'field.tooLong'),
  phone: text(20),
  address: z.strictObject({
    line1: text(150),
    line2: z.string().trim().max(150, 'field.tooLong').optional(),
    postcode: z.string().trim().regex(/^\d{5}$/, 'field.invalid'),
    city: text(50),
    state: z.enum(lhdnStates),
  }),
});

export const einvoiceRequest = defineCall({
  path: paths.einvoiceRequest,
  summary: "The buyer's own e-invoice for a paid order, within the calendar month of payment, once",
  tag: 'invoices',
  auth: true,
  request: z.strictObject({ orderNo, buyer: einvoiceBuyer }),
  response: einvoiceDocument,
  codes: { 807: 'Not the caller’s order, not paid, after the month of payment, already asked, or a buyer detail LHDN would refuse.' },
});

export const einvoiceFind = defineCall({
  path: paths.einvoiceFind,
  summary: "An order's e-invoice, if it has its own",
  tag: 'invoices',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: z.object({
    document: einvoiceDocument.nullable(),
    canRequest: z.boolean(),
    requestUntil: z.string().nullable().meta({ description: 'YYYY-MM-DD: the last day to ask.' }),
  }),
});

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'field.invalid').meta({ description: 'YYYY-MM, Malaysian time.' });

export const consoleEinvoice = einvoiceDocument
  .extend({
    documentNo: z.string().meta({ description: "The shop's number for it: the invoice's or credit note's number, or CONS-YYYY-MM for a consolidation." }),
    month: z.string(),
    orderNos: z.array(z.string()).meta({ description: 'The receipts it covers (one, or a month’s for a consolidated e-invoice).' }),
    totalSen: z.number().int(),
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    attempts: z.number().int(),
    actions: z.object({ retry: z.boolean() }),
  })
  .meta({ id: 'ConsoleEinvoice' });

/** A rule the signing certificate breaks, or a warning: LHDN's code (DS…) or the shop's (CERT-…), and its words. */
const certificateFinding = z.object({ code: z.string(), message: z.string() });

export const consoleEinvoicePage = defineCall({
  path: paths.consoleEinvoicePage,
  summary: "A month's e-invoice documents for admins, with the month's consolidation and whether it is late",
  tag: 'console',
  auth: true,
  request: z.strictObject({ month: month.optional(), status: z.enum(documentStatuses).optional(), type: z.enum(documentTypes).optional(), ...pageRequest(100, 20) }),
  response: pageOf(consoleEinvoice).extend({
    month: z.string(),
    consolidation: z.object({
      status: z.enum(documentStatuses).nullable().meta({ description: 'null: not yet built.' }),
      receipts: z.number().int().meta({ description: 'Paid orders of the month without their own e-invoice.' }),
      dueBy: z.string().meta({ description: 'YYYY-MM-DD: the 7th of the next month.' }),
      late: z.boolean().meta({ description: 'The 7th is within two days (or past) and the month is not submitted.' }),
    }),
    certificate: z
      .object({
        state: z.enum(['ok', 'expiring', 'problem']).meta({ description: 'expiring: valid, but ends within 30 days. problem: MyInvois would refuse what it signs.' }),
        expiresAt: z.string().nullable().meta({ description: 'ISO time the certificate ends; null: it cannot be read.' }),
        daysLeft: z.number().int().nullable(),
        problems: z.array(certificateFinding),
        warnings: z.array(certificateFinding),
      })
      .meta({ description: 'The signing certificate against LHDN’s rules for the seller, now.' }),
  }),
  codes: { 403: 'Not an admin.' },
});

export const consoleEinvoiceRetry = defineCall({
  path: paths.consoleEinvoiceRetry,
  summary: 'Submit an invalid or unsent document again',
  tag: 'console',
  auth: true,
  request: z.strictObject({ documentId: z.string().trim().min(1).max(60) }),
  response: consoleEinvoice,
  codes: { 403: 'Not an admin.', 807: 'Already valid, cancelled or on its way.' },
});

export const consoleEinvoiceConsolidate = defineCall({
  path: paths.consoleEinvoiceConsolidate,
  summary: "Build and submit a past month's consolidated e-invoice (a job also does this between the 1st and the 7th)",
  tag: 'console',
  auth: true,
  request: z.strictObject({ month }),
  response: consoleEinvoice.nullable().meta({ description: 'null: the month had no receipt to consolidate.' }),
  codes: { 403: 'Not an admin.', 807: 'The month has not ended, or it is already submitted.' },
});

/** One move of a document, as its history keeps it. */
export const einvoiceMove = z
  .object({
    event: z.enum(documentEvents).meta({ description: 'claim (made, PENDING), submit, refuse, validate, invalidate, cancel or retry.' }),
    status: z.enum(documentStatuses).meta({ description: 'The status it moved to.' }),
    by: z.enum(actors),
    at: z.string(),
    note: z.string().meta({ description: "LHDN's first reason for an invalid one, or why it was cancelled; may be empty." }),
  })
  .meta({ id: 'EinvoiceMove' });

export const consoleEinvoiceHistory = defineCall({
  path: paths.consoleEinvoiceHistory,
  summary: "A document's moves, from its claim to where it stands, oldest first",
  tag: 'console',
  auth: true,
  request: z.strictObject({ documentId: z.string().trim().min(1).max(60) }),
  response: z.object({ documentId: z.string(), documentNo: z.string(), status: z.enum(documentStatuses), history: z.array(einvoiceMove) }),
  codes: { 403: 'Not an admin.', 404: 'No such document.' },
});
