/** What the MyInvois client answers: results, never thrown strings. */

export interface LhdnErrorDetail {
  code: string;
  message: string;
  target?: string | null;
  propertyPath?: string | null;
}

export type MyInvoisErrorKind =
  /** The identity service refused the client id or secret. */
  | 'credentials-refused'
  /** A fresh token was still refused. */
  | 'unauthorized'
  /** 429 with a Retry-After longer than the client waits. */
  | 'rate-limited'
  /** 422: an identical submission within 10 minutes; not to be retried blindly. */
  | 'duplicate-submission'
  /** 400: the request or the document was refused (see code and details). */
  | 'refused'
  | 'forbidden'
  | 'not-found'
  /** A document over 300 KB, refused before sending. */
  | 'document-too-large'
  /** Polling gave up before every document was Valid or Invalid. */
  | 'timeout'
  /** No answer, or a 5xx. */
  | 'unavailable';

export interface MyInvoisError {
  kind: MyInvoisErrorKind;
  message: string;
  status?: number;
  code?: string;
  /** Seconds MyInvois asks to wait (429, 422). */
  retryAfterSeconds?: number;
  details?: LhdnErrorDetail[];
  /** submit(): the batches accepted before the one that failed. */
  submitted?: SubmittedBatch[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: MyInvoisError };

export const success = <T>(value: T): Result<T> => ({ ok: true, value });
export const failure = <T = never>(error: MyInvoisError): Result<T> => ({ ok: false, error });

/** A document to submit: the exact signed JSON text, and the shop's number for it. */
export interface SubmitDocument {
  codeNumber: string;
  text: string;
}

export interface RejectedDocument {
  codeNumber: string;
  error: LhdnErrorDetail & { details?: LhdnErrorDetail[] | null };
}

export interface SubmittedBatch {
  submissionUid: string;
  accepted: { uuid: string; codeNumber: string }[];
  rejected: RejectedDocument[];
}

export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

export interface SubmissionDocument {
  uuid: string;
  internalId: string;
  status: DocumentStatus;
  longId: string | null;
  dateTimeValidated: string | null;
}

export interface Submission {
  submissionUid: string;
  overallStatus: string;
  documents: SubmissionDocument[];
}

/** One of LHDN's validation errors, named by the step that raised it. */
export interface ValidationError extends LhdnErrorDetail {
  step: string;
}

export interface FinalDocument extends SubmissionDocument {
  errors: ValidationError[];
}
