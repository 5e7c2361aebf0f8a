import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.stripe.com on 127.0.0.1: it records every request the adapter sends and
 * answers the few calls the adapter makes the way Stripe's API does (form-encoded requests,
 * JSON objects back, idempotent replays, errors in Stripe's shape).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, keys as Stripe writes them: `metadata[orderNo]`, `line_items[0][quantity]`. */
  form: URLSearchParams;
}

type Json = Record<string, any>;

export interface StripeDouble {
  readonly port: number;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, Json>;
  readonly intents: Map<string, Json>;
  /** The next answers, whatever is asked (errors, outages). */
  answerNext(status: number, body: Json, headers?: Record<string, string>): void;
  /** The customer pays on Stripe's page. */
  pay(sessionId: string, intentStatus?: string): void;
  /** How many objects a list call answers per page at most (Stripe: the `limit` asked, up to 100). */
  pageSize: number;
  /** How new refunds come out: succeeded for cards, pending for some wallets. */
  refundStatus: string;
  /** The bank's later word on the newest refund (e.g. failed): the refund object as Stripe then sends it. */
  settleLastRefund(status: string): Json;
  close(): Promise<void>;
}

const error = (status: number, type: string, message: string, code?: string) => ({ status, body: { error: { type, message, ...(code ? { code } : {}) } } });

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const refunds: Json[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  const queued: { status: number; body: Json; headers?: Record<string, string> }[] = [];
  let n = 0;

  const now = () => Math.floor(Date.now() / 1000);

  /** A list in Stripe's shape: newest first, from after `starting_after`, `created[gte]` honoured. */
  function list(req: RecordedRequest, all: Json[]): { status: number; body: Json } {
    const gte = Number(req.query.get('created[gte]') ?? 0);
    const newestFirst = all.filter((o) => o.created >= gte).reverse();
    const after = req.query.get('starting_after');
    const from = after ? newestFirst.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Math.min(Number(req.query.get('limit') ?? 10), double.pageSize);
    const data = newestFirst.slice(from, from + limit);
    const expand = req.query.getAll('expand[]').concat(req.query.getAll('expand[0]'));
    const shown = expand.includes('data.payment_intent') ? data.map((o) => ({ ...o, payment_intent: o.payment_intent ? intents.get(o.payment_intent) : null })) : data;
    return { status: 200, body: { object: 'list', url: req.path, has_more: from + limit < newestFirst.length, data: shown } };
  }

  function route(req: RecordedRequest): { status: number; body: Json } {
    if (req.method === 'GET' && req.path === '/v1/checkout/sessions') return list(req, [...sessions.values()]);
    if (req.method === 'GET' && req.path === '/v1/refunds') return list(req, refunds);
    const sessionPath = req.path.match(/^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/);
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const f = req.form;
      const id = `cs_test_${++n}`;
      const metadata: Json = {};
      for (const [key, value] of f) {
        const m = key.match(/^metadata\[(\w+)\]$/);
        if (m) metadata[m[1]!] = value;
      }
      const session = {
        id,
        object: 'checkout.session',
        created: now(),
        mode: f.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(f.get('line_items[0][price_data][unit_amount]')) * Number(f.get('line_items[0][quantity]') ?? 1),
        currency: f.get('line_items[0][price_data][currency]'),
        client_reference_id: f.get('client_reference_id'),
        metadata,
        expires_at: Number(f.get('expires_at')),
        success_url: f.get('success_url'),
        cancel_url: f.get('cancel_url'),
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) return error(404, 'invalid_request_error', `No such checkout.session: '${sessionPath[1]}'`, 'resource_missing');
      if (req.method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') return error(400, 'invalid_request_error', 'Only Checkout Sessions with a status of `open` can be expired.');
        session.status = 'expired';
        return { status: 200, body: session };
      }
      const expand = [...req.query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const intent = session.payment_intent && expand.includes('payment_intent') ? intents.get(session.payment_intent) : session.payment_intent;
      return { status: 200, body: { ...session, payment_intent: intent } };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const intent = intents.get(req.form.get('payment_intent') ?? '');
      if (!intent) return error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      const amount = Number(req.form.get('amount'));
      // A failed or canceled refund gives its amount back to the charge.
      const refunded = refunds.filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
      if (refunded + amount > intent.amount) {
        return error(400, 'invalid_request_error', `Refund amount (RM${amount / 100}) is greater than unrefunded amount on charge`, 'amount_too_large');
      }
      const metadata: Json = {};
      for (const [key, value] of req.form) {
        const m = key.match(/^metadata\[(\w+)\]$/);
        if (m) metadata[m[1]!] = value;
      }
      const refund = { id: `re_test_${++n}`, object: 'refund', created: now(), amount, currency: intent.currency, payment_intent: intent.id, status: double.refundStatus, reason: req.form.get('reason'), metadata };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path})`);
  }

  const server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const req: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(req);
      const forced = queued.shift();
      // Stripe answers a replayed idempotency key with the first answer.
      const key = typeof req.headers['idempotency-key'] === 'string' ? `${req.path} ${req.headers['idempotency-key']}` : null;
      const answer = forced ?? (key ? replies.get(key) : undefined) ?? route(req);
      if (key && !forced && !replies.has(key)) replies.set(key, answer);
      res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}`, ...(forced?.headers ?? {}) });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const double: StripeDouble = {
    port: (server.address() as AddressInfo).port,
    requests,
    sessions,
    intents,
    pageSize: 100,
    refundStatus: 'succeeded',
    answerNext(status, body, headers) {
      queued.push({ status, body, headers });
    },
    pay(sessionId, intentStatus = 'succeeded') {
      const session = sessions.get(sessionId)!;
      const intent = { id: `pi_test_${++n}`, object: 'payment_intent', created: now(), amount: session.amount_total, currency: session.currency, status: intentStatus };
      intents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: intentStatus === 'succeeded' ? 'paid' : 'unpaid', payment_intent: intent.id });
    },
    settleLastRefund(status) {
      const refund = refunds.at(-1)!;
      refund.status = status;
      return { ...refund };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return double;
}
