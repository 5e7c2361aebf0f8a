import { readFileSync } from 'node:fs';
import type { Db } from '../db/client.ts';
import type { Doubles } from '../doubles.ts';
import type { SellerDetails } from '../modules/seller/details.ts';
import { einvoiceProviderFromEnv, type EinvoiceProvider } from '../providers/einvoice/provider.ts';
import { verifyDocumentSignature } from '../providers/einvoice/signature.ts';
import { certificateStatus, checkProviderCertificate, type CertificateStatus } from '../providers/einvoice/signing-certificate.ts';
import type { EinvoiceSeller, UblDocument } from '../providers/einvoice/ubl/index.ts';
import type { EinvoiceContext, ShopContext } from './context.ts';

/**
 * The shop's MyInvois: EINVOICE_PROVIDER's provider acting for the seller of content/seller.json.
 * The local double checks each signature's digests against the demo certificate the shop signs
 * with there; every caller schedules its own retry, so the client never waits out a 429.
 */

const DEMO_CERT = new URL('../providers/einvoice/demo/demo-signing-cert.pem', import.meta.url);

export interface ShopEinvoiceOptions {
  /** Tests: the double's clock and no delay before it validates. */
  clock?: () => number;
  validationDelayMs?: number;
  /** The local double's books: shared by every process on this database, kept across restarts. */
  db?: Db;
  /** Where EINVOICE_PROVIDER=local's double comes from (dev/doubles/); none in production. */
  doubles?: Doubles | null;
}

export function shopEinvoiceProvider(seller: Pick<SellerDetails, 'tin' | 'legalName'>, options: ShopEinvoiceOptions = {}, env: NodeJS.ProcessEnv = process.env): EinvoiceProvider {
  const name = env.EINVOICE_PROVIDER?.trim() || 'local';
  const demoCert = name === 'local' ? readFileSync(DEMO_CERT) : undefined;
  return einvoiceProviderFromEnv(
    name,
    {
      sellerTin: seller.tin,
      sellerName: seller.legalName,
      ...(demoCert ? { verifySignature: (doc: unknown) => verifyDocumentSignature(doc as UblDocument, demoCert) } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.validationDelayMs !== undefined ? { validationDelayMs: options.validationDelayMs } : {}),
      ...(options.db ? { db: options.db } : {}),
      client: { maxRetryAfterSeconds: 0 },
    },
    env,
    options.doubles ?? null,
  );
}

/** content/seller.json's TIN and name, read at once: for an app built without the seller's details. */
export function contentSeller(contentDir: string): SellerDetails {
  return JSON.parse(readFileSync(`${contentDir}/seller.json`, 'utf8')) as SellerDetails;
}

/** The seller as every e-invoice names it. */
export function einvoiceSeller(details: SellerDetails): EinvoiceSeller {
  return {
    legalName: details.legalName,
    tin: details.tin,
    ssmNo: details.ssmNo,
    sstNo: details.sstNo,
    msicCode: details.msicCode,
    address: details.postalAddress,
    phone: details.phone.replace(/[\s()-]/g, ''),
    email: details.email,
  };
}

/** What the flows that make e-invoices work with: the provider and the seller of content/. */
export function shopEinvoice(provider: EinvoiceProvider, seller: () => Promise<SellerDetails> | SellerDetails): EinvoiceContext {
  return { provider, seller: async () => einvoiceSeller(await seller()) };
}

/** The certificate the shop signs with, against LHDN's rules for the seller, now: the console's and /readyz's. */
export async function signingCertificateStatus(ctx: Pick<ShopContext, 'einvoice' | 'now'>): Promise<CertificateStatus> {
  return certificateStatus(checkProviderCertificate(ctx.einvoice.provider, await ctx.einvoice.seller(), ctx.now()));
}
