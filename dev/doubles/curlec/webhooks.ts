import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { finishJobs, retryDelayMs, scheduleJob, type JobHandler } from '../../../server/jobs/queue.ts';
import { entityId, hmacHex, type Json } from './entities.ts';
import { curlecDoubleWebhooks } from './schema.ts';

/**
 * The double's webhooks, as Curlec sends them: the body signed when the fact happens (hex
 * HMAC-SHA256 with the webhook secret, X-Razorpay-Signature), an x-razorpay-event-id, and a
 * delivery job in the shop's queue per webhook, so a restart loses none; anything but a 2xx is
 * tried again later (30 s, doubling, at most an hour apart).
 */

export const CURLEC_DOUBLE_WEBHOOK_JOB = 'curlec-double.webhook';

/** Tries by the job before giving up. */
export const WEBHOOK_TRIES = 10;

/** How a webhook travels (default: fetch); tests in one process pass app.request. */
export type WebhookDeliver = (url: string, body: string, headers: Record<string, string>) => Response | Promise<Response>;

export const fetchWebhook: WebhookDeliver = (url, body, headers) => fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });

export interface WebhookTarget {
  webhookSecret: string;
  webhookUrl: string;
}

export interface SignedWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

/** The body Curlec posts: the event, what it contains, the entities. */
export function signedWebhook(secret: string, event: string, payload: Record<string, Json>, createdAt: number, eventId = entityId('evt')): SignedWebhook & { eventId: string } {
  const wrapped = Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }]));
  const rawBody = JSON.stringify({ entity: 'event', account_id: 'acc_ServautoDouble01', event, contains: Object.keys(payload), payload: wrapped, created_at: createdAt });
  return { eventId, rawBody, headers: webhookHeaders(hmacHex(secret, rawBody), eventId) };
}

export const webhookHeaders = (signature: string, eventId: string): Record<string, string> => ({
  'content-type': 'application/json',
  'x-razorpay-signature': signature,
  'x-razorpay-event-id': eventId,
});

const keyOf = (webhookId: number, attempt: number) => (attempt === 0 ? `${CURLEC_DOUBLE_WEBHOOK_JOB}:${webhookId}` : `${CURLEC_DOUBLE_WEBHOOK_JOB}:${webhookId}:${attempt}`);

/** In the caller's transaction: the webhook, signed now, and its delivery job due at `dueAt`. */
export async function queueWebhook(
  tx: Db,
  target: WebhookTarget,
  event: string,
  payload: Record<string, Json>,
  at: { now: Date; dueAt: Date; eventId?: string },
): Promise<{ id: number; eventId: string }> {
  const signed = signedWebhook(target.webhookSecret, event, payload, Math.floor(at.now.getTime() / 1000), at.eventId);
  const [row] = await tx
    .insert(curlecDoubleWebhooks)
    .values({
      eventId: signed.eventId,
      event,
      url: target.webhookUrl,
      rawBody: signed.rawBody,
      signature: signed.headers['x-razorpay-signature']!,
      dueAt: at.dueAt,
      createdAt: at.now,
    })
    .returning({ id: curlecDoubleWebhooks.id });
  await scheduleJob(tx, { kind: CURLEC_DOUBLE_WEBHOOK_JOB, key: keyOf(row!.id, 0), runAt: at.dueAt, payload: { webhookId: row!.id, attempt: 0 } }, at.now);
  return { id: row!.id, eventId: signed.eventId };
}

type WebhookRow = typeof curlecDoubleWebhooks.$inferSelect;

/** One try of one webhook; a 2xx marks it delivered and closes its jobs. */
export async function deliverWebhook(db: Db, deliver: WebhookDeliver, row: WebhookRow, now: Date): Promise<number | null> {
  let status: number | null;
  try {
    status = (await deliver(row.url, row.rawBody, webhookHeaders(row.signature, row.eventId))).status;
  } catch {
    status = null;
  }
  const ok = status !== null && status >= 200 && status < 300;
  const [current] = await db.select({ attempts: curlecDoubleWebhooks.attempts }).from(curlecDoubleWebhooks).where(eq(curlecDoubleWebhooks.id, row.id));
  await db
    .update(curlecDoubleWebhooks)
    .set({ attempts: (current?.attempts ?? 0) + 1, lastStatus: status, ...(ok ? { deliveredAt: now } : {}) })
    .where(eq(curlecDoubleWebhooks.id, row.id));
  if (ok) await finishJobs(db, keyOf(row.id, 0), now);
  return status;
}

/**
 * Delivers, in the order they happened, the webhooks not yet taken that are due (all of them,
 * held ones too, with `all`), or only these ids. What each answered.
 */
export async function deliverWebhooksNow(db: Db, deliver: WebhookDeliver, now: Date, options: { all?: boolean; ids?: number[] } = {}) {
  const due = await db
    .select()
    .from(curlecDoubleWebhooks)
    .where(and(isNull(curlecDoubleWebhooks.deliveredAt), options.all || options.ids ? undefined : lte(curlecDoubleWebhooks.dueAt, now)))
    .orderBy(asc(curlecDoubleWebhooks.id));
  const results: { eventId: string; event: string; status: number | null }[] = [];
  for (const row of due) {
    if (options.ids && !options.ids.includes(row.id)) continue;
    if (!options.all && row.dueAt > now) continue;
    results.push({ eventId: row.eventId, event: row.event, status: await deliverWebhook(db, deliver, row, now) });
  }
  return results;
}

/**
 * The delivery job: the next try is scheduled in the job's own transaction before this one
 * goes out (after the commit), so a stop while sending still leaves one.
 */
export function webhookJobHandler(db: Db, deliver: WebhookDeliver): JobHandler {
  return async (tx, job, now) => {
    const { webhookId, attempt } = job.payload as { webhookId: number; attempt: number };
    const [row] = await tx.select().from(curlecDoubleWebhooks).where(eq(curlecDoubleWebhooks.id, webhookId));
    if (!row || row.deliveredAt) return;
    const next = attempt + 1;
    if (next < WEBHOOK_TRIES) {
      await scheduleJob(tx, { kind: CURLEC_DOUBLE_WEBHOOK_JOB, key: keyOf(webhookId, next), runAt: new Date(now.getTime() + retryDelayMs(next)), payload: { webhookId, attempt: next } }, now);
    }
    return async () => {
      await deliverWebhook(db, deliver, row, now);
    };
  };
}
