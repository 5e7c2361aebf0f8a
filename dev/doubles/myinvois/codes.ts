import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * LHDN's code tables the double checks (SDK "Codes"): tax types, classification codes, state
 * codes, e-invoice types, MSIC codes (from msic-codes.json) and the general shape of a TIN.
 */

export const TAX_TYPES = new Set(['01', '02', '03', '04', '05', '06', 'E']);

/** Classification codes 001 to 045. */
export const CLASSIFICATION_CODES = new Set(Array.from({ length: 45 }, (_, i) => String(i + 1).padStart(3, '0')));

/** State codes 01 to 17 (17: not applicable). */
export const STATE_CODES = new Set(Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(2, '0')));

/** e-Invoice types and the names Get Submission gives them. */
export const DOCUMENT_TYPES: Record<string, string> = {
  '01': 'Invoice',
  '02': 'Credit Note',
  '03': 'Debit Note',
  '04': 'Refund Note',
  '11': 'Self-billed Invoice',
  '12': 'Self-billed Credit Note',
  '13': 'Self-billed Debit Note',
  '14': 'Self-billed Refund Note',
};

export const DOCUMENT_VERSIONS = new Set(['1.0', '1.1']);

const msicFile = path.join(import.meta.dirname, 'msic-codes.json');
export const MSIC_CODES: ReadonlySet<string> = new Set(Object.keys((JSON.parse(readFileSync(msicFile, 'utf8')) as { codes: Record<string, string> }).codes));

/** LHDN's general TINs: general public, foreign buyer, foreign supplier, government. */
export const GENERAL_TINS = new Set(['EI00000000010', 'EI00000000020', 'EI00000000030', 'EI00000000040']);

const NON_INDIVIDUAL = /^(C|CS|D|F|FA|PT|TA|TC|TN|TR|TP|J|LE)\d{8,12}$/;
const INDIVIDUAL = /^IG\d{9,12}$/;

/** Whether a TIN has a shape LHDN issues: a known prefix and its digits, at most 14 characters. */
export function tinLooksValid(tin: string): boolean {
  if (tin.length > 14) return false;
  if (tin.startsWith('EI')) return GENERAL_TINS.has(tin);
  return INDIVIDUAL.test(tin) || NON_INDIVIDUAL.test(tin);
}

const isoFile = path.join(import.meta.dirname, 'iso-codes.json');
const iso = JSON.parse(readFileSync(isoFile, 'utf8')) as { countries: string[]; currencies: string[] };

/** ISO 3166-1 alpha-3 country codes (LHDN's Country Codes). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(iso.countries);

/** ISO 4217 currency codes (LHDN's Currency Codes). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(iso.currencies);

/** Payment modes: cash, cheque, bank transfer, credit card, debit card, e-wallet, digital bank, others. */
export const PAYMENT_MODES = new Set(['01', '02', '03', '04', '05', '06', '07', '08']);
