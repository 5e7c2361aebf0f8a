import type { DocumentEvent, DocumentStatus } from '../../../contract/rules/einvoice-rules.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';
import { stateTable, type StateMove } from '../../../contract/rules/state-table.ts';
import type { Refusal } from '../orders/states.ts';

/**
 * The e-invoice document state table (docs/contracts/after-sale.md §4), like the order's and the refund's:
 * a claimed document is PENDING; MyInvois accepts it (SUBMITTED) or refuses it (INVALID); LHDN
 * validates it (VALID) or finds it invalid (INVALID); a valid one may be cancelled, and LHDN
 * may report a submitted one cancelled. An admin sends an INVALID one again, or a PENDING one
 * whose submissions keep failing: back to PENDING. A move that is not in the table is refused
 * (807 in the API). The only writer of the state, moveDocument (service.ts), writes the history
 * row with it.
 */

export type DocumentMove = { ok: true; status: DocumentStatus } | Refusal;

type DocumentRow = StateMove<DocumentStatus, DocumentEvent, Actor>;

export const documentTable: readonly DocumentRow[] = [
  // MyInvois took the submission, or refused it outright.
  { event: 'submit', from: 'PENDING', to: 'SUBMITTED', by: ['system'] },
  { event: 'refuse', from: 'PENDING', to: 'INVALID', by: ['system'] },
  // LHDN's validation, read from the submission.
  { event: 'validate', from: 'SUBMITTED', to: 'VALID', by: ['system'] },
  { event: 'invalidate', from: 'SUBMITTED', to: 'INVALID', by: ['system'] },
  // The shop cancels a valid one (a full refund within 72 hours); LHDN may report one cancelled.
  { event: 'cancel', from: 'VALID', to: 'CANCELLED', by: ['system'] },
  { event: 'cancel', from: 'SUBMITTED', to: 'CANCELLED', by: ['system'] },
  // The console's retry: sent again, from the start.
  { event: 'retry', from: 'INVALID', to: 'PENDING', by: ['staff'] },
  { event: 'retry', from: 'PENDING', to: 'PENDING', by: ['staff'] },
];

const refusal: Record<DocumentEvent, MessageKey> = {
  claim: 'einvoice.moveRefused',
  submit: 'einvoice.moveRefused',
  refuse: 'einvoice.moveRefused',
  validate: 'einvoice.moveRefused',
  invalidate: 'einvoice.moveRefused',
  cancel: 'einvoice.moveRefused',
  retry: 'einvoice.cannotRetry',
};

const documents = stateTable<DocumentStatus, DocumentEvent, Actor>({ rows: documentTable, refusal });

/** The next status of a document after `event` by `by`, or why not. */
export function transitionDocument(status: DocumentStatus, event: DocumentEvent, by: Actor): DocumentMove {
  const allowed = documents.move(status, event, by);
  return allowed.ok ? { ok: true, status: allowed.row.to } : { ok: false, key: allowed.key };
}

/** The moves `by` could make on a document in `status` now. */
export function documentEventsFor(status: DocumentStatus, by: Actor): DocumentEvent[] {
  return documents.eventsFor(status, by);
}
