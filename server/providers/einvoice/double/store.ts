import type { LhdnError } from './errors.ts';
import type { DocumentFields } from './ubl-reader.ts';

/** What the double remembers: submissions, their documents and how each one came out. */

export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

export interface ValidationStep {
  name: string;
  status: 'Valid' | 'Invalid';
  error?: LhdnError;
}

export interface StoredDocument {
  uuid: string;
  submissionUid: string;
  longId: string;
  codeNumber: string;
  clientId: string;
  issuerTin: string;
  issuerName: string;
  fields: DocumentFields;
  hash: string;
  receivedAt: number;
  /** How validation comes out, decided at receipt and shown once the delay has passed. */
  outcome: 'Valid' | 'Invalid';
  steps: ValidationStep[];
  cancelledAt?: number;
  cancelReason?: string;
}

export interface StoredSubmission {
  submissionUid: string;
  clientId: string;
  receivedAt: number;
  uuids: string[];
}

export class DoubleStore {
  readonly documents = new Map<string, StoredDocument>();
  readonly submissions = new Map<string, StoredSubmission>();
  /** Each client's recent submission bodies (their SHA-256), for the 10-minute duplicate rule. */
  readonly recentBodies = new Map<string, { hash: string; at: number }[]>();
  readonly validationDelayMs: number;

  constructor(validationDelayMs: number) {
    this.validationDelayMs = validationDelayMs;
  }

  validatedAt(doc: StoredDocument): number {
    return doc.receivedAt + this.validationDelayMs;
  }

  status(doc: StoredDocument, now: number): DocumentStatus {
    if (doc.cancelledAt !== undefined) return 'Cancelled';
    return now < this.validatedAt(doc) ? 'Submitted' : doc.outcome;
  }

  /** The Valid (or still validating, not Invalid) notes that refer to a document. */
  referringNotes(uuid: string): StoredDocument[] {
    return [...this.documents.values()].filter((doc) => doc.fields.referencedUuids.includes(uuid) && doc.outcome === 'Valid' && doc.cancelledAt === undefined);
  }
}
