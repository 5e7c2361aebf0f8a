/** How the local MyInvois double is set up: who may log in, its clock and its delays. */

/** An ERP system registered with the double: its credentials and the taxpayer it acts for. */
export interface DoubleClient {
  clientId: string;
  clientSecret: string;
  /** The taxpayer's TIN: every document it submits must name it as supplier. */
  tin: string;
  /** The taxpayer's name, shown as issuer. */
  name?: string;
}

/** The answer of a signature check: ok, or the reason it failed. */
export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks a submitted document's signature; the document is the parsed UBL JSON. */
export type SignatureVerifier = (document: unknown) => SignatureCheck;

export interface MyInvoisDoubleOptions {
  clients: DoubleClient[];
  /** Milliseconds since the epoch, now; tests move it. */
  clock?: () => number;
  /** Lifetime of an access token in seconds (MyInvois: 3600). */
  tokenSeconds?: number;
  /** How long a document stays Submitted before it turns Valid or Invalid (default 1500 ms). */
  validationDelayMs?: number;
  /** The portal base of validation links, `{portal}/{uuid}/share/{longId}`. */
  portalBase?: string;
  /** The signature check; by default only that the signature's parts are present. */
  verifySignature?: SignatureVerifier;
}

export interface DoubleSettings {
  clients: DoubleClient[];
  clock: () => number;
  tokenSeconds: number;
  validationDelayMs: number;
  portalBase: string;
  verifySignature: SignatureVerifier;
}

/** MyInvois' published limits. */
export const LIMITS = {
  loginsPerMinute: 12,
  documentsPerSubmission: 100,
  submissionBytes: 5 * 1024 * 1024,
  documentBytes: 300 * 1024,
  /** An issue date older than this is refused. */
  issueAgeMs: 72 * 3600_000,
  /** A repeat of the same document within this is Invalid (duplicate). */
  duplicateDocumentMs: 2 * 3600_000,
  /** An identical submission within this answers 422. */
  duplicateSubmissionMs: 10 * 60_000,
  /** A Valid document may be cancelled this long after its validation. */
  cancelWindowMs: 72 * 3600_000,
  cancelReasonChars: 300,
  /** Search Documents: the widest date range, in either pair of filters. */
  searchRangeMs: 31 * 24 * 3600_000,
} as const;
