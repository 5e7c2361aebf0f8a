import { audit } from '../../modules/audit/service.ts';
import { lockDocument, resubmitDocument, type EinvoiceRow as EinvoiceDocumentRow } from '../../modules/einvoices/service.ts';
import { signedText } from '../einvoice-sign.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import { requireAdmin } from '../../modules/staff/access.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import { Code } from '../../../contract/codes.ts';
import { utcDateTime, value } from '../../providers/einvoice/ubl/json.ts';
import type { UblDocument } from '../../providers/einvoice/ubl/index.ts';
import type { ShopContext } from '../context.ts';
import { consolidateMonth, type ConsolidationDeps } from '../einvoice-consolidate.ts';

/**
 * The console's e-invoice actions (docs/contracts/after-sale.md §4), admins only, each audited in the
 * transaction that makes it.
 */

/** MyInvois refuses a document issued more than 72 hours before it arrives: older than this, it is issued anew. */
export const REISSUE_AFTER_MS = 70 * 60 * 60 * 1000;

/** The issue moment a signed document carries. */
export function issuedAtOf(documentText: string): Date | null {
  const invoice = (JSON.parse(documentText) as UblDocument).Invoice[0] as Record<string, [{ _: string }] | undefined>;
  const date = invoice.IssueDate?.[0]._;
  const time = invoice.IssueTime?.[0]._;
  return date && time ? new Date(`${date}T${time}`) : null;
}

/** The same document issued at `now` and signed again: only its issue date and time change. */
export function reissued(documentText: string, now: Date): { documentText: string; documentHash: string } {
  const parsed = JSON.parse(documentText) as UblDocument;
  const { UBLExtensions: _ext, Signature: _sig, ...content } = parsed.Invoice[0] as Record<string, unknown>;
  const { date, time } = utcDateTime(now);
  const invoice = { ...content, IssueDate: value(date), IssueTime: value(time) };
  return signedText({ ...parsed, Invoice: [invoice] } as UblDocument, now);
}

/** An invalid document, or one whose submissions keep failing, goes to MyInvois again. */
export async function retryEinvoice(ctx: ShopContext, who: StaffRow, documentId: string): Promise<EinvoiceDocumentRow> {
  requireAdmin(who);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const doc = /^[0-9a-f-]{36}$/i.test(documentId) ? await lockDocument(tx, documentId) : undefined;
    if (!doc) throw new DomainError(Code.NOT_FOUND, 'einvoice.notFound', {}, { field: 'documentId' });
    const retryable = doc.status === 'INVALID' || (doc.status === 'PENDING' && doc.attempts > 0);
    if (!retryable || !doc.documentText) throw warning('einvoice.cannotRetry', {}, { field: 'documentId' });
    const issuedAt = issuedAtOf(doc.documentText);
    const stale = !issuedAt || now.getTime() - issuedAt.getTime() > REISSUE_AFTER_MS;
    const text = stale ? reissued(doc.documentText, now) : { documentText: doc.documentText, documentHash: doc.documentHash ?? '' };
    // Back to PENDING with its submission scheduled, in this transaction.
    const row = await resubmitDocument(tx, doc.id, text, 'staff', now);
    if (!row) throw warning('einvoice.cannotRetry', {}, { field: 'documentId' });
    await audit(tx, { staff: who, action: 'console/einvoice/retry', details: { documentId: doc.id, documentNo: doc.documentNo, status: doc.status, reissued: stale } }, now);
    return row;
  });
}

/** An admin's consolidation of an ended month, audited with the documents it made. */
export async function consolidateFromConsole(ctx: ShopContext, deps: ConsolidationDeps, who: StaffRow, month: string): Promise<EinvoiceDocumentRow | null> {
  requireAdmin(who);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const made = await consolidateMonth(tx, deps, month, now);
    await audit(tx, { staff: who, action: 'console/einvoice/consolidate', details: { month, documentNo: made?.documentNo ?? null } }, now);
    return made;
  });
}
