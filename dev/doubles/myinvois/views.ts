import { DOCUMENT_TYPES } from './codes.ts';
import { documentStatus, type StoredDocument, type StoredSubmission } from './store.ts';

/** The answers of Get Submission and Get Document Details, in MyInvois' field names. */

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function documentSummary(doc: StoredDocument, now: number) {
  const status = documentStatus(doc, now);
  const validated = status === 'Valid' || status === 'Cancelled';
  const { fields } = doc;
  return {
    uuid: doc.uuid,
    submissionUid: doc.submissionUid,
    longId: validated ? doc.longId : null,
    internalId: fields.internalId ?? doc.codeNumber,
    typeName: DOCUMENT_TYPES[fields.typeCode ?? ''] ?? 'Invoice',
    typeVersionName: fields.typeVersion ?? null,
    issuerTin: doc.issuerTin,
    issuerName: doc.issuerName,
    receiverId: fields.buyer.registration ?? fields.buyer.tin ?? null,
    receiverName: fields.buyer.name ?? null,
    dateTimeIssued: fields.issueDate && fields.issueTime ? `${fields.issueDate}T${fields.issueTime}` : null,
    dateTimeReceived: iso(doc.receivedAt),
    dateTimeValidated: validated ? iso(doc.validatedAt) : null,
    totalExcludingTax: fields.totals.excludingTax ?? null,
    totalDiscount: fields.totals.discount ?? null,
    totalNetAmount: fields.totals.net ?? null,
    totalPayableAmount: fields.totals.payable ?? null,
    status,
    cancelDateTime: doc.cancelledAt !== undefined ? iso(doc.cancelledAt) : null,
    rejectRequestDateTime: null,
    documentStatusReason: doc.cancelReason ?? null,
    createdByUserId: doc.clientId,
  };
}

/** in progress while any document is Submitted; then valid, invalid or partially valid (none accepted: invalid). */
function overallStatus(statuses: string[]): string {
  if (statuses.includes('Submitted')) return 'in progress';
  if (statuses.length === 0) return 'invalid';
  const invalid = statuses.filter((s) => s === 'Invalid').length;
  if (invalid === 0) return 'valid';
  return invalid === statuses.length ? 'invalid' : 'partially valid';
}

export function submissionView(submission: StoredSubmission, documents: StoredDocument[], now: number, pageNo: number, pageSize: number) {
  const summaries = documents.map((doc) => documentSummary(doc, now));
  return {
    submissionUid: submission.submissionUid,
    documentCount: documents.length,
    dateTimeReceived: iso(submission.receivedAt),
    overallStatus: overallStatus(summaries.map((s) => s.status)),
    documentSummary: summaries.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  };
}

export function detailsView(doc: StoredDocument, now: number) {
  const summary = documentSummary(doc, now);
  const submitted = summary.status === 'Submitted';
  return {
    ...summary,
    validationResults: {
      status: submitted ? 'Submitted' : doc.outcome,
      validationSteps: submitted ? [] : doc.steps,
    },
  };
}
