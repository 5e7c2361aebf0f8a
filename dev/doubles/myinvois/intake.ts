import { createHash } from 'node:crypto';
import { errorBody, lhdnError, type LhdnError, type LhdnErrorDetail } from './errors.ts';
import { LIMITS, type DoubleClient } from './options.ts';
import { invoiceOf, issuedAt, readDocument, type DocumentFields } from './ubl-reader.ts';

/**
 * What Submit Documents checks at once: the envelope (400 BadStructure / MaximumSizeExceeded),
 * then each document (hash, issuer, core fields, issue date); a document that fails is listed
 * in `rejectedDocuments`, the others are accepted for validation.
 */

export interface EnvelopeDocument {
  format: 'JSON' | 'XML';
  document: string;
  documentHash: string;
  codeNumber: string;
}

type Refusal = { ok: false; status: 400; body: ReturnType<typeof errorBody> };

const refuse = (code: string, message: string, target: string | null = null, details: LhdnErrorDetail[] | null = null): Refusal => ({
  ok: false,
  status: 400,
  body: errorBody(code, message, target, details),
});

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readEnvelope(raw: string): { ok: true; documents: EnvelopeDocument[] } | Refusal {
  if (Buffer.byteLength(raw) > LIMITS.submissionBytes) {
    return refuse('MaximumSizeExceeded', `The submission is larger than ${LIMITS.submissionBytes} bytes (5 MB)`, 'documents');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse('BadStructure', 'The submission is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse('BadStructure', 'The submission must be an object with a documents list');
  const extra = Object.keys(body).filter((key) => key !== 'documents');
  if (extra.length > 0) return refuse('BadStructure', `Elements not allowed in a submission: ${extra.join(', ')}`, extra[0]!);
  const documents = (body as { documents?: unknown }).documents;
  if (!Array.isArray(documents) || documents.length === 0) return refuse('BadStructure', 'The submission must hold at least one document', 'documents');
  if (documents.length > LIMITS.documentsPerSubmission) {
    return refuse('MaximumSizeExceeded', `A submission holds at most ${LIMITS.documentsPerSubmission} documents, not ${documents.length}`, 'documents');
  }
  const problems: LhdnErrorDetail[] = [];
  documents.forEach((entry, i) => {
    const doc = (entry ?? {}) as Record<string, unknown>;
    for (const field of ['format', 'document', 'documentHash', 'codeNumber']) {
      if (typeof doc[field] !== 'string' || doc[field] === '') problems.push({ code: 'BadStructure', message: `${field} is required`, target: field, propertyPath: `documents[${i}].${field}` });
    }
    if (typeof doc.format === 'string' && doc.format !== 'JSON' && doc.format !== 'XML') {
      problems.push({ code: 'BadStructure', message: 'format must be JSON or XML', target: 'format', propertyPath: `documents[${i}].format` });
    }
  });
  if (problems.length > 0) return refuse('BadStructure', 'The submission has malformed documents', 'documents', problems);
  const entries = documents as EnvelopeDocument[];
  if (new Set(entries.map((doc) => doc.format)).size > 1) return refuse('BadStructure', 'All documents of a submission must have the same format', 'format');
  const oversized = entries
    .map((doc, i) => ({ i, bytes: Buffer.from(doc.document, 'base64').length }))
    .filter(({ bytes }) => bytes > LIMITS.documentBytes)
    .map(({ i, bytes }) => ({ code: 'MaximumSizeExceeded', message: `Document of ${bytes} bytes is over ${LIMITS.documentBytes} bytes (300 KB)`, target: entries[i]!.codeNumber, propertyPath: `documents[${i}].document` }));
  if (oversized.length > 0) return refuse('MaximumSizeExceeded', 'A document is larger than 300 KB', 'documents', oversized);
  return { ok: true, documents: entries };
}

export type Admission = { ok: true; document: unknown; fields: DocumentFields; hash: string } | { ok: false; error: LhdnError };

export function admitDocument(entry: EnvelopeDocument, caller: DoubleClient, now: number): Admission {
  const fail = (error: LhdnError): Admission => ({ ok: false, error });
  if (entry.format !== 'JSON') return fail(lhdnError('BadStructure', 'The local MyInvois double reads JSON documents only', 'format'));
  const bytes = Buffer.from(entry.document, 'base64');
  const hash = sha256Hex(bytes);
  if (hash !== entry.documentHash.toLowerCase()) {
    return fail(lhdnError('BadArgument', 'The documentHash does not match the SHA-256 of the document', 'documentHash'));
  }
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch {
    return fail(lhdnError('BadStructure', 'Failed to parse input document', 'document'));
  }
  if (!invoiceOf(document)) return fail(lhdnError('BadStructure', 'Invalid structure: the document has no Invoice element', 'document', null, 'Invoice'));
  const fields = readDocument(document);
  const missing: LhdnErrorDetail[] = [
    ['ID', fields.internalId],
    ['IssueDate', fields.issueDate],
    ['IssueTime', fields.issueTime],
    ['InvoiceTypeCode', fields.typeCode],
    ['AccountingSupplierParty.Party.PartyIdentification (TIN)', fields.supplier.tin],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => ({ code: 'CF001', message: `${name} is required`, target: name!, propertyPath: `Invoice.${name}` }));
  if (missing.length > 0) return fail(lhdnError('BadArgument', 'Mandatory fields are missing', 'document', missing));
  if (fields.supplier.tin !== caller.tin) {
    return fail(lhdnError('IncorrectSubmitter', 'The authenticated TIN and documents TIN is not matching', 'AccountingSupplierParty', null, 'Invoice.AccountingSupplierParty.Party.PartyIdentification'));
  }
  const issued = issuedAt(fields);
  if (Number.isNaN(issued)) {
    return fail(lhdnError('BadArgument', 'IssueDate must be YYYY-MM-DD and IssueTime HH:MM:SSZ (UTC)', 'DatetimeIssued', null, 'Invoice.IssueDate AND Invoice.IssueTime'));
  }
  if (issued < now - LIMITS.issueAgeMs) {
    return fail(lhdnError('CF321', 'Issuance date time value of the document is too old that cannot be submitted.', 'DatetimeIssued', null, 'Invoice.IssueDate AND Invoice.IssueTime'));
  }
  if (issued > now) {
    return fail(lhdnError('BadArgument', 'Document issuance date and time is in the future', 'DatetimeIssued', null, 'Invoice.IssueDate AND Invoice.IssueTime'));
  }
  return { ok: true, document, fields, hash };
}
