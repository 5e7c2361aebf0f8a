import type { SignatureCheck } from './options.ts';
import { first } from './ubl-reader.ts';

/**
 * The double's default signature check: only that the document carries its UBLExtensions and
 * Signature parts. It verifies no digest and no certificate; the shop passes its real verifier.
 */
export function signaturePartsPresent(document: unknown): SignatureCheck {
  const invoice = first((document as Record<string, unknown> | null)?.Invoice);
  if (!invoice || typeof invoice !== 'object') return { ok: false, reason: 'The document has no Invoice element' };
  const fields = invoice as Record<string, unknown>;
  if (!first(fields.UBLExtensions)) return { ok: false, reason: 'The document has no UBLExtensions (no signature)' };
  if (!first(fields.Signature)) return { ok: false, reason: 'The document has no Signature element' };
  return { ok: true };
}
