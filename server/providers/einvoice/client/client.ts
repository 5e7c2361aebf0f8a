import { batches } from './batches.ts';
import { MyInvoisHttp, type HttpSettings } from './http.ts';
import {
  failure,
  success,
  type FinalDocument,
  type LhdnErrorDetail,
  type RejectedDocument,
  type Result,
  type Submission,
  type SubmissionDocument,
  type SubmitDocument,
  type SubmittedBatch,
  type ValidationError,
} from './types.ts';

/** The shop's MyInvois client, the same for the local double and LHDN's preprod or production API. */

export type MyInvoisClientConfig = HttpSettings;

interface SubmissionAnswer {
  submissionUid: string;
  acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[];
  rejectedDocuments: { invoiceCodeNumber: string; error: RejectedDocument['error'] }[];
}

interface SubmissionStatusAnswer {
  submissionUid: string;
  overallStatus: string;
  documentSummary: SubmissionDocument[];
}

/** A step's error: LHDN's current names (code, message, details) or the older ones (errorCode, error, innerError). */
type StepError = Partial<LhdnErrorDetail> & { details?: LhdnErrorDetail[] | null; errorCode?: string; error?: string; innerError?: LhdnErrorDetail[] | null };

interface ValidationStep {
  name: string;
  status: string;
  error?: StepError | null;
}

interface SearchAnswer {
  result?: { uuid: string; submissionUid: string; internalId: string; status?: string; dateTimeReceived?: string }[];
}

/** How far back a lost submission is looked for: MyInvois' 10-minute duplicate window, and a minute of clock drift. */
const LOST_WINDOW_MS = 11 * 60_000;
/** Search Documents' widest range: 31 days, less a minute for clock drift. */
const SEARCH_DAYS_MS = 31 * 24 * 3600_000 - 120_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface DetailsAnswer {
  validationResults?: { validationSteps?: ValidationStep[] };
}

/** The public link of a Valid document, what its QR code holds. */
export function validationUrl(portalBase: string, uuid: string, longId: string): string {
  return `${portalBase.replace(/\/+$/, '')}/${uuid}/share/${longId}`;
}

/** A step's errors, one per detail (or the step's own error when it has none). */
function stepErrors(step: ValidationStep): ValidationError[] {
  const error = step.error;
  if (!error) return [{ step: step.name, code: 'Invalid', message: `${step.name} failed` }];
  const details = error.details ?? error.innerError;
  const list = Array.isArray(details) && details.length > 0 ? details : [error];
  return list.map((d) => {
    const raw = d as StepError;
    return { step: step.name, code: raw.code ?? raw.errorCode ?? '', message: raw.message ?? raw.error ?? '', target: raw.target ?? null, propertyPath: raw.propertyPath ?? null };
  });
}

export function createMyInvoisClient(config: MyInvoisClientConfig) {
  const http = new MyInvoisHttp(config);
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function getSubmission(submissionUid: string): Promise<Result<Submission>> {
    const answer = await http.request<SubmissionStatusAnswer>('GET', `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}?pageNo=1&pageSize=100`);
    if (!answer.ok) return answer;
    const { overallStatus, documentSummary } = answer.value;
    return success({
      submissionUid,
      overallStatus,
      documents: documentSummary.map((d) => ({ uuid: d.uuid, internalId: d.internalId, status: d.status, longId: d.longId ?? null, dateTimeValidated: d.dateTimeValidated ?? null })),
    });
  }

  /** LHDN's validation errors of one document (Get Document Details), step by step. */
  async function validationErrors(uuid: string): Promise<Result<ValidationError[]>> {
    const answer = await http.request<DetailsAnswer>('GET', `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`);
    if (!answer.ok) return answer;
    const steps = answer.value.validationResults?.validationSteps ?? [];
    return success(steps.filter((s) => s.status === 'Invalid').flatMap(stepErrors));
  }

  /**
   * A submission MyInvois answered 422 (the same body within 10 minutes) was received before,
   * its answer lost on the way: Search Documents finds each of its documents, sent in the last
   * minutes under its number, and the submission they are in. Null when not every one is found.
   */
  async function findEarlier(entries: { codeNumber: string }[]): Promise<SubmittedBatch | null> {
    const at = now();
    const accepted: SubmittedBatch['accepted'] = [];
    let submissionUid: string | null = null;
    for (const entry of entries) {
      const query = new URLSearchParams({
        submissionDateFrom: iso(at - LOST_WINDOW_MS),
        submissionDateTo: iso(at + 60_000),
        direction: 'Sent',
        searchQuery: entry.codeNumber,
        pageNo: '1',
        pageSize: '100',
      });
      const answer = await http.request<SearchAnswer>('GET', `/api/v1.0/documents/search?${query.toString()}`);
      if (!answer.ok) return null;
      // Newest first: the latest document under this number is the one the lost answer named.
      const found = (answer.value.result ?? []).find((d) => d.internalId === entry.codeNumber && (submissionUid === null || d.submissionUid === submissionUid));
      if (!found) return null;
      submissionUid = found.submissionUid;
      accepted.push({ uuid: found.uuid, codeNumber: entry.codeNumber });
    }
    return submissionUid ? { submissionUid, accepted, rejected: [] } : null;
  }

  /**
   * A document sent before whose answer never came back (the process stopped, the line broke):
   * the newest one MyInvois holds under this number since `sinceMs` that is not Invalid, or null.
   * Search Documents looks back at most 31 days.
   */
  async function findSent(codeNumber: string, sinceMs: number): Promise<Result<{ submissionUid: string; uuid: string } | null>> {
    const at = now();
    const query = new URLSearchParams({
      submissionDateFrom: iso(Math.max(sinceMs - 60_000, at - SEARCH_DAYS_MS)),
      submissionDateTo: iso(at + 60_000),
      direction: 'Sent',
      searchQuery: codeNumber,
      pageNo: '1',
      pageSize: '100',
    });
    const answer = await http.request<SearchAnswer>('GET', `/api/v1.0/documents/search?${query.toString()}`);
    if (!answer.ok) return answer;
    const found = (answer.value.result ?? []).find((d) => d.internalId === codeNumber && d.status !== 'Invalid');
    return success(found ? { submissionUid: found.submissionUid, uuid: found.uuid } : null);
  }

  return {
    http,

    findSent,

    /**
     * Submits documents in as many submissions as MyInvois' limits need, one after another. A
     * submission answered 422 (already received, its answer lost) is found again and carried on.
     */
    async submit(documents: SubmitDocument[]): Promise<Result<SubmittedBatch[]>> {
      const split = batches(documents);
      if (!split.ok) return split;
      const submitted: SubmittedBatch[] = [];
      for (const entries of split.value) {
        const answer = await http.request<SubmissionAnswer>('POST', '/api/v1.0/documentsubmissions/', { documents: entries });
        if (!answer.ok && answer.error.kind === 'duplicate-submission') {
          // Sent before, the answer lost: carry on with that submission rather than wait to send it again.
          const earlier = await findEarlier(entries);
          if (earlier) {
            submitted.push(earlier);
            continue;
          }
        }
        if (!answer.ok) return failure({ ...answer.error, submitted });
        submitted.push({
          submissionUid: answer.value.submissionUid,
          accepted: answer.value.acceptedDocuments.map((d) => ({ uuid: d.uuid, codeNumber: d.invoiceCodeNumber })),
          rejected: answer.value.rejectedDocuments.map((d) => ({ codeNumber: d.invoiceCodeNumber, error: d.error })),
        });
      }
      return success(submitted);
    },

    getSubmission,

    validationErrors,

    /** Polls until no document is Submitted: each one's final status, longId and errors. */
    async pollUntilDone(submissionUid: string, { intervalMs = 3000, timeoutMs = 120_000 }: { intervalMs?: number; timeoutMs?: number } = {}): Promise<Result<{ submissionUid: string; overallStatus: string; documents: FinalDocument[] }>> {
      const giveUpAt = now() + timeoutMs;
      for (;;) {
        const submission = await getSubmission(submissionUid);
        if (!submission.ok) return submission;
        const pending = submission.value.documents.some((d) => d.status === 'Submitted') || /^in ?progress$/i.test(submission.value.overallStatus);
        if (!pending) {
          const documents: FinalDocument[] = [];
          for (const doc of submission.value.documents) {
            if (doc.status !== 'Invalid') {
              documents.push({ ...doc, errors: [] });
              continue;
            }
            const errors = await validationErrors(doc.uuid);
            if (!errors.ok) return errors;
            documents.push({ ...doc, errors: errors.value });
          }
          return success({ submissionUid, overallStatus: submission.value.overallStatus, documents });
        }
        if (now() + intervalMs > giveUpAt) {
          return failure({ kind: 'timeout', message: `Submission ${submissionUid} was still being validated after ${Math.round(timeoutMs / 1000)} s` });
        }
        await sleep(intervalMs);
      }
    },

    /** Cancels a Valid document (MyInvois allows it within 72 hours of validation). */
    async cancel(uuid: string, reason: string): Promise<Result<{ uuid: string; status: string }>> {
      return http.request('PUT', `/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`, { status: 'cancelled', reason });
    },
  };
}

export type MyInvoisClient = ReturnType<typeof createMyInvoisClient>;
export type * from './types.ts';
