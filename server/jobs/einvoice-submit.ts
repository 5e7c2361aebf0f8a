import type { Db } from '../db/client.ts';
import { finishJob, retryDelayMs, scheduleJob, type JobHandler } from './queue.ts';
import { countAttempt, lockDocument, moveDocument, SUBMIT_JOB, type EinvoiceError, type EinvoiceRow, type SubmitPayload } from '../modules/einvoices/service.ts';
import type { LhdnErrorDetail, MyInvoisError } from '../providers/einvoice/client.ts';
import type { EinvoiceProvider } from '../providers/einvoice/provider.ts';
import { log } from '../ops/log.ts';

/**
 * `einvoice.submit` ({documentId}): sends a claimed document's stored, signed text to MyInvois,
 * then follows its submission until LHDN says Valid or Invalid. It never waits in a process:
 * each step is one job, which schedules the next (a few seconds at first, then longer). The
 * call to MyInvois happens after the job's commit; a safety job (ten minutes later, EINVOICE_ANSWER_WAIT_SECONDS) takes over
 * if the process stops before it wrote the answer. A document tried before may have reached
 * MyInvois with its answer lost: it is looked for there (Search Documents) before it is sent
 * again, so it is never sent twice. A 429 waits its Retry-After; an unreachable service is
 * tried again with the queue's backoff.
 */

export interface SubmitContext {
  db: Db;
  provider: EinvoiceProvider;
  now: () => Date;
  /** How long an answer is awaited before the safety job looks for the document at MyInvois (default ten minutes). */
  answerWaitMs?: number;
}

const FINAL = new Set(['VALID', 'INVALID', 'CANCELLED']);
const ANSWER_WAIT_MS = 10 * 60_000;

/** The wait before looking at a submission again: 2 s, 2 s, 5 s, 5 s, 15 s, then a minute. */
export function pollDelayMs(polls: number): number {
  return [2000, 2000, 5000, 5000, 15_000][polls] ?? 60_000;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** LHDN's reasons in words: its message, and the field it names. */
function inWords(details: LhdnErrorDetail[] | undefined, fallback: { code?: string; message: string }): EinvoiceError[] {
  const list = details?.length ? details : [{ code: fallback.code ?? '', message: fallback.message, target: null }];
  return list.map((d) => ({ code: d.code ?? '', message: d.message, target: d.target ?? d.propertyPath ?? null }));
}

export function einvoiceSubmitHandler(ctx: SubmitContext): JobHandler {
  return async (tx, job, now) => {
    const { documentId } = job.payload as unknown as SubmitPayload;
    const doc = await lockDocument(tx, documentId);
    if (!doc || FINAL.has(doc.status)) return;
    await countAttempt(tx, doc.id, now);
    // Each step's follow-up has a key of its own (the attempt's number): scheduled once, whoever runs it.
    const step = `${SUBMIT_JOB}:${doc.id}:${doc.attempts + 1}`;
    const safety = `${step}:safety`;
    await scheduleJob(tx, { kind: SUBMIT_JOB, key: safety, runAt: later(now, ctx.answerWaitMs ?? ANSWER_WAIT_MS), payload: { documentId: doc.id } }, now);
    return () => (doc.submissionUid ? poll(ctx, doc, step, safety) : submit(ctx, doc, step, safety));
  };
}

/** Writes the outcome under the document's lock, if it is still where this step found it, and schedules what follows. */
async function record(ctx: SubmitContext, doc: EinvoiceRow, safety: string, write: (tx: Db, current: EinvoiceRow, now: Date) => Promise<unknown>) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const current = await lockDocument(tx, doc.id);
    await finishJob(tx, safety, now);
    if (!current || FINAL.has(current.status) || current.submissionUid !== doc.submissionUid) return;
    await write(tx, current, now);
  });
}

function next(tx: Db, doc: EinvoiceRow, step: string, runAt: Date, now: Date) {
  return scheduleJob(tx, { kind: SUBMIT_JOB, key: step, runAt, payload: { documentId: doc.id } satisfies SubmitPayload }, now);
}

/** When a failed call may be made again: what MyInvois asked, or the queue's backoff. */
function retryAt(error: MyInvoisError, attempts: number, now: Date): Date {
  if (error.retryAfterSeconds !== undefined && (error.kind === 'rate-limited' || error.kind === 'duplicate-submission')) return later(now, error.retryAfterSeconds * 1000 + 1000);
  return later(now, retryDelayMs(attempts));
}

const RETRIED = new Set<MyInvoisError['kind']>(['rate-limited', 'duplicate-submission', 'unavailable', 'timeout', 'unauthorized', 'credentials-refused', 'forbidden']);

async function submit(ctx: SubmitContext, doc: EinvoiceRow, step: string, safety: string) {
  if (doc.attempts > 0) {
    // An earlier try may have reached MyInvois, its answer lost: carry on with what it holds.
    const sent = await ctx.provider.client.findSent(doc.documentNo, doc.createdAt.getTime());
    if (sent.ok && sent.value) {
      const found = sent.value;
      await record(ctx, doc, safety, async (tx, current, now) => {
        log.info(`[einvoice] ${doc.documentNo}: found at MyInvois from an earlier try (submission ${found.submissionUid}), not sent again`);
        await moveDocument(tx, current, 'submit', 'system', { submissionUid: found.submissionUid, uuid: found.uuid, submittedAt: now, errors: [] }, now);
        await next(tx, doc, step, later(now, pollDelayMs(0)), now);
      });
      return;
    }
    if (!sent.ok) {
      await record(ctx, doc, safety, async (tx, _current, now) => {
        log.warn(`[einvoice] ${doc.documentNo}: MyInvois could not be searched for an earlier try (${sent.error.kind}): ${sent.error.message}`);
        await next(tx, doc, step, retryAt(sent.error, doc.attempts + 1, now), now);
      });
      return;
    }
  }
  const answer = await ctx.provider.client.submit([{ codeNumber: doc.documentNo, text: doc.documentText ?? '' }]);
  await record(ctx, doc, safety, async (tx, current, now) => {
    if (!answer.ok) {
      const error = answer.error;
      if (RETRIED.has(error.kind)) {
        log.warn(`[einvoice] ${doc.documentNo} not submitted (${error.kind}): ${error.message}`);
        return next(tx, doc, step, retryAt(error, doc.attempts + 1, now), now);
      }
      await moveDocument(tx, current, 'refuse', 'system', { errors: inWords(error.details, error) }, now);
      return;
    }
    const batch = answer.value[0]!;
    const accepted = batch.accepted.find((d) => d.codeNumber === doc.documentNo);
    if (!accepted) {
      const rejected = batch.rejected.find((d) => d.codeNumber === doc.documentNo)?.error;
      await moveDocument(tx, current, 'refuse', 'system', { errors: inWords(rejected?.details ?? undefined, rejected ?? { message: 'MyInvois did not accept the document' }) }, now);
      return;
    }
    await moveDocument(tx, current, 'submit', 'system', { submissionUid: batch.submissionUid, uuid: accepted.uuid, submittedAt: now, errors: [] }, now);
    await next(tx, doc, step, later(now, pollDelayMs(0)), now);
  });
}

async function poll(ctx: SubmitContext, doc: EinvoiceRow, step: string, safety: string) {
  const submission = await ctx.provider.client.getSubmission(doc.submissionUid!);
  const found = submission.ok ? submission.value.documents.find((d) => d.uuid === doc.uuid) : undefined;
  const errors = found?.status === 'Invalid' ? await ctx.provider.client.validationErrors(found.uuid) : null;
  const polls = Math.max(0, doc.attempts - 1);
  await record(ctx, doc, safety, async (tx, current, now) => {
    if (!submission.ok || (errors && !errors.ok)) {
      const error = !submission.ok ? submission.error : (errors as { ok: false; error: MyInvoisError }).error;
      log.warn(`[einvoice] ${doc.documentNo}: its submission could not be read (${error.kind}): ${error.message}`);
      return next(tx, doc, step, retryAt(error, doc.attempts + 1, now), now);
    }
    if (!found || found.status === 'Submitted') return next(tx, doc, step, later(now, pollDelayMs(polls)), now);
    if (found.status === 'Valid') {
      await moveDocument(tx, current, 'validate', 'system', { longId: found.longId, validatedAt: found.dateTimeValidated ? new Date(found.dateTimeValidated) : now, errors: [] }, now);
    } else if (found.status === 'Cancelled') {
      await moveDocument(tx, current, 'cancel', 'system', { cancelledAt: now }, now, 'LHDN reports it cancelled');
    } else {
      const list = errors && errors.ok ? errors.value : [];
      await moveDocument(tx, current, 'invalidate', 'system', { errors: inWords(list, { message: 'LHDN found the document invalid' }) }, now);
    }
  });
}
