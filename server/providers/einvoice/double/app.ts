import { Hono, type Context } from 'hono';
import { errorBody } from './errors.ts';
import { Identity } from './identity.ts';
import { lhdnId } from './ids.ts';
import { admitDocument, readEnvelope, sha256Hex } from './intake.ts';
import { LIMITS, type DoubleClient, type DoubleSettings, type MyInvoisDoubleOptions } from './options.ts';
import { signaturePartsPresent } from './signature-presence.ts';
import { DoubleStore } from './store.ts';
import { validate } from './validation.ts';
import { detailsView, submissionView } from './views.ts';
import { sharePage } from './share-page.ts';

/**
 * A local stand-in for LHDN's MyInvois: the identity service and the e-invoice API on one base,
 * answering as MyInvois does (its paths, status codes, limits and error shapes). It keeps
 * everything in memory; it checks a signature only as far as `verifySignature` does.
 */

type Env = { Variables: { caller: DoubleClient } };

export interface MyInvoisDouble {
  app: Hono<Env>;
  store: DoubleStore;
  settings: DoubleSettings;
}

export function createMyInvoisDouble(options: MyInvoisDoubleOptions): MyInvoisDouble {
  const settings: DoubleSettings = {
    clients: options.clients,
    clock: options.clock ?? Date.now,
    tokenSeconds: options.tokenSeconds ?? 3600,
    validationDelayMs: options.validationDelayMs ?? 1500,
    portalBase: (options.portalBase ?? 'http://localhost').replace(/\/+$/, ''),
    verifySignature: options.verifySignature ?? signaturePartsPresent,
  };
  const identity = new Identity(settings);
  const store = new DoubleStore(settings.validationDelayMs);
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
    const recent = (store.recentBodies.get(caller.clientId) ?? []).filter((entry) => entry.at > now - LIMITS.duplicateSubmissionMs);
    store.recentBodies.set(caller.clientId, recent);
    const same = recent.find((entry) => entry.hash === bodyHash);
    if (same) {
      const retryAfter = Math.max(1, Math.ceil((same.at + LIMITS.duplicateSubmissionMs - now) / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json(errorBody('DuplicateSubmission', 'An identical submission was received in the last 10 minutes', 'documents'), 422);
    }
    recent.push({ hash: bodyHash, at: now });
    const submissionUid = lhdnId();
    const submission = { submissionUid, clientId: caller.clientId, receivedAt: now, uuids: [] as string[] };
    const acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[] = [];
    const rejectedDocuments: { invoiceCodeNumber: string; error: unknown }[] = [];
    for (const entry of envelope.documents) {
      const admission = admitDocument(entry, caller, now);
      if (!admission.ok) {
        rejectedDocuments.push({ invoiceCodeNumber: entry.codeNumber, error: admission.error });
        continue;
      }
      const uuid = lhdnId();
      const { outcome, steps } = validate({ uuid, document: admission.document, fields: admission.fields, hash: admission.hash }, store, settings.verifySignature, now);
      store.documents.set(uuid, {
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
        outcome,
        steps,
      });
      submission.uuids.push(uuid);
      acceptedDocuments.push({ uuid, invoiceCodeNumber: entry.codeNumber });
    }
    store.submissions.set(submissionUid, submission);
    return c.json({ submissionUid, acceptedDocuments, rejectedDocuments }, 202);
  };
  app.post('/api/v1.0/documentsubmissions', submit);
  app.post('/api/v1.0/documentsubmissions/', submit);

  app.get('/api/v1.0/documentsubmissions/:uid', (c) => {
    const submission = store.submissions.get(c.req.param('uid'));
    if (!submission) return c.json(errorBody('NotFound', 'No submission with this submissionUid'), 404);
    if (submission.clientId !== c.get('caller').clientId) return c.json(errorBody('Forbidden', 'The submission was made by another taxpayer system'), 403);
    const pageNo = Math.max(1, Number(c.req.query('pageNo') ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(c.req.query('pageSize') ?? 100) || 100));
    return c.json(submissionView(submission, store, settings.clock(), pageNo, pageSize));
  });

  app.get('/api/v1.0/documents/:uuid/details', (c) => {
    const doc = store.documents.get(c.req.param('uuid'));
    if (!doc) return c.json(errorBody('NotFound', 'No document with this uuid'), 404);
    if (doc.issuerTin !== c.get('caller').tin) return c.json(errorBody('Forbidden', 'The document was issued by another taxpayer'), 403);
    return c.json(detailsView(doc, store, settings.clock()));
  });

  app.put('/api/v1.0/documents/state/:uuid/state', async (c) => {
    const doc = store.documents.get(c.req.param('uuid'));
    if (!doc) return c.json(errorBody('NotFound', 'No document with this uuid'), 404);
    if (doc.issuerTin !== c.get('caller').tin) return c.json(errorBody('Forbidden', 'The document was issued by another taxpayer'), 403);
    const body = (await c.req.json().catch(() => null)) as { status?: unknown; reason?: unknown } | null;
    if (body?.status !== 'cancelled') return c.json(errorBody('BadArgument', 'status must be "cancelled"', 'status'), 400);
    if (typeof body.reason !== 'string' || body.reason.trim() === '' || body.reason.length > LIMITS.cancelReasonChars) {
      return c.json(errorBody('BadArgument', `reason is required, at most ${LIMITS.cancelReasonChars} characters`, 'reason'), 400);
    }
    const now = settings.clock();
    const status = store.status(doc, now);
    if (status !== 'Valid') return c.json(errorBody('IncorrectState', `A ${status} document cannot be cancelled`, 'status'), 400);
    if (now > store.validatedAt(doc) + LIMITS.cancelWindowMs) {
      return c.json(errorBody('OperationPeriodOver', 'The 72 hours for cancelling this document after its validation are over; issue a note instead'), 400);
    }
    const notes = store.referringNotes(doc.uuid);
    if (notes.length > 0) {
      return c.json(errorBody('ActiveReferencingDocuments', `Documents refer to this one: ${notes.map((n) => n.uuid).join(', ')}; cancel them first`), 400);
    }
    doc.cancelledAt = now;
    doc.cancelReason = body.reason;
    return c.json({ uuid: doc.uuid, status: 'Cancelled' });
  });

  app.get('/:uuid/share/:longId', (c) => {
    const doc = store.documents.get(c.req.param('uuid'));
    const now = settings.clock();
    if (!doc || doc.longId !== c.req.param('longId') || store.status(doc, now) === 'Submitted' || doc.outcome !== 'Valid') {
      return c.html(sharePage(null, now, store), 404);
    }
    return c.html(sharePage(doc, now, store));
  });

  return { app, store, settings };
}
