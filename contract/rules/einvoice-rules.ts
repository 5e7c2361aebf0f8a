import { klMonth, lastDayOfMonth } from './kl-calendar.ts';
import { SERVICE_TAX_BP } from './price.ts';

/**
 * The words of e-invoices (docs/contracts/after-sale.md §4) both sides check: document types and states,
 * the buyer's identification and LHDN's state codes. Pure: no zod, no I/O.
 */

export const documentTypes = ['invoice', 'consolidated', 'credit-note', 'refund-note'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const documentStatuses = ['PENDING', 'SUBMITTED', 'VALID', 'INVALID', 'CANCELLED'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** What moves a document from one status to another (its history names them); `claim` is its first row. */
export const documentEvents = ['claim', 'submit', 'refuse', 'validate', 'invalidate', 'cancel', 'retry'] as const;
export type DocumentEvent = (typeof documentEvents)[number];

export const buyerTypes = ['individual', 'business'] as const;
export type BuyerType = (typeof buyerTypes)[number];

export const buyerIdTypes = ['NRIC', 'PASSPORT', 'ARMY', 'BRN'] as const;
export type BuyerIdType = (typeof buyerIdTypes)[number];

/** LHDN's state codes (e-Invoice code tables), by the state names the shop's addresses use. */
export const lhdnStateCodes = {
  Johor: '01',
  Kedah: '02',
  Kelantan: '03',
  Melaka: '04',
  'Negeri Sembilan': '05',
  Pahang: '06',
  'Pulau Pinang': '07',
  Perak: '08',
  Perlis: '09',
  Selangor: '10',
  Terengganu: '11',
  Sabah: '12',
  Sarawak: '13',
  'Wilayah Persekutuan Kuala Lumpur': '14',
  'Wilayah Persekutuan Labuan': '15',
  'Wilayah Persekutuan Putrajaya': '16',
} as const;
export type LhdnState = keyof typeof lhdnStateCodes;
export const lhdnStates = Object.keys(lhdnStateCodes) as LhdnState[];

/** The buyer of a consolidated e-invoice: LHDN's general public TIN. */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';
/** A transaction above this (in sen) always gets its own e-invoice, at payment. */
export const CONSOLIDATION_LIMIT_SEN = 1_000_000;
/** A valid e-invoice may be cancelled only this long after its validation. */
export const CANCEL_WINDOW_HOURS = 72;
/** The service tax on labour, in percent, as e-invoices write it: the price rules' one rate. */
export const SERVICE_TAX_PERCENT = SERVICE_TAX_BP / 100;

/** A buyer may ask for their own e-invoice only within the Kuala Lumpur calendar month of payment. */
export const mayRequestEinvoice = (paidAt: Date, now: Date): boolean => klMonth(paidAt) === klMonth(now);
/** The last day (YYYY-MM-DD) a buyer may ask for their own e-invoice. */
export const einvoiceRequestUntil = (paidAt: Date): string => lastDayOfMonth(klMonth(paidAt));
