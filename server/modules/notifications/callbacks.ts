import { eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/rules/language.ts';
import { message } from '../../../contract/rules/messages.ts';
import type { Db } from '../../db/client.ts';
import { log } from '../../ops/log.ts';
import { userIdByPhone } from '../auth/service.ts';
import { shopBrand } from '../seller/details.ts';
import { fallBackToSms, noNotice, recordMessage, type Notice, type OutboxSenders } from './outbox.ts';
import { inboundMessages, outbox, type DeliveryStatus } from './schema.ts';
import { customersMessagedAt, setWhatsApp } from './whatsapp.ts';

/**
 * What Twilio's callbacks tell the shop (docs/contracts/running-the-business.md §3), once their
 * signature was checked (server/routes/messages.ts): how a message it took fared, and what a
 * customer wrote on WhatsApp. A repeated callback changes nothing.
 */

/** Twilio's MessageStatus as the timeline says it; the rest (queued, accepted, sending, scheduled, canceled) says nothing new. */
const STATUS: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed', undelivered: 'failed' };
/** The order statuses come in: a later one never gives way to an earlier one that arrives late. */
const RANK: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 3 };

export type StatusOutcome = 'recorded' | 'unchanged' | 'unknown';

/**
 * Records a message's delivery status from Twilio's status callback (MessageSid, MessageStatus,
 * ErrorCode). A WhatsApp notice that failed (the customer is not on WhatsApp, Meta refused the
 * template…) has its SMS written to send instead, once.
 */
export async function recordStatus(
  db: Db,
  senders: OutboxSenders,
  update: { sid: string; status: string; errorCode?: string | null },
  now: Date,
): Promise<StatusOutcome> {
  const status = STATUS[update.status];
  if (!update.sid) return 'unknown';
  let notice: Notice = noNotice;
  const outcome = await db.transaction(async (tx): Promise<StatusOutcome> => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.providerRef, update.sid)).limit(1).for('update');
    if (!row) return 'unknown';
    if (!status || (row.delivery && RANK[row.delivery] >= RANK[status])) return 'unchanged';
    await tx
      .update(outbox)
      .set({ delivery: status, deliveryAt: now, deliveryError: status === 'failed' ? (update.errorCode ?? null) : null })
      .where(eq(outbox.id, row.id));
    if (status === 'failed') notice = await fallBackToSms(tx, { db, ...senders }, row, now);
    return 'recorded';
  });
  await notice();
  return outcome;
}

/** The words that stop WhatsApp updates, in the language they are the word of. */
const STOP_WORDS: Record<string, Locale> = { STOP: 'en', BERHENTI: 'ms', 停止: 'zh-cn' };

/** A STOP word, alone but for spaces and ending punctuation, whatever its case; else null. */
export function stopWord(body: string): { word: string; locale: Locale } | null {
  const word = body.trim().replace(/[\s.!。！]+$/u, '').toUpperCase();
  const locale = STOP_WORDS[word];
  return locale ? { word, locale } : null;
}

/**
 * The phone of a WhatsApp sender (`whatsapp:+60123456789` → `+60123456789`), or null when the
 * sender is no phone number (a WhatsApp username or another id): such an id is kept as it came and
 * never turned into a number.
 */
export function whatsappPhone(from: string): string | null {
  const m = /^whatsapp:(\+[1-9]\d{7,14})$/.exec(from.trim());
  return m ? m[1]! : null;
}

/** The address a reply goes to: the phone, or the sender id as it came, without `whatsapp:`. */
const replyAddress = (from: string) => from.trim().replace(/^whatsapp:/, '');

export type InboundOutcome = 'stopped' | 'kept' | 'repeated';

/**
 * A message a customer sent on WhatsApp (Twilio's inbound callback: MessageSid, From, Body), kept
 * once by its MessageSid. A STOP, BERHENTI or 停止 turns WhatsApp off for every customer who was
 * messaged at that address or whose login phone it is, records it as their consent withdrawn (what
 * they wrote), and is confirmed on WhatsApp in the word's language: all in one transaction, so a
 * callback Twilio sends again after a failure finds nothing done or everything.
 */
export async function receiveInbound(db: Db, senders: OutboxSenders, inbound: { sid: string; from: string; body: string }, now: Date): Promise<InboundOutcome> {
  const stop = stopWord(inbound.body);
  const phone = whatsappPhone(inbound.from);
  let notice: Notice = noNotice;
  const outcome = await db.transaction(async (tx): Promise<InboundOutcome> => {
    const [kept] = await tx
      .insert(inboundMessages)
      .values({ sid: inbound.sid, from: inbound.from, fromPhone: phone, body: inbound.body.slice(0, 1600), action: stop ? 'stop' : 'none', at: now })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (!kept) return 'repeated';
    if (!stop) return 'kept';
    const to = replyAddress(inbound.from);
    const customers = new Set(await customersMessagedAt(tx, to));
    if (phone) {
      const own = await userIdByPhone(tx, phone);
      if (own) customers.add(own);
    }
    const wording = message(stop.locale, 'consent.whatsappReply', { word: inbound.body.trim().slice(0, 40) });
    for (const userId of customers) await setWhatsApp(tx, { userId, whatsapp: false, locale: stop.locale, source: 'reply', wording }, now);
    log.info(`[whatsapp] ${stop.word} from ${phone ?? 'a sender that is no phone'}: WhatsApp updates off for ${customers.size} customer(s)`);
    // Within the 24 hours after the customer wrote, a free text may go: no template, and no SMS instead.
    notice = await recordMessage(tx, { db, ...senders }, { channel: 'whatsapp', to, text: message(stop.locale, 'whatsapp.stopped', { brand: shopBrand() }), key: `stop-reply:${inbound.sid}` }, now);
    return 'stopped';
  });
  await notice();
  return outcome;
}
