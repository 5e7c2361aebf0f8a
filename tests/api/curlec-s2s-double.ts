import { createHmac, randomBytes } from 'node:crypto';

/**
 * A stand-in for Curlec's server-to-server JSON API as the DuitNow QR checkout uses it, served
 * through a `fetch` the provider is given (no port): orders (`POST /v1/orders`, `GET
 * /v1/orders/{id}`, `GET /v1/orders/{id}/payments`), DuitNow payments (`POST
 * /v1/payments/create/json` answering the QR to show and where to poll), payments and their
 * refunds (with X-Refund-Idempotency), the payment and refund collections, and signed
 * webhooks. Basic auth, amounts in sen, errors as `{ error: { code, description, field } }`.
 * Its clock is the test's. A QR nobody paid before its expire_at fails, as Curlec's does.
 */

type Json = Record<string, any>;
type Answer = { status: number; body: Json };

export interface S2sRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: Json | null;
}

export interface CurlecWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

export interface CurlecS2sDouble {
  readonly base: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  /** How the provider reaches the double. */
  readonly fetch: typeof fetch;
  readonly requests: S2sRequest[];
  readonly orders: Map<string, Json>;
  readonly payments: Map<string, Json>;
  readonly refunds: Json[];
  /** How long a QR can be paid, in seconds. */
  qrSeconds: number;
  /**
   * True: a payment names its QR's expire_at, and one nobody paid in time is marked failed.
   * False: the payment says nothing of its QR's time and stays created (only the create answer told).
   */
  lapses: boolean;
  /** The customer scans the order's QR and their bank pays it: the payment.captured webhook, signed. */
  payQr(orderId: string): CurlecWebhook;
  /** The bank's later word on a refund: its webhook, signed. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): CurlecWebhook;
  webhook(event: string, payload: Json, options?: { eventId?: string }): CurlecWebhook;
}

const failure = (status: number, description: string, field?: string): Answer => ({
  status,
  body: { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) } },
});
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex').slice(0, 14)}`;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/** An EMVCo merchant-presented payload of the DuitNow kind, unique to the payment. */
const qrTextFor = (paymentId: string, amount: number) => `00020101021226580014MY.COM.PAYNET0110${paymentId.slice(4, 14)}5204599953034585406${(amount / 100).toFixed(2)}5802MY6304ABCD`;

export function startCurlecS2sDouble(now: () => Date, options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}): CurlecS2sDouble {
  const keyId = options.keyId ?? 'rzp_test_S2sDouble0001';
  const keySecret = options.keySecret ?? 's2s-double-key-secret';
  const webhookSecret = options.webhookSecret ?? 's2s-double-webhook-secret';
  const base = 'http://curlec-s2s.test';
  const requests: S2sRequest[] = [];
  const orders = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const refunds: Json[] = [];
  const refundByKey = new Map<string, { body: string; answer: Answer }>();
  const seconds = () => Math.floor(now().getTime() / 1000);
  /** Each payment's QR expiry, as the create answer gave it. */
  const qrExpiry = new Map<string, number>();

  /** A QR nobody paid in time fails (Curlec's payment.failed would follow). */
  function lapse() {
    if (!double.lapses) return;
    for (const payment of payments.values()) {
      if (payment.status === 'created' && qrExpiry.get(payment.id)! <= seconds()) {
        Object.assign(payment, { status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'The QR code expired before it was paid', error_reason: 'payment_timed_out' });
      }
    }
  }

  function collection(req: S2sRequest, all: Json[]): Answer {
    const from = Number(req.query.get('from') ?? 0);
    const to = Number(req.query.get('to') ?? Number.MAX_SAFE_INTEGER);
    const count = Math.min(Number(req.query.get('count') ?? 10), 100);
    const skip = Number(req.query.get('skip') ?? 0);
    const items = all.filter((o) => o.created_at >= from && o.created_at <= to).reverse().slice(skip, skip + count);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  function createOrder(body: Json | null): Answer {
    if (!body) return failure(400, 'The request body is not JSON');
    if (!Number.isInteger(body.amount)) return failure(400, 'The amount must be an integer.', 'amount');
    if (body.amount < 100) return failure(400, 'The amount must be at least MYR 1.00', 'amount');
    if (body.currency !== 'MYR') return failure(400, 'The currency is invalid.', 'currency');
    if (typeof body.receipt === 'string' && body.receipt.length > 40) return failure(400, 'The receipt may have at most 40 characters.', 'receipt');
    const order = { id: id('order'), entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: 'MYR', receipt: body.receipt ?? null, offer_id: null, status: 'created', attempts: 0, notes: body.notes ?? [], created_at: seconds() };
    orders.set(order.id, order);
    return { status: 200, body: order };
  }

  function createPayment(body: Json | null): Answer {
    if (!body) return failure(400, 'The request body is not JSON');
    const order = orders.get(String(body.order_id ?? ''));
    if (!order) return failure(400, 'The id provided does not exist', 'order_id');
    if (body.method !== 'duitnow') return failure(400, 'Invalid payment method given: only duitnow is enabled for this account', 'method');
    if (body.amount !== order.amount) return failure(400, 'The amount must match the order amount', 'amount');
    if (body.currency !== order.currency) return failure(400, 'The currency must match the order currency', 'currency');
    if (order.status === 'paid') return failure(400, 'Order has already been paid', 'order_id');
    const payment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'duitnow',
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      bank: null,
      wallet: null,
      email: body.email ?? null,
      contact: body.contact ?? null,
      notes: body.notes ?? [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_reason: null,
      created_at: seconds(),
      ...(double.lapses ? { expire_at: seconds() + double.qrSeconds } : {}),
    };
    payments.set(payment.id, payment);
    qrExpiry.set(payment.id, seconds() + double.qrSeconds);
    Object.assign(order, { status: 'attempted', attempts: order.attempts + 1 });
    return {
      status: 200,
      body: {
        razorpay_payment_id: payment.id,
        next: [
          { action: 'display_qr', qr_text: qrTextFor(payment.id, payment.amount), expire_at: qrExpiry.get(payment.id) },
          { action: 'poll', url: `${base}/v1/payments/${payment.id}` },
        ],
      },
    };
  }

  function refund(req: S2sRequest, paymentId: string): Answer {
    const payment = payments.get(paymentId);
    if (!payment) return failure(404, 'The id provided does not exist');
    const key = req.headers.get('x-refund-idempotency');
    const raw = JSON.stringify(req.body ?? {});
    if (key !== null) {
      if (!IDEMPOTENCY_KEY.test(key)) return failure(400, 'The idempotency key is invalid');
      const seen = refundByKey.get(`${paymentId} ${key}`);
      if (seen) return seen.body === raw ? seen.answer : failure(400, 'The request body differs from the first request with this idempotency key');
    }
    if (payment.status !== 'captured') return failure(400, 'The payment has not been captured');
    const amount = req.body?.amount ?? payment.amount - payment.amount_refunded;
    if (!Number.isInteger(amount) || amount < 100) return failure(400, 'The amount must be at least MYR 1.00', 'amount');
    if (amount > payment.amount - payment.amount_refunded) return failure(400, 'The refund amount provided is greater than amount captured', 'amount');
    const entity = { id: id('rfnd'), entity: 'refund', amount, currency: payment.currency, payment_id: payment.id, notes: req.body?.notes ?? [], receipt: req.body?.receipt ?? null, created_at: seconds(), status: 'pending', speed_requested: req.body?.speed ?? 'normal' };
    refunds.push(entity);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    const answer = { status: 200, body: entity };
    if (key !== null) refundByKey.set(`${paymentId} ${key}`, { body: raw, answer });
    return answer;
  }

  function route(req: S2sRequest): Answer {
    if (req.headers.get('authorization') !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) return failure(401, 'Authentication failed');
    lapse();
    if (req.method === 'POST' && req.path === '/v1/orders') return createOrder(req.body);
    if (req.method === 'POST' && req.path === '/v1/payments/create/json') return createPayment(req.body);
    if (req.method === 'GET' && req.path === '/v1/payments') return collection(req, [...payments.values()]);
    if (req.method === 'GET' && req.path === '/v1/refunds') return collection(req, refunds);
    if (req.method === 'GET' && req.path === '/v1/payment_links') return { status: 200, body: { payment_links: [] } };
    const orderPath = req.path.match(/^\/v1\/orders\/([\w-]+)(\/payments)?$/);
    if (orderPath && req.method === 'GET') {
      const order = orders.get(orderPath[1]!);
      if (!order) return failure(404, 'The id provided does not exist');
      if (!orderPath[2]) return { status: 200, body: order };
      const items = [...payments.values()].filter((p) => p.order_id === order.id);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const paymentPath = req.path.match(/^\/v1\/payments\/([\w-]+)(\/refund)?$/);
    if (paymentPath) {
      if (req.method === 'POST' && paymentPath[2]) return refund(req, paymentPath[1]!);
      const payment = payments.get(paymentPath[1]!);
      if (!payment) return failure(404, 'The id provided does not exist');
      if (req.method === 'GET' && !paymentPath[2]) return { status: 200, body: payment };
    }
    return failure(404, `The requested URL was not found on the server (${req.method} ${req.path})`);
  }

  function webhook(event: string, payload: Json, opts: { eventId?: string } = {}): CurlecWebhook {
    const rawBody = JSON.stringify({ entity: 'event', account_id: 'acc_S2sDouble0001', event, contains: Object.keys(payload), payload, created_at: seconds() });
    return { rawBody, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(webhookSecret, rawBody), 'x-razorpay-event-id': opts.eventId ?? id('evt') } };
  }

  const double: CurlecS2sDouble = {
    base,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    orders,
    payments,
    refunds,
    qrSeconds: 5 * 60,
    lapses: true,
    async fetch(input, init) {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const text = typeof init?.body === 'string' ? init.body : '';
      let body: Json | null;
      try {
        body = text ? (JSON.parse(text) as Json) : null;
      } catch {
        body = null;
      }
      const req: S2sRequest = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: new Headers(init?.headers), body };
      requests.push(req);
      const answer = route(req);
      return Response.json(answer.body, { status: answer.status });
    },
    payQr(orderId) {
      lapse();
      const order = orders.get(orderId);
      const payment = [...payments.values()].find((p) => p.order_id === orderId && p.status === 'created' && qrExpiry.get(p.id)! > seconds());
      if (!order || !payment) throw new Error(`No QR waiting on ${orderId}`);
      Object.assign(payment, { status: 'captured', captured: true, fee: Math.round(payment.amount * 0.01), tax: 0 });
      Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
      return webhook('payment.captured', { payment: { entity: { ...payment } }, order: { entity: { ...order } } });
    },
    settleRefund(refundId, status) {
      const entity = refunds.find((r) => r.id === refundId);
      if (!entity) throw new Error(`No refund ${refundId}`);
      entity.status = status;
      const payment = payments.get(entity.payment_id)!;
      if (status === 'failed') payment.amount_refunded -= entity.amount;
      return webhook(`refund.${status}`, { refund: { entity: { ...entity } }, payment: { entity: { ...payment } } });
    },
    webhook,
  };
  return double;
}
