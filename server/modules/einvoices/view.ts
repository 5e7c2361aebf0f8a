import type { z } from 'zod';
import type { einvoiceDocument } from '../../../contract/invoice.ts';
import type { EinvoiceRow } from './service.ts';

/** A document as the customer and the console see it; its validation link once LHDN gave a long id. */
export function documentView(row: EinvoiceRow, portalBase: string): z.input<typeof einvoiceDocument> {
  return {
    documentId: row.id,
    type: row.type,
    status: row.status,
    uuid: row.uuid,
    longId: row.longId,
    validationUrl: row.uuid && row.longId ? `${portalBase.replace(/\/+$/, '')}/${row.uuid}/share/${row.longId}` : null,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    errors: row.errors.map((e) => ({ code: e.code, message: e.message, target: e.target })),
    refersTo: row.refersTo,
  };
}
