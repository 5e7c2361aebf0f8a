import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { scheduleJob, type JobHandler } from '../../../server/jobs/queue.ts';
import { amountProblem, duitNowPayload, entityId, failure, methodFields, PAY_LATER_LEAST_SEN, ringgit, unknownId, type Answer, type DoubleMethod, type Json } from './entities.ts';
import { curlecDoubleIdempotency, curlecDoubleLinks, curlecDoubleOrders, curlecDoublePayments, curlecDoubleRefunds, curlecDoubleRequests } from './schema.ts';
import { queueWebhook, type WebhookTarget } from './webhooks.ts';

/**
 * The double's books and every change to them, each in one transaction with the rows it reads
 * locked (FOR UPDATE), so two processes on one database never pay a link twice or refund past
 * a payment; a change's webhooks are written with it.
 */

export const CURLEC_DOUBLE_REFUND_JOB = 'curlec-double.refund';

/** How long a DuitNow QR can be paid. */
export const QR_SECONDS = 300;

export interface DoubleBooks extends WebhookTarget {
  db: Db;
  now: () => Date;
  /** "Pay, confirmed later": how long its webhooks are held. */
  lateMs: number;
  /** A refund is processed this long after it was asked; null: only when a tester settles it. */
  refundMs: number | null;
  /** How long every other webhook waits before its first try. */
  webhookDelayMs: number;
  /** The name a DuitNow QR shows. */
  merchantName: string;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;
const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);
const ok = (body: Json): Answer => ({ status: 200, body });
const notes = (value: unknown): Json | unknown[] => (value && typeof value === 'object' ? (value as Json) : []);

export class DoubleRefusal extends Error {
  readonly answer: Answer;
  constructor(answer: Answer) {
    super(String(answer.body.error?.description ?? 'refused'));
    this.answer = answer;
  }
}
const refuse = (answer: Answer): never => {
  throw new DoubleRefusal(answer);
};

/** Runs a change; a refusal thrown inside rolls it back and is answered. */
async function change(books: DoubleBooks, work: (tx: Db, now: Date) => Promise<Answer>): Promise<Answer> {
  try {
    return await books.db.transaction((tx) => work(tx, books.now()));
  } catch (err) {
    if (err instanceof DoubleRefusal) return err.answer;
    throw err;
  }
}

export async function recordRequest(db: Db, request: { method: string; path: string; query: string; body: string | null; idempotencyKey: string | null; at: Date }) {
  await db.insert(curlecDoubleRequests).values(request);
}

export async function receivedRequests(db: Db) {
  return db.select().from(curlecDoubleRequests).orderBy(asc(curlecDoubleRequests.id));
}

// ---- links ----

/** Links past their expire_by become expired (Curlec does this on its own clock). */
async function expireDueLinks(tx: Db, now: Date) {
  const at = secondsOf(now);
  await tx
    .update(curlecDoubleLinks)
    .set({
      status: 'expired',
      entity: sql`${curlecDoubleLinks.entity} || jsonb_build_object('status', 'expired', 'expired_at', ${at}::bigint, 'updated_at', ${at}::bigint)`,
    })
    .where(and(eq(curlecDoubleLinks.status, 'created'), sql`coalesce((${curlecDoubleLinks.entity}->>'expire_by')::bigint, 0) between 1 and ${at}`));
}

export function createLink(books: DoubleBooks, body: Json | null, pageBase: string): Promise<Answer> {
  return change(books, async (tx, now) => {
    if (!body) refuse(failure(400, 'The request body is not valid JSON'));
    const problem = amountProblem(body!.amount);
    if (problem) refuse(problem);
    if (body!.currency !== 'MYR') refuse(failure(400, 'The currency provided is not supported', { field: 'currency' }));
    if (body!.callback_url && body!.callback_method !== 'get') refuse(failure(400, 'callback_method should be get when callback_url is set', { field: 'callback_method' }));
    if (body!.expire_by !== undefined && (!Number.isInteger(body!.expire_by) || body!.expire_by <= secondsOf(now))) {
      refuse(failure(400, 'expire_by should be a timestamp in the future', { field: 'expire_by' }));
    }
    if (body!.reference_id !== undefined && (typeof body!.reference_id !== 'string' || body!.reference_id.length > 40)) {
      refuse(failure(400, 'The reference id may not be greater than 40 characters.', { field: 'reference_id' }));
    }
    const at = secondsOf(now);
    const id = entityId('plink');
    const orderId = entityId('order');
    const link = {
      id,
      entity: 'payment_link',
      accept_partial: body!.accept_partial ?? false,
      amount: body!.amount,
      amount_paid: 0,
      callback_method: body!.callback_method ?? '',
      callback_url: body!.callback_url ?? '',
      cancelled_at: 0,
      created_at: at,
      currency: 'MYR',
      customer: body!.customer ?? {},
      description: body!.description ?? '',
      expire_by: body!.expire_by ?? 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      notes: notes(body!.notes),
      notify: body!.notify ?? { sms: false, email: false },
      // What its page opens on (options.checkout.prefill: the method, the FPX bank or the wallet).
      ...(body!.options && typeof body!.options === 'object' ? { options: body!.options } : {}),
      order_id: orderId,
      payments: null,
      reference_id: body!.reference_id ?? '',
      reminder_enable: body!.reminder_enable ?? false,
      reminders: [],
      short_url: `${pageBase}/i/${id}`,
      status: 'created',
      updated_at: at,
      upi_link: false,
      user_id: '',
    };
    const inserted = await tx
      .insert(curlecDoubleLinks)
      .values({ id, referenceId: body!.reference_id || null, status: 'created', createdAt: at, entity: link })
      .onConflictDoNothing()
      .returning({ id: curlecDoubleLinks.id });
    if (inserted.length === 0) refuse(failure(400, `Payment Link with reference id ${body!.reference_id} already exists`, { field: 'reference_id' }));
    await tx.insert(curlecDoubleOrders).values({ id: orderId, status: 'created', createdAt: at, entity: orderEntity(orderId, body!.amount, body!.reference_id ?? null, link.notes, at) });
    return ok(link);
  });
}

function orderEntity(id: string, amount: number, receipt: string | null, orderNotes: unknown, at: number): Json {
  return { id, entity: 'order', amount, amount_paid: 0, amount_due: amount, currency: 'MYR', receipt, offer_id: null, status: 'created', attempts: 0, notes: orderNotes, created_at: at };
}

export async function readLink(books: DoubleBooks, id: string): Promise<Json | null> {
  await expireDueLinks(books.db, books.now());
  const [row] = await books.db.select().from(curlecDoubleLinks).where(eq(curlecDoubleLinks.id, id));
  return row?.entity ?? null;
}

export async function listLinks(books: DoubleBooks): Promise<Answer> {
  await expireDueLinks(books.db, books.now());
  const rows = await books.db.select().from(curlecDoubleLinks).orderBy(desc(curlecDoubleLinks.createdAt), desc(curlecDoubleLinks.id));
  return ok({ payment_links: rows.map((r) => r.entity) });
}

export function cancelLink(books: DoubleBooks, id: string): Promise<Answer> {
  return change(books, async (tx, now) => {
    await expireDueLinks(tx, now);
    const [row] = await tx.select().from(curlecDoubleLinks).where(eq(curlecDoubleLinks.id, id)).for('update');
    if (!row) return unknownId();
    if (row.status !== 'created') refuse(failure(400, `Payment link cannot be cancelled in ${row.status} state`, { field: 'status' }));
    const at = secondsOf(now);
    const entity = { ...row.entity, status: 'cancelled', cancelled_at: at, updated_at: at };
    await tx.update(curlecDoubleLinks).set({ status: 'cancelled', entity }).where(eq(curlecDoubleLinks.id, id));
    return ok(entity);
  });
}

/** A payment entity of a link's or an order's attempt. */
function paymentEntity(id: string, amount: number, how: DoubleMethod, fields: { status: string; orderId: string; description: string; contact: string; email: string; notes: unknown; at: number }): Json {
  const captured = fields.status === 'captured';
  const failed = fields.status === 'failed';
  return {
    id,
    entity: 'payment',
    amount,
    currency: 'MYR',
    status: fields.status,
    order_id: fields.orderId,
    invoice_id: null,
    international: false,
    ...methodFields(how, id),
    amount_refunded: 0,
    refund_status: null,
    captured,
    description: fields.description,
    email: fields.email,
    contact: fields.contact,
    notes: fields.notes,
    fee: captured ? Math.round(amount * 0.015) : null,
    tax: captured ? 0 : null,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    acquirer_data: {},
    created_at: fields.at,
  };
}

export interface Attempt {
  paymentId: string;
  webhookIds: number[];
  eventIds: string[];
}

/**
 * The customer pays a link: a captured payment, the link and its order paid, and the
 * payment.captured and payment_link.paid webhooks (held for lateMs when `late`). A link the
 * shop cancelled (or one expired) is paid all the same with `evenIfClosed`, as a gateway
 * may when the customer pressed Pay just as the shop cancelled.
 */
export async function payLink(books: DoubleBooks, linkId: string, how: DoubleMethod, options: { late?: boolean; evenIfClosed?: boolean } = {}): Promise<Attempt | Answer> {
  return attemptOnLink(books, linkId, how, 'captured', options);
}

/** One attempt on a link fails: the link stays open; a payment.failed webhook. */
export async function failLink(books: DoubleBooks, linkId: string, how: DoubleMethod): Promise<Attempt | Answer> {
  return attemptOnLink(books, linkId, how, 'failed', {});
}

async function attemptOnLink(books: DoubleBooks, linkId: string, how: DoubleMethod, status: 'captured' | 'failed', options: { late?: boolean; evenIfClosed?: boolean }): Promise<Attempt | Answer> {
  let attempt: Attempt | null = null;
  const answer = await change(books, async (tx, now) => {
    await expireDueLinks(tx, now);
    const [row] = await tx.select().from(curlecDoubleLinks).where(eq(curlecDoubleLinks.id, linkId)).for('update');
    if (!row) return unknownId();
    const open = row.status === 'created' || (options.evenIfClosed && status === 'captured' && (row.status === 'cancelled' || row.status === 'expired'));
    if (!open) refuse(failure(400, `Payment link is ${row.status}`, { field: 'status' }));
    const link = row.entity;
    // Atome is not offered below its least amount: neither approved nor declined, nothing recorded.
    if (how.method === 'paylater' && link.amount < PAY_LATER_LEAST_SEN) {
      refuse(failure(400, `Atome takes amounts of ${ringgit(PAY_LATER_LEAST_SEN)} or more. Please choose another method.`, { field: 'method', reason: 'payment_method_not_available' }));
    }
    const at = secondsOf(now);
    const paymentId = entityId('pay');
    const customer = (link.customer ?? {}) as Json;
    const payment = paymentEntity(paymentId, link.amount, how, {
      status,
      orderId: link.order_id,
      description: link.description ?? '',
      contact: customer.contact ?? '+60123456789',
      email: customer.email ?? 'void@razorpay.com',
      notes: [],
      at,
    });
    await tx.insert(curlecDoublePayments).values({ id: paymentId, linkId, orderId: link.order_id, method: how.method, status, createdAt: at, entity: payment });
    const payments = [...((link.payments as Json[] | null) ?? []), { amount: link.amount, created_at: at, method: how.method, payment_id: paymentId, status }];
    const updated: Json = { ...link, payments, updated_at: at, ...(status === 'captured' ? { status: 'paid', amount_paid: link.amount } : {}) };
    await tx.update(curlecDoubleLinks).set({ status: updated.status, entity: updated }).where(eq(curlecDoubleLinks.id, linkId));
    const dueAt = new Date(now.getTime() + (options.late ? books.lateMs : books.webhookDelayMs));
    const queued: { id: number; eventId: string }[] = [];
    if (status === 'captured') {
      const order = await markOrderPaid(tx, link.order_id, link.amount, at);
      queued.push(await queueWebhook(tx, books, 'payment.captured', { payment }, { now, dueAt }));
      queued.push(await queueWebhook(tx, books, 'payment_link.paid', { payment_link: updated, order: order ?? {}, payment }, { now, dueAt }));
    } else {
      queued.push(await queueWebhook(tx, books, 'payment.failed', { payment }, { now, dueAt }));
    }
    attempt = { paymentId, webhookIds: queued.map((q) => q.id), eventIds: queued.map((q) => q.eventId) };
    return ok(updated);
  });
  return attempt ?? answer;
}

async function markOrderPaid(tx: Db, orderId: string, amount: number, at: number): Promise<Json | null> {
  const [row] = await tx.select().from(curlecDoubleOrders).where(eq(curlecDoubleOrders.id, orderId)).for('update');
  if (!row) return null;
  const entity = { ...row.entity, status: 'paid', amount_paid: amount, amount_due: 0, attempts: Number(row.entity.attempts ?? 0) + 1 };
  await tx.update(curlecDoubleOrders).set({ status: 'paid', entity }).where(eq(curlecDoubleOrders.id, orderId));
  void at;
  return entity;
}

// ---- orders and DuitNow QR ----

export function createOrder(books: DoubleBooks, body: Json | null): Promise<Answer> {
  return change(books, async (tx, now) => {
    if (!body) refuse(failure(400, 'The request body is not valid JSON'));
    const problem = amountProblem(body!.amount);
    if (problem) refuse(problem);
    if (body!.currency !== 'MYR') refuse(failure(400, 'The currency provided is not supported', { field: 'currency' }));
    if (body!.receipt !== undefined && (typeof body!.receipt !== 'string' || body!.receipt.length > 40)) {
      refuse(failure(400, 'The receipt may not be greater than 40 characters.', { field: 'receipt' }));
    }
    const at = secondsOf(now);
    const id = entityId('order');
    const entity = orderEntity(id, body!.amount, body!.receipt ?? null, notes(body!.notes), at);
    await tx.insert(curlecDoubleOrders).values({ id, status: 'created', createdAt: at, entity });
    return ok(entity);
  });
}

export async function readOrder(books: DoubleBooks, id: string): Promise<Json | null> {
  const [row] = await books.db.select().from(curlecDoubleOrders).where(eq(curlecDoubleOrders.id, id));
  return row?.entity ?? null;
}

export async function orderPayments(books: DoubleBooks, id: string): Promise<Answer> {
  if (!(await readOrder(books, id))) return unknownId();
  await expireDueQrs(books);
  const rows = await books.db.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.orderId, id)).orderBy(desc(curlecDoublePayments.createdAt), desc(curlecDoublePayments.id));
  return ok({ entity: 'collection', count: rows.length, items: rows.map((r) => r.entity) });
}

/** The QR a DuitNow payment shows, and until when. */
export function qrOf(books: DoubleBooks, payment: Json): { qrText: string; expireAt: number } {
  return { qrText: duitNowPayload({ paymentId: payment.id, amountSen: payment.amount, merchantName: books.merchantName }), expireAt: payment.created_at + QR_SECONDS };
}

/**
 * POST /v1/payments/create/json with method duitnow against an order: a payment waiting to be
 * scanned, and what to do next (show the QR until expire_at; poll the payment).
 */
export function createQrPayment(books: DoubleBooks, body: Json | null, apiBase: string): Promise<Answer> {
  return change(books, async (tx, now) => {
    if (!body) refuse(failure(400, 'The request body is not valid JSON'));
    const problem = amountProblem(body!.amount);
    if (problem) refuse(problem);
    if (body!.currency !== 'MYR') refuse(failure(400, 'The currency provided is not supported', { field: 'currency' }));
    if (body!.method !== 'duitnow') refuse(failure(400, 'The payment method is invalid or not enabled for this account', { field: 'method' }));
    if (typeof body!.contact !== 'string' || body!.contact.length < 8) refuse(failure(400, 'The contact field is required.', { field: 'contact' }));
    if (typeof body!.order_id !== 'string') refuse(failure(400, 'The order id field is required.', { field: 'order_id' }));
    const [order] = await tx.select().from(curlecDoubleOrders).where(eq(curlecDoubleOrders.id, body!.order_id)).for('update');
    if (!order) return unknownId();
    if (order.status === 'paid') refuse(failure(400, 'Order has already been paid', { field: 'order_id' }));
    if (order.entity.amount !== body!.amount) refuse(failure(400, 'The amount must be equal to the order amount', { field: 'amount' }));
    const at = secondsOf(now);
    const id = entityId('pay');
    const payment = paymentEntity(id, body!.amount, { method: 'duitnow' }, {
      status: 'created',
      orderId: order.id,
      description: typeof body!.description === 'string' ? body!.description : '',
      contact: body!.contact,
      email: typeof body!.email === 'string' ? body!.email : 'void@razorpay.com',
      notes: notes(body!.notes),
      at,
    });
    await tx.insert(curlecDoublePayments).values({ id, orderId: order.id, method: 'duitnow', status: 'created', createdAt: at, entity: payment });
    await tx
      .update(curlecDoubleOrders)
      .set({ status: 'attempted', entity: { ...order.entity, status: 'attempted', attempts: Number(order.entity.attempts ?? 0) + 1 } })
      .where(eq(curlecDoubleOrders.id, order.id));
    const qr = qrOf(books, payment);
    return ok({
      razorpay_payment_id: id,
      next: [
        { action: 'display_qr', qr_text: qr.qrText, expire_at: qr.expireAt },
        { action: 'poll', url: `${apiBase}/v1/payments/${id}` },
      ],
    });
  });
}

/** QR payments past their expiry fail, each with its payment.failed webhook. */
export async function expireDueQrs(books: DoubleBooks): Promise<void> {
  const now = books.now();
  const before = secondsOf(now) - QR_SECONDS;
  const [due] = await books.db
    .select({ id: curlecDoublePayments.id })
    .from(curlecDoublePayments)
    .where(and(eq(curlecDoublePayments.status, 'created'), lte(curlecDoublePayments.createdAt, before)))
    .limit(1);
  if (!due) return;
  await change(books, async (tx) => {
    const rows = await tx
      .select()
      .from(curlecDoublePayments)
      .where(and(eq(curlecDoublePayments.status, 'created'), lte(curlecDoublePayments.createdAt, before)))
      .for('update', { skipLocked: true });
    for (const row of rows) {
      const entity = { ...row.entity, status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was not completed before the QR expired', error_reason: 'payment_timed_out', error_source: 'customer', error_step: 'payment_authentication' };
      await tx.update(curlecDoublePayments).set({ status: 'failed', entity }).where(eq(curlecDoublePayments.id, row.id));
      await queueWebhook(tx, books, 'payment.failed', { payment: entity }, { now, dueAt: new Date(now.getTime() + books.webhookDelayMs) });
    }
    return ok({});
  });
}

/** The QR payments still waiting to be scanned, oldest first. */
export async function waitingQrs(books: DoubleBooks): Promise<Json[]> {
  await expireDueQrs(books);
  const rows = await books.db
    .select()
    .from(curlecDoublePayments)
    .where(and(eq(curlecDoublePayments.status, 'created'), eq(curlecDoublePayments.method, 'duitnow')))
    .orderBy(asc(curlecDoublePayments.createdAt), asc(curlecDoublePayments.id));
  return rows.map((r) => r.entity);
}

/**
 * The tester marks a waiting QR paid (payment.captured, sent twice under one event id, as
 * DuitNow can) or failed (payment.failed).
 */
export async function settleQr(books: DoubleBooks, paymentId: string, outcome: 'paid' | 'failed'): Promise<Attempt | Answer> {
  await expireDueQrs(books);
  let attempt: Attempt | null = null;
  const answer = await change(books, async (tx, now) => {
    const [row] = await tx.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.id, paymentId)).for('update');
    if (!row) return unknownId();
    if (row.method !== 'duitnow' || row.status !== 'created') refuse(failure(400, `The payment is ${row.status}, not waiting for its QR`, { field: 'status' }));
    const at = secondsOf(now);
    const dueAt = new Date(now.getTime() + books.webhookDelayMs);
    let entity: Json;
    const queued: { id: number; eventId: string }[] = [];
    if (outcome === 'paid') {
      entity = { ...row.entity, status: 'captured', captured: true, fee: Math.round(row.entity.amount * 0.015), tax: 0, acquirer_data: { rrn: String(at).padStart(12, '0') } };
      await tx.update(curlecDoublePayments).set({ status: 'captured', entity }).where(eq(curlecDoublePayments.id, paymentId));
      if (row.orderId) await markOrderPaid(tx, row.orderId, row.entity.amount, at);
      const first = await queueWebhook(tx, books, 'payment.captured', { payment: entity }, { now, dueAt });
      queued.push(first, await queueWebhook(tx, books, 'payment.captured', { payment: entity }, { now, dueAt, eventId: first.eventId }));
    } else {
      entity = { ...row.entity, status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment failed', error_reason: 'payment_failed', error_source: 'customer', error_step: 'payment_authorization' };
      await tx.update(curlecDoublePayments).set({ status: 'failed', entity }).where(eq(curlecDoublePayments.id, paymentId));
      queued.push(await queueWebhook(tx, books, 'payment.failed', { payment: entity }, { now, dueAt }));
    }
    attempt = { paymentId, webhookIds: queued.map((q) => q.id), eventIds: queued.map((q) => q.eventId) };
    return ok(entity);
  });
  return attempt ?? answer;
}

// ---- payments and refunds ----

export async function readPayment(books: DoubleBooks, id: string): Promise<Json | null> {
  await expireDueQrs(books);
  const [row] = await books.db.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.id, id));
  return row?.entity ?? null;
}

/** A collection page: from/to on created_at, count (default 10, at most 100) and skip, newest first. */
function page(query: URLSearchParams): { from: number; to: number; count: number; skip: number } | Answer {
  const number = (name: string, fallback: number) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    return /^\d+$/.test(raw) ? Number(raw) : NaN;
  };
  const from = number('from', 0);
  const to = number('to', Number.MAX_SAFE_INTEGER);
  const count = number('count', 10);
  const skip = number('skip', 0);
  for (const [name, value] of Object.entries({ from, to, count, skip })) {
    if (Number.isNaN(value)) return failure(400, `The ${name} must be an integer.`, { field: name });
  }
  if (count < 1 || count > 100) return failure(400, 'The count must be between 1 and 100.', { field: 'count' });
  return { from, to, count, skip };
}

export async function listPayments(books: DoubleBooks, query: URLSearchParams): Promise<Answer> {
  const p = page(query);
  if ('status' in p) return p;
  await expireDueQrs(books);
  const rows = await books.db
    .select()
    .from(curlecDoublePayments)
    .where(and(gte(curlecDoublePayments.createdAt, p.from), lte(curlecDoublePayments.createdAt, p.to)))
    .orderBy(desc(curlecDoublePayments.createdAt), desc(curlecDoublePayments.id))
    .limit(p.count)
    .offset(p.skip);
  return ok({ entity: 'collection', count: rows.length, items: rows.map((r) => r.entity) });
}

export async function listRefunds(books: DoubleBooks, query: URLSearchParams, paymentId?: string): Promise<Answer> {
  const p = page(query);
  if ('status' in p) return p;
  const rows = await books.db
    .select()
    .from(curlecDoubleRefunds)
    .where(and(gte(curlecDoubleRefunds.createdAt, p.from), lte(curlecDoubleRefunds.createdAt, p.to), paymentId ? eq(curlecDoubleRefunds.paymentId, paymentId) : undefined))
    .orderBy(desc(curlecDoubleRefunds.createdAt), desc(curlecDoubleRefunds.id))
    .limit(p.count)
    .offset(p.skip);
  return ok({ entity: 'collection', count: rows.length, items: rows.map((r) => r.entity) });
}

export async function readRefund(books: DoubleBooks, id: string): Promise<Json | null> {
  const [row] = await books.db.select().from(curlecDoubleRefunds).where(eq(curlecDoubleRefunds.id, id));
  return row?.entity ?? null;
}

/**
 * POST /v1/payments/{id}/refund: never more than the payment can still return; under an
 * X-Refund-Idempotency key the same request answers the same refund (another body under the
 * key is refused). Processed after refundMs unless a tester settles it first.
 */
export function refund(books: DoubleBooks, paymentId: string, body: Json | null, rawBody: string, key: string | null): Promise<Answer> {
  return change(books, async (tx, now) => {
    const [payment] = await tx.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.id, paymentId)).for('update');
    if (!payment) return unknownId();
    if (key !== null) {
      if (!IDEMPOTENCY_KEY.test(key)) refuse(failure(400, 'The X-Refund-Idempotency header must be at least 10 letters, digits, hyphens or underscores', { field: 'X-Refund-Idempotency' }));
      const [seen] = await tx.select().from(curlecDoubleIdempotency).where(and(eq(curlecDoubleIdempotency.paymentId, paymentId), eq(curlecDoubleIdempotency.key, key)));
      if (seen) {
        if (seen.requestBody !== rawBody) refuse(failure(400, 'The request body differs from the first request made with this idempotency key', { field: 'X-Refund-Idempotency' }));
        const [earlier] = await tx.select().from(curlecDoubleRefunds).where(eq(curlecDoubleRefunds.id, seen.refundId));
        return ok(earlier!.entity);
      }
    }
    if (payment.status !== 'captured') refuse(failure(400, 'The payment has not been captured', { field: 'payment_id' }));
    const left = payment.entity.amount - payment.entity.amount_refunded;
    const amount = body?.amount ?? left;
    const problem = amountProblem(amount);
    if (problem) refuse(problem);
    if (amount > left) refuse(failure(400, 'The refund amount provided is greater than amount captured', { field: 'amount' }));
    const at = secondsOf(now);
    const id = entityId('rfnd');
    const entity = {
      id,
      entity: 'refund',
      amount,
      currency: 'MYR',
      payment_id: paymentId,
      notes: notes(body?.notes),
      receipt: body?.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: at,
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: body?.speed ?? 'normal',
    };
    await tx.insert(curlecDoubleRefunds).values({ id, paymentId, status: 'pending', createdAt: at, entity });
    const refunded = payment.entity.amount_refunded + amount;
    await tx
      .update(curlecDoublePayments)
      .set({ entity: { ...payment.entity, amount_refunded: refunded, refund_status: refunded === payment.entity.amount ? 'full' : 'partial' } })
      .where(eq(curlecDoublePayments.id, paymentId));
    if (key !== null) await tx.insert(curlecDoubleIdempotency).values({ paymentId, key, requestBody: rawBody, refundId: id, createdAt: now });
    if (books.refundMs !== null) {
      await scheduleJob(tx, { kind: CURLEC_DOUBLE_REFUND_JOB, key: `${CURLEC_DOUBLE_REFUND_JOB}:${id}`, runAt: new Date(now.getTime() + books.refundMs), payload: { refundId: id } }, now);
    }
    return ok(entity);
  });
}

/**
 * The bank's word on a pending refund: processed, or failed (its amount can be refunded again).
 * Its refund.processed / refund.failed webhook.
 */
export async function settleRefund(books: DoubleBooks, refundId: string, status: 'processed' | 'failed', tx?: Db): Promise<Attempt | Answer> {
  let attempt: Attempt | null = null;
  const work = async (t: Db, now: Date): Promise<Answer> => {
    const [row] = await t.select().from(curlecDoubleRefunds).where(eq(curlecDoubleRefunds.id, refundId)).for('update');
    if (!row) return unknownId();
    if (row.status !== 'pending') refuse(failure(400, `The refund is already ${row.status}`, { field: 'status' }));
    const [payment] = await t.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.id, row.paymentId)).for('update');
    const entity = { ...row.entity, status };
    await t.update(curlecDoubleRefunds).set({ status, entity }).where(eq(curlecDoubleRefunds.id, refundId));
    let paymentNow = payment!.entity;
    if (status === 'failed') {
      const refunded = paymentNow.amount_refunded - row.entity.amount;
      paymentNow = { ...paymentNow, amount_refunded: refunded, refund_status: refunded === 0 ? null : 'partial' };
      await t.update(curlecDoublePayments).set({ entity: paymentNow }).where(eq(curlecDoublePayments.id, row.paymentId));
    }
    const queued = await queueWebhook(t, books, `refund.${status}`, { refund: entity, payment: paymentNow }, { now, dueAt: new Date(now.getTime() + books.webhookDelayMs) });
    attempt = { paymentId: row.paymentId, webhookIds: [queued.id], eventIds: [queued.eventId] };
    return ok(entity);
  };
  const answer = tx ? await work(tx, books.now()) : await change(books, work);
  return attempt ?? answer;
}

/** The refund job: processes a refund still pending when its time comes. */
export function refundJobHandler(books: Omit<DoubleBooks, 'now'>): JobHandler {
  return async (tx, job, now) => {
    const { refundId } = job.payload as { refundId: string };
    const [row] = await tx.select({ status: curlecDoubleRefunds.status }).from(curlecDoubleRefunds).where(eq(curlecDoubleRefunds.id, refundId));
    if (row?.status !== 'pending') return;
    await settleRefund({ ...books, now: () => now }, refundId, 'processed', tx);
  };
}

/** Every link, payment and refund by id, for tests and the tester's pages. */
export async function entitiesByIds(db: Db, table: 'links' | 'payments' | 'refunds', ids: string[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const t = table === 'links' ? curlecDoubleLinks : table === 'payments' ? curlecDoublePayments : curlecDoubleRefunds;
  const rows = await db.select({ entity: t.entity }).from(t).where(inArray(t.id, ids));
  return rows.map((r) => r.entity);
}

export async function allRefunds(db: Db): Promise<Json[]> {
  const rows = await db.select().from(curlecDoubleRefunds).orderBy(asc(curlecDoubleRefunds.createdAt), asc(curlecDoubleRefunds.id));
  return rows.map((r) => r.entity);
}
