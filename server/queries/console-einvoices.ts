import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { consoleEinvoice, consoleEinvoiceHistory, consoleEinvoicePage } from '../../contract/einvoice.ts';
import { Code } from '../../contract/codes.ts';
import { addDays, klDate, nextMonth } from '../../contract/rules/kl-calendar.ts';
import type { DocumentStatus, DocumentType } from '../../contract/rules/einvoice-rules.ts';
import type { Db } from '../db/client.ts';
import { documentById, documentHistory, type EinvoiceRow as EinvoiceDocumentRow } from '../modules/einvoices/service.ts';
import { DomainError } from '../modules/errors.ts';
import { consolidatedOfMonth, waitingReceipts } from '../modules/einvoices/consolidation.ts';
import { einvoiceDocuments, einvoiceReceipts } from '../modules/einvoices/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { LOCAL_PORTAL_PATH } from '../providers/einvoice/provider.ts';

type ConsoleEinvoice = z.input<typeof consoleEinvoice>;
/** The page as the database gives it: the signing certificate's state is added by the route. */
type Page = Omit<z.input<typeof consoleEinvoicePage.response>, 'certificate'>;

/** The day a month's consolidated e-invoice is due at LHDN: the 7th of the next month. */
export const dueByOf = (month: string) => `${nextMonth(month)}-07`;

/** A warning from two days before the due day: the month is late unless its consolidation is at LHDN. */
export function consolidationLate(status: DocumentStatus | null, waiting: number, dueBy: string, today: string): boolean {
  if (status === 'SUBMITTED' || status === 'VALID') return false;
  if (status === null && waiting === 0) return false;
  return today >= addDays(dueBy, -2);
}

/** Which status the month's consolidation has as a whole: its least advanced batch's. */
function consolidationStatus(docs: EinvoiceDocumentRow[]): DocumentStatus | null {
  const order: DocumentStatus[] = ['INVALID', 'PENDING', 'SUBMITTED', 'VALID', 'CANCELLED'];
  return order.find((s) => docs.some((d) => d.status === s)) ?? null;
}

/** A document as the console shows it, with the receipts (order numbers) it covers. */
export async function consoleEinvoiceOf(db: Db, doc: EinvoiceDocumentRow, portalBase = LOCAL_PORTAL_PATH): Promise<ConsoleEinvoice> {
  return (await consoleEinvoices(db, [doc], portalBase))[0]!;
}

async function consoleEinvoices(db: Db, docs: EinvoiceDocumentRow[], portalBase: string): Promise<ConsoleEinvoice[]> {
  const ids = docs.map((d) => d.id);
  const receipts = ids.length
    ? await db.select({ documentId: einvoiceReceipts.documentId, orderNo: einvoiceReceipts.orderNo }).from(einvoiceReceipts).where(inArray(einvoiceReceipts.documentId, ids)).orderBy(einvoiceReceipts.orderNo)
    : [];
  // A note covers no receipt of its own: it names its order.
  const orderIds = docs.filter((d) => d.orderId && !receipts.some((r) => r.documentId === d.id)).map((d) => d.orderId!);
  const orderNos = new Map(orderIds.length ? (await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, orderIds))).map((o) => [o.id, o.orderNo]) : []);
  return docs.map((d) => {
    const own = receipts.filter((r) => r.documentId === d.id).map((r) => r.orderNo);
    return {
      documentId: d.id,
      documentNo: d.documentNo,
      type: d.type,
      status: d.status,
      uuid: d.uuid,
      longId: d.longId,
      validationUrl: d.uuid && d.longId ? `${portalBase}/${d.uuid}/share/${d.longId}` : null,
      validatedAt: d.validatedAt?.toISOString() ?? null,
      errors: d.errors,
      refersTo: d.refersTo,
      month: d.month,
      orderNos: own.length ? own : d.orderId && orderNos.has(d.orderId) ? [orderNos.get(d.orderId)!] : [],
      totalSen: d.totalSen,
      createdAt: d.createdAt.toISOString(),
      submittedAt: d.submittedAt?.toISOString() ?? null,
      attempts: d.attempts,
      actions: { retry: d.status === 'INVALID' || (d.status === 'PENDING' && d.attempts > 0) },
    };
  });
}

export interface EinvoicePageInput {
  month?: string;
  status?: DocumentStatus;
  type?: DocumentType;
  pageNum: number;
  pageSize: number;
}

/** A month's documents, newest first, and where the month's consolidation stands. */
export async function consoleEinvoicePageOf(db: Db, input: EinvoicePageInput, now: Date, portalBase = LOCAL_PORTAL_PATH): Promise<Page> {
  const today = klDate(now);
  const month = input.month ?? today.slice(0, 7);
  const where: SQL[] = [eq(einvoiceDocuments.month, month)];
  if (input.status) where.push(eq(einvoiceDocuments.status, input.status));
  if (input.type) where.push(eq(einvoiceDocuments.type, input.type));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(einvoiceDocuments).where(and(...where));
  const docs = await db
    .select()
    .from(einvoiceDocuments)
    .where(and(...where))
    .orderBy(desc(einvoiceDocuments.createdAt), desc(einvoiceDocuments.documentNo))
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize);
  const status = consolidationStatus(await consolidatedOfMonth(db, month));
  const waiting = (await waitingReceipts(db, month)).length;
  const dueBy = dueByOf(month);
  return {
    list: await consoleEinvoices(db, docs, portalBase),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    month,
    consolidation: { status, receipts: waiting, dueBy, late: consolidationLate(status, waiting, dueBy, today) },
  };
}

/** A document's history for the console: each move from its claim, oldest first. */
export async function consoleEinvoiceHistoryOf(db: Db, documentId: string): Promise<z.input<typeof consoleEinvoiceHistory.response>> {
  const doc = /^[0-9a-f-]{36}$/i.test(documentId) ? await documentById(db, documentId) : undefined;
  if (!doc) throw new DomainError(Code.NOT_FOUND, 'einvoice.notFound', {}, { field: 'documentId' });
  const history = await documentHistory(db, doc.id);
  return {
    documentId: doc.id,
    documentNo: doc.documentNo,
    status: doc.status,
    history: history.map((h) => ({ event: h.event, status: h.status, by: h.by, at: h.at.toISOString(), note: h.note })),
  };
}
