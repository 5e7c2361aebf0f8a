import { klMonth } from '../../contract/rules/kl-calendar.ts';
import type { Db } from '../db/client.ts';
import { warning } from '../modules/errors.ts';
import { claimDocument, type EinvoiceRow as EinvoiceDocumentRow } from '../modules/einvoices/service.ts';
import { signedText } from './einvoice-sign.ts';
import { consolidatedOfMonth, waitingReceipts } from '../modules/einvoices/consolidation.ts';
import { buildConsolidatedInvoice, consolidationBatches, type EinvoiceSeller } from '../providers/einvoice/ubl/index.ts';

/**
 * A month's consolidated e-invoice (docs/contracts/after-sale.md §4): every paid order of an ended month that
 * has no e-invoice of its own, in batches (CONS-2026-10, CONS-2026-10-2, …), each built, signed,
 * claimed with its receipts and queued for submission in one transaction. Each batch's key
 * (`consolidated:2026-10:1`, …) and each receipt are claimed once in the database, so two
 * processes or two clicks at once make one document per batch and put no order in two.
 */

export interface ConsolidationDeps {
  seller: EinvoiceSeller;
  /** Receipts per document (default RECEIPTS_PER_CONSOLIDATION, under MyInvois' 300 KB). */
  batchSize?: number;
}

export const documentNoOf = (month: string, batch: number) => (batch === 1 ? `CONS-${month}` : `CONS-${month}-${batch}`);

/** The month has ended, Kuala Lumpur time. */
export function monthEnded(month: string, now: Date): boolean {
  return month < klMonth(now);
}

/**
 * Builds and claims the month's consolidated documents; the first one, or null when the month
 * had no receipt waiting. `db` may be a transaction (the job's): each batch is then a savepoint.
 * Refused (807) for a month not ended, or one already consolidated; `quiet` (the job) answers
 * those with null instead.
 */
export async function consolidateMonth(db: Db, deps: ConsolidationDeps, month: string, now: Date, { quiet = false } = {}): Promise<EinvoiceDocumentRow | null> {
  const refuse = (key: 'einvoice.monthNotEnded' | 'einvoice.alreadyConsolidated') => {
    if (quiet) return null;
    throw warning(key, {}, { field: 'month' });
  };
  if (!monthEnded(month, now)) return refuse('einvoice.monthNotEnded');
  if ((await consolidatedOfMonth(db, month)).length > 0) return refuse('einvoice.alreadyConsolidated');

  let first: EinvoiceDocumentRow | null = null;
  // Each round claims the next batch of what still waits; a round lost to another process reads again.
  for (let round = 0; round < 100; round++) {
    const outcome = await db.transaction(async (tx) => {
      const waiting = await waitingReceipts(tx, month);
      const [batch] = consolidationBatches(waiting, deps.batchSize);
      if (!batch) return 'done' as const;
      const number = (await consolidatedOfMonth(tx, month)).length + 1;
      const documentNo = documentNoOf(month, number);
      const document = buildConsolidatedInvoice({ documentNo, issuedAt: now, seller: deps.seller, month, receipts: batch });
      const claimed = await claimDocument(
        tx,
        {
          claimKey: `consolidated:${month}:${number}`,
          type: 'consolidated',
          documentNo,
          month,
          totalSen: batch.reduce((s, r) => s + r.totalSen, 0),
          ...signedText(document, now),
          receipts: batch.map((r) => ({ orderId: r.orderId, orderNo: r.orderNo })),
        },
        now,
      );
      // The claim schedules its submission in the same transaction.
      if (!claimed) return 'lost' as const;
      return claimed;
    });
    if (outcome === 'done') break;
    if (outcome === 'lost') {
      // Another process made the first batch: the month is theirs.
      if (!first && (await consolidatedOfMonth(db, month)).length > 0) return refuse('einvoice.alreadyConsolidated');
      continue;
    }
    first ??= outcome;
  }
  // Nothing made here, yet the month has its documents: another process made them meanwhile.
  if (!first && (await consolidatedOfMonth(db, month)).length > 0) return refuse('einvoice.alreadyConsolidated');
  return first;
}
