import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';
import type { Db } from '../../db/client.ts';
import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';
import type { EmailProvider } from '../../providers/email/index.ts';
import { SmsSendError, type SmsProvider } from '../../providers/sms/index.ts';
import type { WhatsAppProvider } from '../../providers/whatsapp/index.ts';
import { markReminderUnsent } from './car-reminders.ts';
import { NOTICE_RETRY_DELAYS_MS, tryToSend } from './delivery.ts';
import { outbox, type MessageChannel } from './schema.ts';

/**
 * The shop's one outbox and its one deliverer. A message is written as to send in the
 * transaction that causes it (`recordMessage`); then, with no transaction open:
 *   1. claim: one statement marks it claimed for a lease and commits (`claimDue`);
 *   2. send: the provider is called, no connection held, however long it takes;
 *   3. record: a short transaction writes what the provider answered.
 * A process that dies between 1 and 3 leaves the message claimed; once its lease has passed
 * another process claims it again. A message can thus reach a customer twice only when the
 * provider took it and the process died (or its database went away) before step 3.
 */

/** How long a claimed message is left to the process that claimed it (OUTBOX_LEASE_SECONDS). */
export const DEFAULT_LEASE_MS = 5 * 60_000;
let leaseMs = DEFAULT_LEASE_MS;

/** Sets the lease (once at start; tests shorten it). */
export function setOutboxLease(ms: number) {
  leaseMs = ms;
}

/** What sending takes: the providers, and the waits between tries (default NOTICE_RETRY_DELAYS_MS). */
export interface OutboxSenders {
  sms: SmsProvider;
  /** null or absent: WhatsApp messages wait for a sender that has it (the deliverer), or fail to their SMS when WHATSAPP_PROVIDER=off. */
  whatsapp?: WhatsAppProvider | null;
  /** null or absent: no e-mail channel (EMAIL_PROVIDER=off). */
  email?: EmailProvider | null;
  retryDelaysMs?: readonly number[];
}

/**
 * What a writer runs once its transaction has committed: a nudge that starts sending what it
 * wrote, and returns at once. Nothing depends on it: the deliverer sends every message still to
 * send anyway (after a crash, on another server), so a nudge never holds up the move it tells of.
 */
export type Notice = () => Promise<void>;

export const noNotice: Notice = async () => {};

export interface OutboxMessage {
  channel: MessageChannel;
  to: string;
  /** The customer it is for, when known. */
  userId?: string;
  /** On WhatsApp: the approved template and its variables (none: a free text within WhatsApp's window). */
  template?: { contentSid: string; variables: Record<string, string> };
  /** On WhatsApp: the SMS to send instead, once, if WhatsApp fails for good. */
  fallbackText?: string;
  subject?: string;
  text: string;
  /** The order whose timeline shows it, and what it tells. */
  orderId?: string;
  kind?: NoticeKind;
  /** A message with a key is written once, whichever process writes it. */
  key?: string;
  /** The garage reminder it carries. */
  carReminderId?: number;
  /** Erase the destination once it is sent or has failed for good (a closed account's confirmation). */
  forgetTo?: boolean;
}

type Row = typeof outbox.$inferSelect;

/**
 * Writes a message to send in the caller's transaction: it exists only if the change that causes
 * it does, and is not lost once that has committed. A second message with the same key is not
 * written. Answers the nudge to run after the commit.
 */
export async function recordMessage(tx: Db, ctx: OutboxSenders & { db: Db }, message: OutboxMessage, now: Date): Promise<Notice> {
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      text: message.text,
      userId: message.userId ?? null,
      template: message.template ?? null,
      fallbackText: message.fallbackText ?? null,
      orderId: message.orderId ?? null,
      kind: message.kind ?? null,
      key: message.key ?? null,
      carReminderId: message.carReminderId ?? null,
      forgetTo: message.forgetTo ?? false,
      at: now,
      nextTryAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (!row) return noNotice;
  return async () => {
    if (process.env.NOTICE_NUDGE === '0') return;
    // A sender without WhatsApp leaves a WhatsApp message to the deliverer, which has it.
    if (message.channel === 'whatsapp' && !ctx.whatsapp) return;
    inFlight(ctx.db, deliverMessage(ctx.db, ctx, row.id, now));
  };
}

/** Sends started by nudges and not finished yet, per database: a stop (and a test) waits for them. */
const running = new WeakMap<Db, Set<Promise<void>>>();

function inFlight(db: Db, work: Promise<unknown>) {
  const set = running.get(db) ?? new Set<Promise<void>>();
  running.set(db, set);
  const done: Promise<void> = work
    .then(() => undefined)
    .catch((err: unknown) => log.error(`[outbox] the deliverer will send it: ${errorMessage(err)}`))
    .finally(() => set.delete(done));
  set.add(done);
}

/** Resolves once every send a nudge started on this database has been recorded (or given up to the deliverer). */
export async function outboxIdle(db: Db): Promise<void> {
  const set = running.get(db);
  while (set?.size) await Promise.all([...set]);
}

const dueNow = (now: Date) =>
  and(eq(outbox.state, 'sending'), or(isNull(outbox.nextTryAt), lte(outbox.nextTryAt, now)), or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now)));

/**
 * Claims up to `limit` messages whose turn has come (or the one named by `id`) for this process:
 * one statement, committed on its own, that no other process can claim alongside (SKIP LOCKED)
 * and that leaves them to this one until the lease has passed.
 */
export async function claimDue(db: Db, now: Date, { id, limit = 1 }: { id?: number; limit?: number } = {}): Promise<Row[]> {
  const picked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(dueNow(now), id === undefined ? undefined : eq(outbox.id, id)))
    .orderBy(asc(outbox.nextTryAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, picked))
    .returning();
}

/** Hands a message to its provider: its reference there (Twilio's message SID), or null. */
async function hand(ctx: OutboxSenders, message: Row): Promise<string | null> {
  if (message.channel === 'sms') return (await ctx.sms.send({ phone: message.to, text: message.text }))?.ref ?? null;
  if (message.channel === 'whatsapp') {
    if (!ctx.whatsapp) throw new SmsSendError('no WhatsApp channel (WHATSAPP_PROVIDER=off)', true);
    const { template } = message;
    const sent = await ctx.whatsapp.send({ to: message.to, preview: message.text, ...(template ? { contentSid: template.contentSid, variables: template.variables } : { body: message.text }) });
    return sent.ref ?? null;
  }
  if (!ctx.email) throw new Error('no e-mail channel (EMAIL_PROVIDER=off)');
  await ctx.email.send({ to: message.to, subject: message.subject ?? '', text: message.text });
  return null;
}

/**
 * Sends a claimed message, no transaction open, and records the answer in a short one. Taken:
 * sent (even if the lease has passed meanwhile: a sent message stays sent). Refused for good, or
 * after the last try: failed, with the reason (a garage reminder's SMS then lists it as not sent).
 * Otherwise its next try waits its turn. A failure is recorded only while this process still holds
 * the claim.
 */
async function sendClaimed(db: Db, ctx: OutboxSenders, message: Row, now: Date): Promise<void> {
  const what = message.kind ? `[${message.channel}] ${message.kind} notice #${message.id}` : `[${message.channel}] message #${message.id}`;
  const tried = await tryToSend(message, () => hand(ctx, message), { delays: ctx.retryDelaysMs ?? NOTICE_RETRY_DELAYS_MS, now, what });
  const stillOurs = tried.sent ? undefined : eq(outbox.claimedUntil, message.claimedUntil!);
  const fallback = await db.transaction(async (tx) => {
    const recorded = await tx
      .update(outbox)
      .set({ ...tried.change, claimedUntil: null, ...(message.forgetTo && (tried.sent || tried.failed) ? { to: '' } : {}) })
      .where(and(eq(outbox.id, message.id), eq(outbox.state, 'sending'), stillOurs))
      .returning({ id: outbox.id });
    if (recorded.length && tried.failed && message.channel === 'sms' && message.carReminderId !== null) await markReminderUnsent(tx, message.carReminderId);
    if (recorded.length && tried.failed) return fallBackToSms(tx, { db, ...ctx }, message, now);
    return noNotice;
  });
  await fallback();
}

/**
 * A WhatsApp notice that failed for good (refused by Twilio, or after its last try; or, later,
 * reported failed by Twilio's status callback): its SMS is written to send, in the caller's
 * transaction, once (the fallback's unique `fallback_of`), whichever process or callback tries.
 */
export async function fallBackToSms(tx: Db, ctx: OutboxSenders & { db: Db }, message: Row, now: Date): Promise<Notice> {
  if (message.channel !== 'whatsapp' || !message.fallbackText) return noNotice;
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'sms',
      to: message.to,
      text: message.fallbackText,
      orderId: message.orderId,
      kind: message.kind,
      userId: message.userId,
      fallbackOf: message.id,
      at: now,
      nextTryAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (!row) return noNotice;
  log.info(`[outbox] WhatsApp message #${message.id} failed for good: its SMS goes instead (#${row.id})`);
  return async () => {
    if (process.env.NOTICE_NUDGE === '0') return;
    inFlight(ctx.db, deliverMessage(ctx.db, ctx, row.id, now));
  };
}

/** Sends one message, if it is still to send, its turn has come and no other process holds it. */
export async function deliverMessage(db: Db, ctx: OutboxSenders, id: number, now: Date): Promise<boolean> {
  const [message] = await claimDue(db, now, { id });
  if (!message) return false;
  await sendClaimed(db, ctx, message, now);
  return true;
}

/**
 * The deliverer's round: claims the messages whose turn has come, `alongside` at a time, and sends
 * each batch at once, until none is left or `limit` were tried. Answers how many were tried.
 */
export async function deliverDue(db: Db, ctx: OutboxSenders, now: Date, { alongside = 8, limit = 100 } = {}): Promise<number> {
  let tried = 0;
  while (tried < limit) {
    const claimed = await claimDue(db, now, { limit: Math.min(alongside, limit - tried) });
    if (!claimed.length) break;
    await Promise.all(claimed.map((m) => sendClaimed(db, ctx, m, now).catch((err: unknown) => log.error(`[outbox] message #${m.id}: ${errorMessage(err)}`))));
    tried += claimed.length;
  }
  return tried;
}
