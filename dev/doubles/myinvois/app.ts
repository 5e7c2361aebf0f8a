import { Hono, type Context } from 'hono';
import { errorBody } from './errors.ts';
import { Identity } from './identity.ts';
import { lhdnId } from './ids.ts';
import { admitDocument, readEnvelope, sha256Hex } from './intake.ts';
import { LIMITS, type DoubleClient, type DoubleSettings, type MyInvoisDoubleOptions } from './options.ts';
import { signaturePartsPresent } from './signature-presence.ts';
import type { Db } from '../../../server/db/client.ts';
import { databaseStore, documentStatus, memoryStore, type DoubleStore, type StoredDocument } from './store.ts';
import { validate } from './validation.ts';
import { detailsView, documentSummary, submissionView } from './views.ts';
import { sharePage } from './share-page.ts';

/**
 * A local stand-in for LHDN's MyInvois: the identity service and the e-invoice API on one base,
 * answering as MyInvois does (its paths, status codes, limits and error shapes). It keeps its
 * books in the database it is given (its own tables: every process and restart answers the
 * same), in memory without one; it checks a signature only as far as `verifySignature` does,
 * and the signing certificate by LHDN's rules.
 */

type Env = { Variables: { caller: DoubleClient } };

export interface MyInvoisDouble {
  app: Hono<Env>;
  store: DoubleStore;
  settings: DoubleSettings;
}

export function createMyInvoisDouble(options: MyInvoisDoubleOptions & { db?: Db }): MyInvoisDouble {
  const settings: DoubleSettings = {
    clients: options.clients,
    clock: options.clock ?? Date.now,
    tokenSeconds: options.tokenSeconds ?? 3600,
    validationDelayMs: options.validationDelayMs ?? 1500,
    portalBase: (options.portalBase ?? 'http://localhost').replace(/\/+$/, ''),
    verifySignature: options.verifySignature ?? signaturePartsPresent,
  };
  const identity = new Identity(settings);
  const store = options.db ? databaseStore(options.db, settings.clock) : memoryStore(settings.clock);
  const app = new Hono<Env>();

  app.post('/connect/token', async (c) => {
    const answer = identity.login(new URLSearchParams(await c.req.text()));
    if (answer.ok) return c.json({ access_token: answer.token, token_type: 'Bearer', expires_in: answer.expiresIn, scope: 'InvoicingAPI' });
    if (answer.status === 429) {
      c.header('Retry-After', String(answer.retryAfterSeconds));
      return c.json(errorBody('TooManyRequests', `More than ${LIMITS.loginsPerMinute} logins a minute; retry after ${answer.retryAfterSeconds} s`), 429);
    }
    return c.json({ error: answer.error, error_description: answer.description }, answer.status);
  });

  app.use('/api/*', async (c, next) => {
    const caller = identity.caller(c.req.header('authorization'));
    if (!caller) return c.json(errorBody('Unauthorized', 'The access token is missing, unknown or expired'), 401);
    c.set('caller', caller);
    await next();
  });

  const submit = async (c: Context<Env>) => {
    const caller = c.get('caller');
    const raw = await c.req.text();
    const envelope = readEnvelope(raw);
    if (!envelope.ok) return c.json(envelope.body, envelope.status);
    const now = settings.clock();
    const bodyHash = sha256Hex(raw);
    const acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[] = [];
    const rejectedDocuments: { invoiceCodeNumber: string; error: unknown }[] = [];
    const submissionUid = lhdnId();
    const received = await store.receive(caller.clientId, bodyHash, now, LIMITS.duplicateSubmissionMs, async (view) => {
      const uuids: string[] = [];
      for (const entry of envelope.documents) {
        const admission = admitDocument(entry, caller, now);
        if (!admission.ok) {
          rejectedDocuments.push({ invoiceCodeNumber: entry.codeNumber, error: admission.error });
          continue;
        }
        const uuid = lhdnId();
        const { outcome, steps } = await validate({ uuid, document: admission.document, fields: admission.fields, hash: admission.hash }, view, settings.verifySignature, now);
        const doc: StoredDocument = {
          uuid,
          submissionUid,
          longId: `${lhdnId(26)}${lhdnId(14)}`,
          codeNumber: entry.codeNumber,
          clientId: caller.clientId,
          issuerTin: caller.tin,
          issuerName: caller.name ?? admission.fields.supplier.name ?? caller.tin,
          fields: admission.fields,
          hash: admission.hash,
          receivedAt: now,
          validatedAt: now + settings.validationDelayMs,
          outcome,
          steps,
        };
        await view.addDocument(doc);
        uuids.push(uuid);
        acceptedDocuments.push({ uuid, invoiceCodeNumber: entry.codeNumber });
      }
      return { submissionUid, clientId: caller.clientId, receivedAt: now, uuids };
    });
    if ('duplicateOf' in received) {
      const retryAfter = Math.max(1, Math.ceil((received.duplicateOf + LIMITS.duplicateSubmissionMs - now) / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json(errorBody('DuplicateSubmission', 'An identical submission was received in the last 10 minutes', 'documents'), 422);
    }
    return c.json({ submissionUid, acceptedDocuments, rejectedDocuments }, 202);
  };
  app.post('/api/v1.0/documentsubmissions', submit);
  app.post('/api/v1.0/documentsubmissions/', submit);

  app.get('/api/v1.0/documentsubmissions/:uid', async (c) => {
    const submission = await store.submission(c.req.param('uid'));
    if (!submission) return c.json(errorBody('NotFound', 'No submission with this submissionUid'), 404);
    if (submission.clientId !== c.get('caller').clientId) return c.json(errorBody('Forbidden', 'The submission was made by another taxpayer system'), 403);
    const pageNo = Math.max(1, Number(c.req.query('pageNo') ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(c.req.query('pageSize') ?? 100) || 100));
    return c.json(submissionView(submission, await store.documents(submission.uuids), settings.clock(), pageNo, pageSize));
  });

  app.get('/api/v1.0/documents/search', (c) => searchDocuments(c));

  app.get('/api/v1.0/documents/:uuid/details', async (c) => {
    const doc = await store.document(c.req.param('uuid'));
    if (!doc) return c.json(errorBody('NotFound', 'No document with this uuid'), 404);
    if (doc.issuerTin !== c.get('caller').tin) return c.json(errorBody('Forbidden', 'The document was issued by another taxpayer'), 403);
    return c.json(detailsView(doc, settings.clock()));
  });

  app.put('/api/v1.0/documents/state/:uuid/state', async (c) => {
    const caller = c.get('caller');
    const body = (await c.req.json().catch(() => null)) as { status?: unknown; reason?: unknown } | null;
    const now = settings.clock();
    const answer = await store.cancel(
      c.req.param('uuid'),
      (doc, notes) => {
        const refuse = (code: string, message: string, target: string | null = null, status: 400 | 403 = 400) => ({ ok: false as const, status, error: errorBody(code, message, target).error });
        if (doc.issuerTin !== caller.tin) return refuse('Forbidden', 'The document was issued by another taxpayer', null, 403);
        if (body?.status !== 'cancelled') return refuse('BadArgument', 'status must be "cancelled"', 'status');
        if (typeof body.reason !== 'string' || body.reason.trim() === '' || body.reason.length > LIMITS.cancelReasonChars) {
          return refuse('BadArgument', `reason is required, at most ${LIMITS.cancelReasonChars} characters`, 'reason');
        }
        const status = documentStatus(doc, now);
        if (status !== 'Valid') return refuse('IncorrectState', `A ${status} document cannot be cancelled`, 'status');
        if (now > doc.validatedAt + LIMITS.cancelWindowMs) {
          return refuse('OperationPeriodOver', 'The 72 hours for cancelling this document after its validation are over; issue a note instead');
        }
        if (notes.length > 0) return refuse('ActiveReferencingDocuments', `Documents refer to this one: ${notes.map((n) => n.uuid).join(', ')}; cancel them first`);
        return { ok: true, doc };
      },
      now,
      typeof body?.reason === 'string' ? body.reason : '',
    );
    if (!answer.ok) return c.json({ error: answer.error }, answer.status);
    return c.json({ uuid: answer.doc.uuid, status: 'Cancelled' });
  });

  /** Search Documents: the caller's documents submitted (or issued) within at most 31 days, newest first, paged. */
  const searchDocuments = async (c: Context<Env>) => {
    const caller = c.get('caller');
    const q = (name: string) => c.req.query(name)?.trim() || undefined;
    const moment = (name: string) => {
      const value = q(name);
      return value === undefined ? undefined : Date.parse(value);
    };
    const submittedFrom = moment('submissionDateFrom');
    const submittedTo = moment('submissionDateTo');
    const issuedFrom = moment('issueDateFrom');
    const issuedTo = moment('issueDateTo');
    const bad = (message: string, target: string) => c.json(errorBody('BadArgument', message, target), 400);
    for (const [name, value] of [['submissionDateFrom', submittedFrom], ['submissionDateTo', submittedTo], ['issueDateFrom', issuedFrom], ['issueDateTo', issuedTo]] as const) {
      if (value !== undefined && Number.isNaN(value)) return bad(`${name} must be a date and time (UTC)`, name);
    }
    const submitted = submittedFrom !== undefined && submittedTo !== undefined;
    const issued = issuedFrom !== undefined && issuedTo !== undefined;
    if (!submitted && !issued) return bad('Give submissionDateFrom and submissionDateTo, or issueDateFrom and issueDateTo', 'submissionDateFrom');
    if ((submitted && submittedTo! - submittedFrom! > LIMITS.searchRangeMs) || (issued && issuedTo! - issuedFrom! > LIMITS.searchRangeMs)) {
      return bad('The date range may span at most 31 days', submitted ? 'submissionDateTo' : 'issueDateTo');
    }
    const direction = q('direction');
    if (direction !== undefined && !/^(sent|received)$/i.test(direction)) return bad('direction must be Sent or Received', 'direction');
    const pageNo = Math.max(1, Number(q('pageNo') ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(q('pageSize') ?? 100) || 100));
    // The double's callers only issue documents: nothing is ever received.
    const found = /^received$/i.test(direction ?? '')
      ? []
      : await store.search({
          issuerTin: caller.tin,
          ...(q('uuid') ? { uuid: q('uuid') } : {}),
          ...(submitted ? { submittedFrom, submittedTo } : {}),
          ...(issued ? { issuedFrom, issuedTo } : {}),
          ...(q('status') ? { status: q('status') } : {}),
          ...(q('documentType') ? { documentType: q('documentType') } : {}),
          ...(q('searchQuery') ? { searchQuery: q('searchQuery') } : {}),
        });
    const now = settings.clock();
    return c.json({
      result: found.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((doc) => documentSummary(doc, now)),
      metadata: { totalPages: Math.ceil(found.length / pageSize), totalCount: found.length },
    });
  };

  app.get('/:uuid/share/:longId', async (c) => {
    const doc = await store.document(c.req.param('uuid'));
    const now = settings.clock();
    if (!doc || doc.longId !== c.req.param('longId') || documentStatus(doc, now) === 'Submitted' || doc.outcome !== 'Valid') {
      return c.html(sharePage(null, now), 404);
    }
    return c.html(sharePage(doc, now));
  });

  return { app, store, settings };
}
