import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finishFreeJobs, scheduleJob } from '../../jobs/queue.ts';
import type { EmailProvider } from '../../providers/email/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { markReminderUnsent } from './car-reminders.ts';
import { outboxMessages } from './schema.ts';
import type { Notice } from './service.ts';
import { isDue, NOTICE_RETRY_DELAYS_MS, nudgeAfterCommit, tryToSend } from './delivery.ts';

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
  return nudgeAfterCommit(ctx.db, `[outbox] message #${id}`, (t) => deliverMessage(t, ctx, id, now, { skipLocked: true }));
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
  if (!message || !isDue(message, now)) return;
  await finishFreeJobs(tx, `${MESSAGE_SEND_JOB}:${id}`, now);
  const tried = await tryToSend(
    message,
    async () => {
      if (message.channel === 'sms') return (await ctx.sms.send({ phone: message.to, text: message.text, key: `servauto-message-${id}-${message.at.getTime()}` }))?.ref ?? null;
      if (!ctx.email) throw new Error('no e-mail channel (EMAIL_PROVIDER=off)');
      await ctx.email.send({ to: message.to, subject: message.subject ?? '', text: message.text });
      return null;
    },
    { delays: ctx.retryDelaysMs ?? NOTICE_RETRY_DELAYS_MS, now, what: `[${message.channel}] message #${id}` },
  );
  await tx.update(outboxMessages).set(tried.change).where(eq(outboxMessages.id, id));
  if (tried.failed && message.channel === 'sms' && message.carReminderId !== null) await markReminderUnsent(tx, message.carReminderId);
  if (tried.retryAt) await scheduleJob(tx, { kind: MESSAGE_SEND_JOB, key: `${MESSAGE_SEND_JOB}:${id}:${tried.change.tries}`, runAt: tried.retryAt, payload: { messageId: id } }, now);
}
