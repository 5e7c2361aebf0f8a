import { eq } from 'drizzle-orm';
import { lhdnStates, type LhdnState } from '../../../contract/rules/einvoice-rules.ts';
import type { DocumentType } from '../../../contract/rules/einvoice-rules.ts';
import type { Db } from '../../db/client.ts';
import { scheduleJob } from '../../jobs/queue.ts';
import { documentHash, serializeDocument, signDocument } from '../../providers/einvoice/signature.ts';
import { loadSigningCertificate } from '../../providers/einvoice/signing-certificate.ts';
import type { EinvoiceSeller, UblDocument } from '../../providers/einvoice/ubl/index.ts';
import type { SellerDetails } from '../seller/details.ts';
import { einvoiceDocuments, einvoiceReceipts, type EinvoiceBuyer } from './schema.ts';

/*
 * TEMPORARY: the smallest versions of the e-invoice service's claim, signing and submission
 * enqueueing, with the names and shapes the service gives them. The consolidation and the
 * console import from here until the service is in; then these imports point at it and this
 * file goes.
 */

export type EinvoiceDocumentRow = typeof einvoiceDocuments.$inferSelect;

export interface DocumentClaim {
  claimKey: string;
  type: DocumentType;
  documentNo: string;
  month: string;
  orderId?: string;
  refundId?: string;
  buyer?: EinvoiceBuyer;
  totalSen: number;
  refersTo?: string;
  documentText: string;
  documentHash: string;
  receipts?: { orderId: string; orderNo: string }[];
}

class ReceiptTaken extends Error {}

/** The document's row, or null when its key or one of its receipts is already another's. */
export async function claimDocument(tx: Db, claim: DocumentClaim, now: Date = new Date()): Promise<EinvoiceDocumentRow | null> {
  try {
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(einvoiceDocuments)
        .values({
          claimKey: claim.claimKey,
          type: claim.type,
          documentNo: claim.documentNo,
          month: claim.month,
          orderId: claim.orderId ?? null,
          refundId: claim.refundId ?? null,
          buyer: claim.buyer ?? null,
          totalSen: claim.totalSen,
          refersTo: claim.refersTo ?? null,
          documentText: claim.documentText,
          documentHash: claim.documentHash,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      const receipts = claim.receipts ?? [];
      if (receipts.length) {
        const taken = await sp
          .insert(einvoiceReceipts)
          .values(receipts.map((r) => ({ ...r, documentId: row.id })))
          .onConflictDoNothing()
          .returning({ orderId: einvoiceReceipts.orderId });
        if (taken.length !== receipts.length) throw new ReceiptTaken();
      }
      return row;
    });
  } catch (err) {
    if (err instanceof ReceiptTaken) return null;
    throw err;
  }
}

export async function documentOf(db: Db, id: string): Promise<EinvoiceDocumentRow | undefined> {
  const [row] = await db.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.id, id));
  return row;
}

let signer: ReturnType<typeof loadSigningCertificate> | undefined;

/** The document signed with the shop's certificate: the text to submit and its hash. */
export function signedText(doc: UblDocument, at: Date = new Date()): { documentText: string; documentHash: string } {
  signer ??= loadSigningCertificate();
  const documentText = serializeDocument(signDocument(doc, signer, at));
  return { documentText, documentHash: documentHash(documentText) };
}

export const EINVOICE_SUBMIT_JOB = 'einvoice.submit';

/** The document's submission, in the transaction that claimed (or reset) it. */
export async function enqueueSubmission(tx: Db, documentId: string, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: EINVOICE_SUBMIT_JOB, key: `${EINVOICE_SUBMIT_JOB}:${documentId}:${now.toISOString()}`, runAt: now, payload: { documentId } }, now);
}

/** The seller as the documents name it, from content/seller.json's one-line address. */
export function einvoiceSellerOf(details: Partial<SellerDetails>): EinvoiceSeller {
  const address = details.address ?? '';
  const parts = address.split(',').map((p) => p.trim());
  const town = parts.findIndex((p) => /^\d{5}\s/.test(p));
  const [, postcode = '00000', city = 'Kuala Lumpur'] = town >= 0 ? /^(\d{5})\s+(.+)$/.exec(parts[town]!)! : [];
  const state: LhdnState = lhdnStates.find((s) => address.includes(s)) ?? 'Wilayah Persekutuan Kuala Lumpur';
  return {
    legalName: details.legalName ?? '',
    tin: details.tin ?? '',
    ssmNo: details.ssmNo ?? '',
    sstNo: details.sstNo || 'NA',
    msicCode: details.msicCode ?? '',
    address: { line1: (town > 0 ? parts.slice(0, town).join(', ') : parts[0]) || address, postcode, city, state },
    phone: (details.phone ?? '').replace(/[\s-]/g, ''),
    email: details.email ?? '',
  };
}
