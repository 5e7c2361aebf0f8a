import { Hono, type Context } from 'hono';
import type { Db } from '../../../server/db/client.ts';
import type { JobHandler } from '../../../server/jobs/queue.ts';
import { failure, hmacHex, methodFrom, unauthorized, unknownId, type Answer, type DoubleMethod, type Json } from './entities.ts';
import { DOUBLE_PATH, doubleSettings } from './env.ts';
import { hostedPage, missingPage, qrListPage, qrPage } from './pages.ts';
import {
  cancelLink,
  createLink,
  createOrder,
  createQrPayment,
  CURLEC_DOUBLE_REFUND_JOB,
  failLink,
  listLinks,
  listPayments,
  listRefunds,
  orderPayments,
  payLink,
  qrOf,
  readLink,
  readOrder,
  readPayment,
  readRefund,
  receivedRequests,
  recordRequest,
  refund,
  refundJobHandler,
  settleQr,
  settleRefund,
  waitingQrs,
  type Attempt,
  type DoubleBooks,
} from './store.ts';
import { CURLEC_DOUBLE_WEBHOOK_JOB, deliverWebhooksNow, fetchWebhook, webhookJobHandler, type WebhookDeliver } from './webhooks.ts';
import { curlecDoubleWebhooks } from './schema.ts';
import { asc } from 'drizzle-orm';

/**
 * A stand-in for Razorpay Curlec inside the shop's own server (CURLEC_DOUBLE=1) or on a port
 * of its own in tests: Curlec's REST API under /v1 (Basic auth, its error bodies), a hosted
 * page per payment link, a page of DuitNow QR payments for a tester, and controls for tests in
 * other processes. Its state is in its tables; its webhooks go through the shop's job queue.
 */

export interface CurlecDoubleOptions {
  db: Db;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the webhooks go: the shop's POST /api/payment/curlec/webhook. */
  webhookUrl: string;
  now?: () => Date;
  /** "Pay, confirmed later" holds its webhooks this long (default 60 s). */
  lateMs?: number;
  /** A refund is processed this long after it was asked (default 0); null: only when a tester settles it. */
  refundMs?: number | null;
  /** Every other webhook waits this long before its first try (default 0). */
  webhookDelayMs?: number;
  /** The name a DuitNow QR shows (default Servauto). */
  merchantName?: string;
  /** How webhooks travel (default fetch). */
  deliver?: WebhookDeliver;
  /** Where the app is mounted on its server (default DOUBLE_PATH): the links' short_url and the pages' forms. */
  mountPath?: string;
  /**
   * Which host a link's short_url (its hosted page) names: 'api' (default), the one its API was
   * called on; 'shop', for the double inside the shop's own server, the host of the link's
   * callback_url: the shop as the customer opened it (PUBLIC_URL, or the host their browser
   * used, a phone on the LAN too), which serves the double's pages as well.
   */
  pagesAt?: 'api' | 'shop';
}

export interface CurlecDouble {
  readonly app: Hono<DoubleEnv>;
  readonly books: DoubleBooks;
  readonly keyId: string;
  readonly keySecret: string;
  /** The customer pays a link on the hosted page (or a test does it for them). */
  pay(linkId: string, how?: DoubleMethod, options?: { late?: boolean; evenIfClosed?: boolean }): Promise<Attempt>;
  fail(linkId: string, how?: DoubleMethod): Promise<Attempt>;
  settleQr(paymentId: string, outcome: 'paid' | 'failed'): Promise<Attempt>;
  settleRefund(refundId: string, status: 'processed' | 'failed'): Promise<Attempt>;
  /** Where the customer's browser goes back to after paying a link: its callback_url with Curlec's signed query. */
  returnUrl(linkId: string): Promise<string>;
  /** Sends the webhooks due (all, held ones too, with `all`) now. */
  deliverNow(options?: { all?: boolean; ids?: number[] }): Promise<{ eventId: string; event: string; status: number | null }[]>;
  /** The double's jobs, for the shop's job registry. */
  jobs(): Record<string, JobHandler>;
}

export type DoubleEnv = { Variables: { rawBody: string; json: Json | null } };

const send = (c: Context, answer: Answer) => c.json(answer.body, answer.status as 200);

/** An Attempt, or throws with Curlec's answer (for in-process callers). */
function attemptOrThrow(result: Attempt | Answer): Attempt {
  if ('paymentId' in result) return result;
  throw new Error(`Curlec double: ${String(result.body.error?.description ?? result.status)}`);
}

export function createCurlecDouble(options: CurlecDoubleOptions): CurlecDouble {
  const books: DoubleBooks = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    lateMs: options.lateMs ?? 60_000,
    refundMs: options.refundMs === undefined ? 0 : options.refundMs,
    webhookDelayMs: options.webhookDelayMs ?? 0,
    merchantName: options.merchantName ?? 'Servauto',
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
  };
  const deliver = options.deliver ?? fetchWebhook;
  const mountPath = (options.mountPath ?? DOUBLE_PATH).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const baseOf = (c: Context) => `${new URL(c.req.url).origin}${mountPath}`;
  /** Where a link's hosted page is: on the shop the customer opened (pagesAt 'shop'), else where the API was called. */
  const pageBaseOf = (c: Context, body: Json | null) => {
    if (options.pagesAt !== 'shop' || typeof body?.callback_url !== 'string') return baseOf(c);
    try {
      const shop = new URL(body.callback_url);
      return shop.protocol === 'http:' || shop.protocol === 'https:' ? `${shop.origin}${mountPath}` : baseOf(c);
    } catch {
      return baseOf(c);
    }
  };
  const deliverNow = (opts: { all?: boolean; ids?: number[] } = {}) => deliverWebhooksNow(books.db, deliver, books.now(), opts);

  async function returnUrl(linkId: string): Promise<string> {
    const link = await readLink(books, linkId);
    if (!link) throw new Error(`Curlec double: no payment link ${linkId}`);
    const paymentId = String(((link.payments as Json[] | null) ?? []).filter((p) => p.status === 'captured').at(-1)?.payment_id ?? '');
    const url = new URL(link.callback_url);
    url.searchParams.set('razorpay_payment_id', paymentId);
    url.searchParams.set('razorpay_payment_link_id', link.id);
    url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
    url.searchParams.set('razorpay_payment_link_status', link.status);
    url.searchParams.set('razorpay_signature', hmacHex(options.keySecret, `${link.id}|${link.reference_id}|${link.status}|${paymentId}`));
    return url.href;
  }

  const app = new Hono<DoubleEnv>();

  // ---- the API ----
  app.use('/v1/*', async (c, next) => {
    const raw = ['POST', 'PUT', 'PATCH'].includes(c.req.method) ? await c.req.text() : '';
    let json: Json | null;
    try {
      json = raw ? (JSON.parse(raw) as Json) : null;
    } catch {
      json = null;
    }
    c.set('rawBody', raw);
    c.set('json', json && typeof json === 'object' && !Array.isArray(json) ? json : null);
    const url = new URL(c.req.url);
    await recordRequest(books.db, {
      method: c.req.method,
      path: url.pathname.slice(mountPath.length) || '/',
      query: url.search.replace(/^\?/, ''),
      body: raw || null,
      idempotencyKey: c.req.header('x-refund-idempotency') ?? null,
      at: books.now(),
    });
    if (c.req.header('authorization') !== authorization) return send(c, unauthorized());
    await next();
  });

  app.post('/v1/payment_links', async (c) => send(c, await createLink(books, c.get('json'), pageBaseOf(c, c.get('json')))));
  app.get('/v1/payment_links', async (c) => send(c, await listLinks(books)));
  app.get('/v1/payment_links/:id', async (c) => {
    const link = await readLink(books, c.req.param('id'));
    return send(c, link ? { status: 200, body: link } : unknownId());
  });
  app.post('/v1/payment_links/:id/cancel', async (c) => send(c, await cancelLink(books, c.req.param('id'))));

  app.post('/v1/orders', async (c) => send(c, await createOrder(books, c.get('json'))));
  app.get('/v1/orders/:id', async (c) => {
    const order = await readOrder(books, c.req.param('id'));
    return send(c, order ? { status: 200, body: order } : unknownId());
  });
  app.get('/v1/orders/:id/payments', async (c) => send(c, await orderPayments(books, c.req.param('id'))));

  app.post('/v1/payments/create/json', async (c) => send(c, await createQrPayment(books, c.get('json'), baseOf(c))));
  app.get('/v1/payments', async (c) => send(c, await listPayments(books, new URL(c.req.url).searchParams)));
  app.get('/v1/payments/:id', async (c) => {
    const payment = await readPayment(books, c.req.param('id'));
    return send(c, payment ? { status: 200, body: payment } : unknownId());
  });
  app.post('/v1/payments/:id/refund', async (c) =>
    send(c, await refund(books, c.req.param('id'), c.get('json'), c.get('rawBody'), c.req.header('x-refund-idempotency') ?? null)),
  );
  app.get('/v1/payments/:id/refunds', async (c) => {
    if (!(await readPayment(books, c.req.param('id')))) return send(c, unknownId());
    return send(c, await listRefunds(books, new URL(c.req.url).searchParams, c.req.param('id')));
  });
  app.get('/v1/refunds', async (c) => send(c, await listRefunds(books, new URL(c.req.url).searchParams)));
  app.get('/v1/refunds/:id', async (c) => {
    const found = await readRefund(books, c.req.param('id'));
    return send(c, found ? { status: 200, body: found } : unknownId());
  });
  app.all('/v1/*', (c) => send(c, failure(404, 'The requested URL was not found on the server', { reason: 'NA', step: 'NA', source: 'NA' })));

  // ---- the hosted page of a link ----
  const pageHeaders = (c: Context, link: Json | null) => {
    let target: string;
    try {
      target = link?.callback_url ? new URL(link.callback_url).origin : '';
    } catch {
      target = '';
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${target ? ` ${target}` : ''}; base-uri 'none'; frame-ancestors 'none'`);
  };

  app.get('/i/:id', async (c) => {
    const link = await readLink(books, c.req.param('id'));
    pageHeaders(c, link);
    if (!link) return c.html(missingPage('No such payment link.'), 404);
    return c.html(hostedPage(link, `${mountPath}/i/${link.id}/pay`));
  });

  app.post('/i/:id/pay', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const linkId = c.req.param('id');
    // "method=fail" is the page's older Fail button.
    const outcome = form.get('method') === 'fail' ? 'fail' : (form.get('outcome') ?? 'pay');
    const how = methodFrom({ method: form.get('method') ?? 'card', bank: form.get('bank'), cardType: form.get('card_type') }) ?? { method: 'card', cardType: 'credit' };
    const page = (link: Json, notice?: string, declined?: boolean) => hostedPage(link, `${mountPath}/i/${link.id}/pay`, notice, { declined });
    if (outcome === 'abandon') {
      // The customer leaves for the shop without paying: nothing is recorded, the link stays
      // open, and the browser goes back to the link's callback_url with no payment parameters.
      const link = await readLink(books, linkId);
      pageHeaders(c, link);
      if (!link) return c.html(missingPage('No such payment link.'), 404);
      if (link.status !== 'created' || !link.callback_url) return c.html(page(link, link.status === 'created' ? 'You left without paying.' : undefined));
      return c.redirect(link.callback_url, 303);
    }
    const result = outcome === 'fail' ? await failLink(books, linkId, how) : await payLink(books, linkId, how, { late: outcome === 'late' });
    const link = await readLink(books, linkId);
    pageHeaders(c, link);
    if (!link) return c.html(missingPage('No such payment link.'), 404);
    // Refused (a closed link, Atome below its least amount): the page says why.
    if (!('paymentId' in result)) return c.html(page(link, String(result.body.error?.description ?? 'The payment was refused.')), 409);
    // The shop hears at once unless the payment is confirmed later (or webhooks are delayed).
    await deliverNow({ ids: result.webhookIds });
    // Curlec sends the customer back only after a payment; a failed attempt stays on its page.
    if (outcome === 'fail' && how.method === 'paylater') {
      return c.html(page(link, 'Atome declined the payment. Choose another method and try again.', true));
    }
    if (outcome === 'fail' || !link.callback_url) {
      return c.html(page(link, outcome === 'fail' ? 'The payment failed. Choose a method and try again.' : 'Paid.'));
    }
    return c.redirect(await returnUrl(linkId), 303);
  });

  // ---- DuitNow QR payments for a tester ----
  app.get('/qr', async (c) => {
    const waiting = await waitingQrs(books);
    c.header('Cache-Control', 'no-store');
    const now = Math.floor(books.now().getTime() / 1000);
    return c.html(qrListPage(mountPath, waiting.map((payment) => ({ payment, ...qrOf(books, payment) })), now, c.req.query('done') ?? undefined));
  });
  app.get('/qr/:id', async (c) => {
    const payment = await readPayment(books, c.req.param('id'));
    c.header('Cache-Control', 'no-store');
    if (!payment || payment.method !== 'duitnow') return c.html(missingPage('No such DuitNow QR payment.'), 404);
    return c.html(qrPage(mountPath, payment, qrOf(books, payment), Math.floor(books.now().getTime() / 1000)));
  });
  app.post('/qr/:id/:outcome{paid|fail}', async (c) => {
    const id = c.req.param('id');
    const result = await settleQr(books, id, c.req.param('outcome') === 'paid' ? 'paid' : 'failed');
    if ('paymentId' in result) await deliverNow({ ids: result.webhookIds });
    const payment = await readPayment(books, id);
    if (!payment || payment.method !== 'duitnow') return c.html(missingPage('No such DuitNow QR payment.'), 404);
    const notice = 'paymentId' in result ? (c.req.param('outcome') === 'paid' ? 'Marked paid.' : 'Marked failed.') : String(result.body.error?.description);
    return c.html(qrPage(mountPath, payment, qrOf(books, payment), Math.floor(books.now().getTime() / 1000), notice), 'paymentId' in result ? 200 : 409);
  });

  // ---- controls for tests in other processes ----
  const control = new Hono();
  const bodyOf = async (c: Context): Promise<Json> => {
    const parsed: unknown = await c.req.json().catch(() => ({}));
    return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
  };
  const attemptAnswer = (c: Context, result: Attempt | Answer) => ('paymentId' in result ? c.json(result) : send(c, result));
  control.post('/links/:id/pay', async (c) => {
    const body = await bodyOf(c);
    const how = methodFrom({ method: body.method ?? 'wallet', bank: body.bank, cardType: body.cardType ?? body.card_type, wallet: body.wallet ?? 'touchngo' });
    if (!how) return send(c, failure(400, 'Unknown method', { field: 'method' }));
    const result = await payLink(books, c.req.param('id'), how, { late: body.late === true, evenIfClosed: body.evenIfCancelled === true || body.evenIfClosed === true });
    if ('paymentId' in result && body.deliver !== false) await deliverNow({ ids: result.webhookIds });
    return attemptAnswer(c, result);
  });
  control.post('/links/:id/fail', async (c) => {
    const body = await bodyOf(c);
    const how = methodFrom({ method: body.method ?? 'wallet', bank: body.bank, cardType: body.cardType ?? body.card_type, wallet: body.wallet ?? 'touchngo' }) ?? { method: 'card' };
    const result = await failLink(books, c.req.param('id'), how);
    if ('paymentId' in result && body.deliver !== false) await deliverNow({ ids: result.webhookIds });
    return attemptAnswer(c, result);
  });
  control.get('/links/:id/return', async (c) => {
    const link = await readLink(books, c.req.param('id'));
    return link ? c.json({ url: await returnUrl(link.id) }) : send(c, unknownId());
  });
  control.post('/qr/:id/:outcome{paid|fail}', async (c) => {
    const body = await bodyOf(c);
    const result = await settleQr(books, c.req.param('id'), c.req.param('outcome') === 'paid' ? 'paid' : 'failed');
    if ('paymentId' in result && body.deliver !== false) await deliverNow({ ids: result.webhookIds });
    return attemptAnswer(c, result);
  });
  control.get('/qr', async (c) => c.json({ payments: await waitingQrs(books) }));
  control.post('/refunds/:id/:status{processed|failed}', async (c) => {
    const body = await bodyOf(c);
    const result = await settleRefund(books, c.req.param('id'), c.req.param('status') === 'failed' ? 'failed' : 'processed');
    if ('paymentId' in result && body.deliver !== false) await deliverNow({ ids: result.webhookIds });
    return attemptAnswer(c, result);
  });
  control.post('/webhooks/deliver', async (c) => {
    const body = await bodyOf(c);
    return c.json({ delivered: await deliverNow({ all: body.all === true }) });
  });
  control.get('/webhooks', async (c) => {
    const rows = await books.db.select().from(curlecDoubleWebhooks).orderBy(asc(curlecDoubleWebhooks.id));
    return c.json({
      webhooks: rows.map((r) => ({ eventId: r.eventId, event: r.event, rawBody: r.rawBody, signature: r.signature, dueAt: r.dueAt, deliveredAt: r.deliveredAt, attempts: r.attempts, lastStatus: r.lastStatus })),
    });
  });
  control.get('/requests', async (c) => c.json({ requests: await receivedRequests(books.db) }));
  app.route('/control', control);

  return {
    app,
    books,
    keyId: options.keyId,
    keySecret: options.keySecret,
    pay: async (linkId, how = { method: 'wallet', wallet: 'touchngo' }, opts = {}) => attemptOrThrow(await payLink(books, linkId, how, opts)),
    fail: async (linkId, how = { method: 'wallet', wallet: 'touchngo' }) => attemptOrThrow(await failLink(books, linkId, how)),
    settleQr: async (paymentId, outcome) => attemptOrThrow(await settleQr(books, paymentId, outcome)),
    settleRefund: async (refundId, status) => attemptOrThrow(await settleRefund(books, refundId, status)),
    returnUrl,
    deliverNow,
    jobs: () => ({ [CURLEC_DOUBLE_WEBHOOK_JOB]: webhookJobHandler(books.db, deliver), [CURLEC_DOUBLE_REFUND_JOB]: refundJobHandler(books) }),
  };
}

/**
 * The double's jobs in a process that does not run the double: its webhooks still go (each is
 * signed and addressed already); a refund waits for a process that runs it.
 */
export function curlecDoubleIdleJobs(db: Db): Record<string, JobHandler> {
  return {
    [CURLEC_DOUBLE_WEBHOOK_JOB]: webhookJobHandler(db, fetchWebhook),
    [CURLEC_DOUBLE_REFUND_JOB]: async () => {
      throw new Error('the Curlec double does not run in this process (CURLEC_DOUBLE=1): its refund waits for one that does');
    },
  };
}

/** A number of milliseconds from the environment, or the default; a wrong one stops the start naming it. */
function millis(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a number of milliseconds, not "${raw}"`);
  return Number(raw);
}

/**
 * CURLEC_DOUBLE=1: the double for this server (origin: the server as seen from itself; its pages
 * on the host the customer opened the shop on), with
 * CURLEC_DOUBLE_LATE_MS (default 60000), CURLEC_DOUBLE_REFUND_MS (default 0; "off": refunds
 * wait for a tester) and CURLEC_DOUBLE_WEBHOOK_DELAY_MS (default 0). Null otherwise.
 */
export function curlecDoubleFromEnv(env: NodeJS.ProcessEnv, deps: { db: Db; origin: string; now?: () => Date; deliver?: WebhookDeliver }): CurlecDouble | null {
  const settings = doubleSettings(env, deps.origin);
  if (!settings) return null;
  return createCurlecDouble({
    db: deps.db,
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    webhookSecret: settings.webhookSecret,
    webhookUrl: settings.webhookUrl,
    now: deps.now,
    deliver: deps.deliver,
    lateMs: millis(env, 'CURLEC_DOUBLE_LATE_MS', 60_000),
    refundMs: env.CURLEC_DOUBLE_REFUND_MS === 'off' ? null : millis(env, 'CURLEC_DOUBLE_REFUND_MS', 0),
    webhookDelayMs: millis(env, 'CURLEC_DOUBLE_WEBHOOK_DELAY_MS', 0),
    // Its pages are on this server, reached at the address the customer opened the shop on.
    pagesAt: 'shop',
  });
}

export { CURLEC_DOUBLE_REFUND_JOB, CURLEC_DOUBLE_WEBHOOK_JOB };
