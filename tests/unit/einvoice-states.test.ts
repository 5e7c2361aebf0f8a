import { describe, expect, test } from 'vitest';
import { documentEvents, documentStatuses, type DocumentEvent, type DocumentStatus } from '../../contract/rules/einvoice-rules.ts';
import { actors } from '../../contract/rules/order-status.ts';
import { documentEventsFor, transitionDocument } from '../../server/modules/einvoices/states.ts';

/** Every move the table allows, as `FROM -event/by-> TO`. */
function allowed(): string[] {
  const out: string[] = [];
  for (const from of documentStatuses) {
    for (const event of documentEvents) {
      for (const by of actors) {
        const move = transitionDocument(from, event, by);
        if (move.ok) out.push(`${from} -${event}/${by}-> ${move.status}`);
      }
    }
  }
  return out.sort();
}

describe('the e-invoice document state table', () => {
  test('PENDING → SUBMITTED → VALID | INVALID → CANCELLED, with retry; nothing else', () => {
    expect(allowed()).toEqual(
      [
        'PENDING -submit/system-> SUBMITTED',
        'PENDING -refuse/system-> INVALID',
        'SUBMITTED -validate/system-> VALID',
        'SUBMITTED -invalidate/system-> INVALID',
        'SUBMITTED -cancel/system-> CANCELLED',
        'VALID -cancel/system-> CANCELLED',
        'INVALID -retry/staff-> PENDING',
        'PENDING -retry/staff-> PENDING',
      ].sort(),
    );
  });

  test('a move out of its place is refused with a message, never an overwrite', () => {
    const refused: [DocumentStatus, DocumentEvent][] = [
      ['VALID', 'submit'],
      ['VALID', 'invalidate'],
      ['CANCELLED', 'validate'],
      ['CANCELLED', 'cancel'],
      ['INVALID', 'validate'],
      ['PENDING', 'validate'],
      ['PENDING', 'cancel'],
      ['SUBMITTED', 'claim'],
    ];
    for (const [from, event] of refused) expect(transitionDocument(from, event, 'system')).toEqual({ ok: false, key: 'einvoice.moveRefused' });
    for (const from of ['VALID', 'SUBMITTED', 'CANCELLED'] as const) expect(transitionDocument(from, 'retry', 'staff')).toEqual({ ok: false, key: 'einvoice.cannotRetry' });
    // Only staff send a document again; only the system records what LHDN said.
    expect(transitionDocument('INVALID', 'retry', 'system')).toMatchObject({ ok: false });
    expect(transitionDocument('SUBMITTED', 'validate', 'staff')).toMatchObject({ ok: false });
  });

  test('CANCELLED is final: no move leaves it', () => {
    for (const by of actors) expect(documentEventsFor('CANCELLED', by)).toEqual([]);
    expect(documentEventsFor('INVALID', 'staff')).toEqual(['retry']);
  });
});
