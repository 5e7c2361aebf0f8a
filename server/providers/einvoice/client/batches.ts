import { createHash } from 'node:crypto';
import { failure, success, type Result, type SubmitDocument } from './types.ts';

/**
 * Splits documents into submissions MyInvois takes: at most 100 documents and 5 MB a
 * submission, 300 KB a document (a larger one is refused here, before anything is sent).
 */

export const SUBMISSION_LIMITS = { documents: 100, submissionBytes: 5 * 1024 * 1024, documentBytes: 300 * 1024 };

export interface EnvelopeEntry {
  format: 'JSON';
  document: string;
  documentHash: string;
  codeNumber: string;
}

export function envelopeEntry(doc: SubmitDocument): EnvelopeEntry {
  return {
    format: 'JSON',
    document: Buffer.from(doc.text, 'utf8').toString('base64'),
    documentHash: createHash('sha256').update(doc.text, 'utf8').digest('hex'),
    codeNumber: doc.codeNumber,
  };
}

/** `{"documents":[` and `]}` around the entries, and a comma between two. */
const ENVELOPE_BYTES = '{"documents":[]}'.length;

export function batches(documents: SubmitDocument[], limits = SUBMISSION_LIMITS): Result<EnvelopeEntry[][]> {
  const tooLarge = documents.find((doc) => Buffer.byteLength(doc.text, 'utf8') > limits.documentBytes);
  if (tooLarge) {
    return failure({
      kind: 'document-too-large',
      code: 'MaximumSizeExceeded',
      message: `Document ${tooLarge.codeNumber} is ${Buffer.byteLength(tooLarge.text, 'utf8')} bytes; MyInvois takes at most ${limits.documentBytes} bytes (300 KB) a document`,
    });
  }
  const result: EnvelopeEntry[][] = [];
  let current: EnvelopeEntry[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const doc of documents) {
    const entry = envelopeEntry(doc);
    const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (current.length > 0 && (current.length >= limits.documents || bytes + size > limits.submissionBytes)) {
      result.push(current);
      current = [];
      bytes = ENVELOPE_BYTES;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return success(result);
}
