import { checkPostcode } from './postcode.ts';
import type { BuyerIdType, BuyerType } from './einvoice-rules.ts';

/**
 * The buyer details LHDN would refuse, found before anything is sent (docs/contracts/after-sale.md §4):
 * identification by its type, the TIN's shape, the SST number, and a postcode of the state
 * given. Pure; both the request form and the server check with it. Each problem names its
 * field (as the request names it) and a message key of rules/messages.
 */

export type BuyerProblemKey =
  | 'einvoice.nric'
  | 'einvoice.passport'
  | 'einvoice.army'
  | 'einvoice.brn'
  | 'einvoice.idTypeForBusiness'
  | 'einvoice.idTypeForIndividual'
  | 'einvoice.tinRequired'
  | 'einvoice.tin'
  | 'einvoice.sstNo'
  | 'einvoice.postcodeState';

export interface BuyerProblem {
  field: string;
  key: BuyerProblemKey;
}

export interface BuyerIdentity {
  type: BuyerType;
  tin?: string;
  idType: BuyerIdType;
  idValue: string;
  sstNo?: string;
  address: { postcode: string; state: string };
}

/** Spaces and dashes people type inside numbers are not part of them; letters count in capitals. */
export const compactId = (value: string): string => value.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();

/** A MyKad number: 12 digits whose first six are a real date of birth (YYMMDD). */
export function isNric(value: string): boolean {
  const id = compactId(value);
  if (!/^\d{12}$/.test(id)) return false;
  const month = Number(id.slice(2, 4));
  const day = Number(id.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // Any century: 29 February is allowed, as a leap year of one of them.
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** A business registration number: SSM's 12 digits (year of registration first) or the older number and check letter. */
export function isBrn(value: string): boolean {
  const id = compactId(value);
  if (/^\d{12}$/.test(id)) {
    const year = Number(id.slice(0, 4));
    return year >= 1900 && year <= 2100;
  }
  return /^\d{1,7}[A-Z]$/.test(id);
}

/**
 * LHDN's TIN: an individual's IG followed by 9 to 11 digits; a company's, partnership's or other
 * body's prefix (C, CS, D, E, F, FA, PT, TA, TC, TN, TR, TP, J, LE) followed by its digits; or one of
 * LHDN's general TINs (EI000000000 and two more digits).
 */
export function isTin(value: string): boolean {
  const tin = compactId(value);
  return /^IG\d{9,11}$/.test(tin) || /^(C|CS|D|E|F|FA|PT|TA|TC|TN|TR|TP|J|LE)\d{8,12}$/.test(tin) || /^EI\d{11}$/.test(tin);
}

/** An SST registration number (e.g. W10-1808-32000123, letters, digits and dashes) or "NA" for a buyer not registered. */
export function isSstNo(value: string): boolean {
  const sst = value.normalize('NFKC').trim().toUpperCase();
  return sst === 'NA' || /^[A-Z]\d{2}-\d{4}-\d{8}$/.test(sst) || /^[A-Z0-9-]{6,35}$/.test(sst.replace(/;/g, ''));
}

const idRules: Record<BuyerIdType, { check: (v: string) => boolean; key: BuyerProblemKey }> = {
  NRIC: { check: isNric, key: 'einvoice.nric' },
  PASSPORT: { check: (v) => /^[A-Z0-9]{6,20}$/.test(compactId(v)), key: 'einvoice.passport' },
  ARMY: { check: (v) => /^[A-Z0-9]{5,20}$/.test(compactId(v)), key: 'einvoice.army' },
  BRN: { check: isBrn, key: 'einvoice.brn' },
};

/** Every problem LHDN would find in these buyer details; none when they may be sent. */
export function buyerProblems(buyer: BuyerIdentity): BuyerProblem[] {
  const problems: BuyerProblem[] = [];
  if (buyer.type === 'business' && buyer.idType !== 'BRN') problems.push({ field: 'buyer.idType', key: 'einvoice.idTypeForBusiness' });
  if (buyer.type === 'individual' && buyer.idType === 'BRN') problems.push({ field: 'buyer.idType', key: 'einvoice.idTypeForIndividual' });
  const rule = idRules[buyer.idType];
  if (!rule.check(buyer.idValue)) problems.push({ field: 'buyer.idValue', key: rule.key });
  const tin = buyer.tin?.trim() ?? '';
  if (tin === '') {
    if (buyer.type === 'business') problems.push({ field: 'buyer.tin', key: 'einvoice.tinRequired' });
  } else if (!isTin(tin)) problems.push({ field: 'buyer.tin', key: 'einvoice.tin' });
  const sst = buyer.sstNo?.trim() ?? '';
  if (buyer.type === 'business' && (sst === '' || !isSstNo(sst))) problems.push({ field: 'buyer.sstNo', key: 'einvoice.sstNo' });
  if (buyer.type === 'individual' && sst !== '' && !isSstNo(sst)) problems.push({ field: 'buyer.sstNo', key: 'einvoice.sstNo' });
  if (checkPostcode(buyer.address.postcode, buyer.address.state) !== null) problems.push({ field: 'buyer.address.postcode', key: 'einvoice.postcodeState' });
  return problems;
}
