import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Curlec's API (api.razorpay.com) on 127.0.0.1: it records every request and
 * answers the Payment Link, payment and refund calls the provider makes the way Curlec
 * documents them (JSON in and out, Basic auth, errors as `{ error: { code, description,
 * field } }`), and it signs webhooks and payment link returns as Curlec does. Its state lives
 * in memory: one test process.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Json | null;
}

type Json = Record<string, any>;
type Answer = { status: number; body: Json };

/** What a tester picks on the hosted page. */
export type DoubleMethod =
  | { method: 'card' }
  | { method: 'fpx'; bank: string }
  | { method: 'wallet'; wallet: 'touchngo' | 'grabpay' | 'shopeepay' | 'boost' }
  | { method: 'duitnow' };

export interface CurlecWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

export interface CurlecDouble {
  readonly port: number;
  readonly base: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  readonly requests: RecordedRequest[];
  readonly links: Map<string, Json>;
  readonly payments: Map<string, Json>;
  readonly refunds: Json[];
  /** The next answers, whatever is asked (errors, outages). */
  answerNext(status: number, body: Json): void;
  /** The customer pays a link on Curlec's page: its payment_link.paid and payment.captured webhooks, signed. */
  pay(linkId: string, how?: DoubleMethod): { paymentId: string; webhooks: CurlecWebhook[] };
  /** An attempt on the link fails; the link stays open: its payment.failed webhook, signed. */
  fail(linkId: string, how?: DoubleMethod): { paymentId: string; webhooks: CurlecWebhook[] };
  /** The bank's later word on a refund (processed or failed): its webhook, signed. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): CurlecWebhook;
  /** Where the customer's browser comes back after paying, with the signed query Curlec adds. */
  returnUrl(linkId: string): string;
  /** Any event, signed with the webhook secret (or another), under a fresh or given event id. */
  webhook(event: string, payload: Json, options?: { eventId?: string; secret?: string }): CurlecWebhook;
  /** Posts a webhook to the shop. */
  deliver(url: string, webhook: CurlecWebhook): Promise<Response>;
  close(): Promise<void>;
}

const failure = (status: number, description: string, field?: string): Answer => ({
  status,
  body: { error: { code: status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) } },
});

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

const pageMethods: Record<string, DoubleMethod> = {
  card: { method: 'card' },
  tng: { method: 'wallet', wallet: 'touchngo' },
  grabpay: { method: 'wallet', wallet: 'grabpay' },
  shopeepay: { method: 'wallet', wallet: 'shopeepay' },
  boost: { method: 'wallet', wallet: 'boost' },
};
const FPX_BANKS = ['MB2U0227', 'BCBB0235', 'PBB0233', 'RHB0218', 'HLB0224'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted page of a link: the tester picks the method and pays, or the attempt fails. */
function hostedPage(link: Json): string {
  const amount = `RM ${(link.amount / 100).toFixed(2)}`;
  const open = link.status === 'created';
  const button = (value: string, label: string) => `<button name="method" value="${value}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Curlec test payment</title></head><body>
<main><h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(String(link.description ?? ''))}</p>
${open ? `<form method="post" action="/i/${link.id}/pay">
<label>FPX bank <select name="bank">${FPX_BANKS.map((b) => `<option>${b}</option>`).join('')}</select></label>${button('fpx', 'Pay by FPX')}
${button('card', 'Pay by card')}${button('tng', 'Pay with Touch ’n Go eWallet')}${button('grabpay', 'Pay with GrabPay')}${button('shopeepay', 'Pay with ShopeePay')}${button('boost', 'Pay with Boost')}
${button('fail', 'Fail the payment')}</form>` : `<p role="status">This payment link is ${escapeHtml(String(link.status))}.</p>`}
</main></body></html>`;
}

export async function startCurlecDouble(options: { keyId?: string; keySecret?: string; webhookSecret?: string; webhookUrl?: string } = {}): Promise<CurlecDouble> {
  const keyId = options.keyId ?? 'rzp_test_DoubleKey0001';
  const keySecret = options.keySecret ?? 'double-key-secret';
  const webhookSecret = options.webhookSecret ?? 'double-webhook-secret';
  const requests: RecordedRequest[] = [];
  const links = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const refunds: Json[] = [];
  const refundByKey = new Map<string, { body: string; answer: Answer }>();
  const queued: Answer[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const authorized = (req: RecordedRequest) => req.headers.authorization === `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  /** A collection page: from/to on created_at, count (at most 100) and skip, newest first. */
  function collection(req: RecordedRequest, all: Json[]): Answer {
    const from = Number(req.query.get('from') ?? 0);
    const to = Number(req.query.get('to') ?? Number.MAX_SAFE_INTEGER);
    const count = Math.min(Number(req.query.get('count') ?? 10), 100);
    const skip = Number(req.query.get('skip') ?? 0);
    const items = all.filter((o) => o.created_at >= from && o.created_at <= to).reverse().slice(skip, skip + count);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  function createLink(body: Json | null): Answer {
    if (!body) return failure(400, 'The request body is not JSON');
    if (!Number.isInteger(body.amount)) return failure(400, 'The amount must be an integer.', 'amount');
    if (body.amount < 100) return failure(400, 'The amount must be at least MYR 1.00', 'amount');
    if (body.currency !== 'MYR') return failure(400, 'The currency is invalid.', 'currency');
    if (body.reference_id && [...links.values()].some((l) => l.reference_id === body.reference_id)) {
      return failure(400, `Payment Link with reference ${body.reference_id} already exists`, 'reference_id');
    }
    if (body.callback_url && body.callback_method !== 'get') return failure(400, 'callback_method should be get when callback_url is set', 'callback_method');
    if (body.expire_by !== undefined && body.expire_by <= now()) return failure(400, 'expire_by should be a timestamp in the future', 'expire_by');
    const linkId = id('plink');
    const link = {
      id: linkId,
      entity: 'payment_link',
      accept_partial: body.accept_partial ?? false,
      amount: body.amount,
      amount_paid: 0,
      callback_method: body.callback_method ?? '',
      callback_url: body.callback_url ?? '',
      cancelled_at: 0,
      created_at: now(),
      currency: body.currency,
      customer: body.customer ?? {},
      description: body.description ?? '',
      expire_by: body.expire_by ?? 0,
      expired_at: 0,
      notes: body.notes ?? [],
      notify: body.notify ?? { sms: false, email: false },
      order_id: id('order'),
      payments: null as Json[] | null,
      reference_id: body.reference_id ?? '',
      reminder_enable: body.reminder_enable ?? false,
      short_url: `http://127.0.0.1:${double.port}/i/${linkId}`,
      status: 'created',
      updated_at: now(),
      user_id: '',
    };
    links.set(linkId, link);
    return { status: 200, body: link };
  }

  function refund(req: RecordedRequest, paymentId: string): Answer {
    const payment = payments.get(paymentId);
    if (!payment) return failure(404, 'The id provided does not exist');
    const key = req.headers['x-refund-idempotency'];
    const raw = JSON.stringify(req.body ?? {});
    if (typeof key === 'string') {
      if (!IDEMPOTENCY_KEY.test(key)) return failure(400, 'The idempotency key is invalid');
      const seen = refundByKey.get(`${paymentId} ${key}`);
      if (seen) return seen.body === raw ? seen.answer : failure(400, 'The request body differs from the first request with this idempotency key');
    }
    if (payment.status !== 'captured') return failure(400, 'The payment has not been captured');
    const amount = req.body?.amount ?? payment.amount - payment.amount_refunded;
    if (!Number.isInteger(amount) || amount < 100) return failure(400, 'The amount must be at least MYR 1.00', 'amount');
    if (amount > payment.amount - payment.amount_refunded) return failure(400, 'The refund amount provided is greater than amount captured', 'amount');
    const entity = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: req.body?.notes ?? [],
      receipt: req.body?.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: req.body?.speed ?? 'normal',
    };
    refunds.push(entity);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    const answer = { status: 200, body: entity };
    if (typeof key === 'string') refundByKey.set(`${paymentId} ${key}`, { body: raw, answer });
    return answer;
  }

  function route(req: RecordedRequest): Answer {
    if (!authorized(req)) return failure(401, 'Authentication failed');
    if (req.method === 'POST' && req.path === '/v1/payment_links') return createLink(req.body);
    if (req.method === 'GET' && req.path === '/v1/payment_links') return { status: 200, body: { payment_links: [...links.values()].reverse() } };
    if (req.method === 'GET' && req.path === '/v1/payments') return collection(req, [...payments.values()]);
    if (req.method === 'GET' && req.path === '/v1/refunds') return collection(req, refunds);
    const linkPath = req.path.match(/^\/v1\/payment_links\/([\w-]+)(\/cancel)?$/);
    if (linkPath) {
      const link = links.get(linkPath[1]!);
      if (!link) return failure(404, 'The id provided does not exist');
      if (req.method === 'POST' && linkPath[2]) {
        if (link.status !== 'created') return failure(400, `Payment link cannot be cancelled in ${link.status} state`);
        Object.assign(link, { status: 'cancelled', cancelled_at: now(), updated_at: now() });
        return { status: 200, body: link };
      }
      if (req.method === 'GET' && !linkPath[2]) return { status: 200, body: link };
    }
    const paymentPath = req.path.match(/^\/v1\/payments\/([\w-]+)(\/refund|\/refunds)?$/);
    if (paymentPath) {
      if (req.method === 'POST' && paymentPath[2] === '/refund') return refund(req, paymentPath[1]!);
      const payment = payments.get(paymentPath[1]!);
      if (!payment) return failure(404, 'The id provided does not exist');
      if (req.method === 'GET' && paymentPath[2] === '/refunds') return collection(req, refunds.filter((r) => r.payment_id === payment.id));
      if (req.method === 'GET' && !paymentPath[2]) return { status: 200, body: payment };
    }
    return failure(404, `The requested URL was not found on the server (${req.method} ${req.path})`);
  }

  function attempt(linkId: string, how: DoubleMethod, captured: boolean): Json {
    const link = links.get(linkId);
    if (!link) throw new Error(`No payment link ${linkId}`);
    if (captured && link.status !== 'created') throw new Error(`Payment link ${linkId} is ${link.status}`);
    const payment = {
      id: id('pay'),
      entity: 'payment',
      amount: link.amount,
      currency: link.currency,
      status: captured ? 'captured' : 'failed',
      order_id: link.order_id,
      invoice_id: null,
      international: false,
      method: how.method,
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: link.description,
      card_id: how.method === 'card' ? id('card') : null,
      bank: how.method === 'fpx' ? how.bank : null,
      wallet: how.method === 'wallet' ? how.wallet : null,
      vpa: null,
      email: 'void@razorpay.com',
      contact: link.customer?.contact ?? '+60123456789',
      notes: [],
      fee: captured ? Math.round(link.amount * 0.015) : null,
      tax: captured ? 0 : null,
      error_code: captured ? null : 'BAD_REQUEST_ERROR',
      error_description: captured ? null : 'Payment failed',
      error_reason: captured ? null : 'payment_failed',
      created_at: now(),
    };
    payments.set(payment.id, payment);
    link.payments = [...(link.payments ?? []), { amount: payment.amount, created_at: payment.created_at, method: payment.method, payment_id: payment.id, status: payment.status }];
    if (captured) Object.assign(link, { status: 'paid', amount_paid: link.amount, updated_at: now() });
    return payment;
  }

  function webhook(event: string, payload: Json, options: { eventId?: string; secret?: string } = {}): CurlecWebhook {
    const body = { entity: 'event', account_id: 'acc_DoubleAccount01', event, contains: Object.keys(payload), payload, created_at: now() };
    const rawBody = JSON.stringify(body);
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(options.secret ?? webhookSecret, rawBody),
        'x-razorpay-event-id': options.eventId ?? id('evt'),
      },
    };
  }

  /** The hosted page (GET) and the tester's choice on it (POST): pays or fails, tells the shop, and goes back. */
  async function hosted(linkId: string, form: URLSearchParams | null): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const link = links.get(linkId);
    if (!link) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'No such payment link' };
    if (!form || link.status !== 'created') return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: hostedPage(link) };
    const choice = form.get('method') ?? '';
    const how: DoubleMethod = choice === 'fpx' ? { method: 'fpx', bank: form.get('bank') || FPX_BANKS[0]! } : (pageMethods[choice] ?? { method: 'card' });
    const outcome = choice === 'fail' ? double.fail(linkId) : double.pay(linkId, how);
    if (options.webhookUrl) for (const hook of outcome.webhooks) await double.deliver(options.webhookUrl, hook).catch(() => undefined);
    // Curlec sends the customer back only after a successful payment; a failed one stays on its page.
    if (choice === 'fail' || !link.callback_url) return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: hostedPage(link) };
    return { status: 303, headers: { Location: double.returnUrl(linkId) }, body: '' };
  }

  const server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Json | null;
      try {
        body = text ? (JSON.parse(text) as Json) : null;
      } catch {
        body = null;
      }
      const req: RecordedRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body };
      requests.push(req);
      const page = req.path.match(/^\/i\/([\w-]+)(\/pay)?$/);
      if (page) {
        void hosted(page[1]!, req.method === 'POST' && page[2] ? new URLSearchParams(text) : null).then((reply) => {
          res.writeHead(reply.status, reply.headers);
          res.end(reply.body);
        });
        return;
      }
      const answer = queued.shift() ?? route(req);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const double: CurlecDouble = {
    port,
    base: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    links,
    payments,
    refunds,
    answerNext(status, body) {
      queued.push({ status, body });
    },
    pay(linkId, how = { method: 'wallet', wallet: 'touchngo' }) {
      const payment = attempt(linkId, how, true);
      const link = links.get(linkId)!;
      const order = { id: link.order_id, entity: 'order', amount: link.amount, amount_paid: link.amount, amount_due: 0, currency: link.currency, receipt: link.reference_id, status: 'paid', notes: link.notes, created_at: link.created_at };
      return {
        paymentId: payment.id,
        webhooks: [
          webhook('payment.captured', { payment: { entity: { ...payment } } }),
          webhook('payment_link.paid', { payment_link: { entity: { ...link } }, order: { entity: order }, payment: { entity: { ...payment } } }),
        ],
      };
    },
    fail(linkId, how = { method: 'wallet', wallet: 'touchngo' }) {
      const payment = attempt(linkId, how, false);
      return { paymentId: payment.id, webhooks: [webhook('payment.failed', { payment: { entity: { ...payment } } })] };
    },
    settleRefund(refundId, status) {
      const entity = refunds.find((r) => r.id === refundId);
      if (!entity) throw new Error(`No refund ${refundId}`);
      entity.status = status;
      const payment = payments.get(entity.payment_id)!;
      // A failed refund gives its amount back to the payment.
      if (status === 'failed') payment.amount_refunded -= entity.amount;
      return webhook(`refund.${status}`, { refund: { entity: { ...entity } }, payment: { entity: { ...payment } } });
    },
    returnUrl(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`No payment link ${linkId}`);
      const paymentId = (link.payments ?? []).at(-1)?.payment_id ?? '';
      const url = new URL(link.callback_url);
      url.searchParams.set('razorpay_payment_id', paymentId);
      url.searchParams.set('razorpay_payment_link_id', link.id);
      url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
      url.searchParams.set('razorpay_payment_link_status', link.status);
      url.searchParams.set('razorpay_signature', hmac(keySecret, `${link.id}|${link.reference_id}|${link.status}|${paymentId}`));
      return url.href;
    },
    webhook,
    deliver: (url, hook) => fetch(url, { method: 'POST', headers: hook.headers, body: hook.rawBody }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return double;
}
