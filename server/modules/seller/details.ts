import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { lhdnStates, type LhdnState } from '../../../contract/rules/einvoice-rules.ts';
import { checkPostcode } from '../../../contract/rules/postcode.ts';

/**
 * The shop's own details as a seller (for receipts and e-invoices): content/seller.json.
 * The file in the repository holds obvious demo values and says so (`"demo": true`).
 */
export interface SellerDetails {
  demo?: boolean;
  /** The name customers know the shop by: the start of every SMS ("RM0 Servauto: …"); the legal name when absent. */
  brand?: string;
  legalName: string;
  /** Companies Commission of Malaysia (SSM) registration number. */
  ssmNo: string;
  /** Sales and Service Tax registration number. */
  sstNo: string;
  /** Tax identification number (LHDN). */
  tin: string;
  /** Malaysia Standard Industrial Classification code of the business. */
  msicCode: string;
  address: string;
  /** The address in parts, as e-invoices file it (the state as LHDN names it). */
  postalAddress: { line1: string; postcode: string; city: string; state: LhdnState };
  phone: string;
  email: string;
}

export const SELLER_FILE = 'seller.json';

/** Each field and how a refusal names it. */
export const sellerFields: Record<Exclude<keyof SellerDetails, 'demo' | 'brand' | 'postalAddress'>, string> = {
  legalName: 'legal name',
  ssmNo: 'SSM registration number',
  sstNo: 'SST registration number',
  tin: 'tax identification number (TIN)',
  msicCode: 'MSIC code',
  address: 'address',
  phone: 'phone',
  email: 'e-mail',
};

/** The seller details as written in content/, or null when there is no such file. */
export async function readSellerDetails(contentDir: string): Promise<Partial<SellerDetails> | null> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, SELLER_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path.join(contentDir, SELLER_FILE)}: must be an object`);
  return parsed as Partial<SellerDetails>;
}

/** The fields (keys of sellerFields) that are missing or blank. */
export function missingSellerFields(details: Partial<SellerDetails>): (keyof typeof sellerFields)[] {
  return (Object.keys(sellerFields) as (keyof typeof sellerFields)[]).filter((field) => {
    const value = details[field];
    return typeof value !== 'string' || value.trim() === '';
  });
}

const read = new Map<string, Promise<Partial<SellerDetails> | null>>();

/** The seller details of a content folder, read once per process (content changes only with a deploy). */
export function sellerDetailsOf(contentDir: string): Promise<Partial<SellerDetails> | null> {
  let details = read.get(contentDir);
  if (!details) {
    details = readSellerDetails(contentDir);
    read.set(contentDir, details);
  }
  return details;
}

let brand: { dir: string; name: string } | undefined;

/**
 * The brand that starts every SMS, from content/seller.json (the legal name when it names no
 * brand), read once per process: the start refuses to go on without the seller's details.
 */
export function shopBrand(contentDir = path.resolve('content')): string {
  if (brand?.dir !== contentDir) {
    const details = JSON.parse(readFileSync(path.join(contentDir, SELLER_FILE), 'utf8')) as Partial<SellerDetails>;
    const name = [details.brand, details.legalName].find((n) => typeof n === 'string' && n.trim() !== '');
    brand = { dir: contentDir, name: name?.trim() ?? '' };
  }
  return brand.name;
}

const postalParts = ['line1', 'postcode', 'city', 'state'] as const;

/** What is wrong with the structured address, each in words naming the field; none when it is complete. */
export function postalAddressProblems(details: Partial<SellerDetails>): string[] {
  const address = details.postalAddress as Partial<Record<(typeof postalParts)[number], unknown>> | undefined;
  if (!address || typeof address !== 'object') return ['postal address ("postalAddress": line1, postcode, city, state) is missing'];
  const blank = postalParts.filter((part) => typeof address[part] !== 'string' || (address[part] as string).trim() === '');
  if (blank.length) return blank.map((part) => `postal address's ${part} ("postalAddress.${part}") is missing or blank`);
  const state = address.state as string;
  if (!(lhdnStates as string[]).includes(state)) return [`postal address's state ("postalAddress.state") "${state}" is not one of LHDN's: ${lhdnStates.join(', ')}`];
  if (checkPostcode(address.postcode as string, state) !== null) return [`postal address's postcode ("postalAddress.postcode") "${String(address.postcode)}" is not a postcode of ${state}`];
  return [];
}

/**
 * Why no start may go on with these seller details (every start, not only production's: the
 * invoices name them), in one line; null when they are complete.
 */
export function sellerRefusal(details: Partial<SellerDetails> | null): string | null {
  if (!details) return `Refusing to start: content/${SELLER_FILE} is missing: the shop's legal name, SSM and SST numbers, TIN, MSIC code, address, phone and e-mail`;
  const missing = missingSellerFields(details);
  if (missing.length > 0) {
    const named = missing.map((field) => `${sellerFields[field]} ("${field}")`).join(', ');
    return `Refusing to start: the seller's ${named} ${missing.length === 1 ? 'is' : 'are'} missing or blank in content/${SELLER_FILE}`;
  }
  const address = postalAddressProblems(details);
  return address.length ? `Refusing to start: the seller's ${address.join('; ')} in content/${SELLER_FILE}` : null;
}
