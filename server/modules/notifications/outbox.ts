import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finishFreeJobs, scheduleJob } from '../../jobs/queue.ts';
import { log } from '../../ops/log.ts';
import type { EmailProvider } from '../../providers/email/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { errorMessage } from '../../db/loggable.ts';
import { markReminderUnsent } from './car-reminders.ts';
import { outboxMessages } from './schema.ts';
import { failedTry, NOTICE_RETRY_DELAYS_MS, type Notice } from './service.ts';

/** The job that sends one message of the outbox (about no order), and its retries. */
export const MESSAGE_SEND_JOB = 'message.send';

export interface MessageContext {
  sms: SmsProvider;
  /** null: no e-mail channel (EMAIL_PROVIDER=off). */
  email: EmailProvider | null;
  /** The waits between tries (default NOTICE_RETRY_DELAYS_MS, as an order's SMS). */
  retryDelaysMs?: readonly number[];
}

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
  carReminderId?: number;
}

/**
 * Writes a message to send, with the job that sends it, in the caller's transaction; answers
 * the nudge that tries it right after the commit (the job sends it anyway).
 */
export async function recordMessage(tx: Db, ctx: MessageContext & { db: Db }, message: OutboxMessage, now: Date): Promise<Notice> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ channel: message.channel, to: message.to, subject: message.subject ?? null, text: message.text, carReminderId: message.carReminderId ?? null, at: now, nextTryAt: now })
    .returning({ id: outboxMessages.id });
  const id = row!.id;
  await scheduleJob(tx, { kind: MESSAGE_SEND_JOB, key: `${MESSAGE_SEND_JOB}:${id}`, runAt: now, payload: { messageId: id } }, now);
  return async () => {
    if (process.env.NOTICE_NUDGE === '0') return;
    await ctx.db
      .transaction((t) => deliverMessage(t, ctx, id, now, { skipLocked: true }))
      .catch((err: unknown) => log.error(`[outbox] message #${id}: its job will send it (${errorMessage(err)})`));
  };
}

/**
 * Sends one message if it is still to send and its turn has come, holding its row in the
 * caller's transaction: an SMS with a key made from the message (as an order's notice), an
 * e-mail through the e-mail provider. Taken: sent. Final, or after the last try: failed, with
 * the reason (a garage reminder whose SMS failed is listed as not sent). Otherwise the next try
 * is scheduled after its wait.
 */
export async function deliverMessage(tx: Db, ctx: MessageContext, id: number, now: Date, { skipLocked = false } = {}): Promise<void> {
  const [message] = await tx
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
    .for('update', skipLocked ? { skipLocked: true } : {});
  if (!message || message.state !== 'sending') return;
  if (message.nextTryAt && message.nextTryAt > now) return;
  const delays = ctx.retryDelaysMs ?? NOTICE_RETRY_DELAYS_MS;
  const tries = message.tries + 1;
  await finishFreeJobs(tx, `${MESSAGE_SEND_JOB}:${id}`, now);
  try {
    let ref: string | null = null;
    if (message.channel === 'sms') {
      ref = (await ctx.sms.send({ phone: message.to, text: message.text, key: `servauto-message-${id}-${message.at.getTime()}` }))?.ref ?? null;
    } else {
      if (!ctx.email) throw new Error('no e-mail channel (EMAIL_PROVIDER=off)');
      await ctx.email.send({ to: message.to, subject: message.subject ?? '', text: message.text });
    }
    await tx.update(outboxMessages).set({ state: 'sent', tries, sentAt: now, providerRef: ref, nextTryAt: null }).where(eq(outboxMessages.id, id));
  } catch (err) {
    const { reason, refused, last, nextTryAt } = failedTry(err, tries, delays, now);
    log.error(`[${message.channel}] message #${id} not sent (try ${tries}${last ? ', the last' : ''}): ${reason}`);
    await tx
      .update(outboxMessages)
      .set({ tries, lastError: reason, refused, nextTryAt, ...(last ? { state: 'failed' as const } : {}) })
      .where(eq(outboxMessages.id, id));
    if (last && message.channel === 'sms' && message.carReminderId !== null) await markReminderUnsent(tx, message.carReminderId);
    if (nextTryAt) await scheduleJob(tx, { kind: MESSAGE_SEND_JOB, key: `${MESSAGE_SEND_JOB}:${id}:${tries}`, runAt: nextTryAt, payload: { messageId: id } }, now);
  }
}
