import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { WhatsAppProvider } from '../../providers/whatsapp/index.ts';
import { wantsWhatsApp, whatsappNotice, whatsappOn } from './whatsapp.ts';
import type { OrderRow } from '../orders/service.ts';
import { noNotice, recordMessage, type Notice } from './outbox.ts';
import { accountClosedSms, noticeText, type NoticeOrder, type OrderNoticeEvent } from './texts.ts';
import { carReminders, inboundMessages, outbox, reminderConsents } from './schema.ts';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';

export { noNotice, type Notice } from './outbox.ts';

/**
 * What telling a customer takes: the database, the providers (a nudge sends with them; without
 * the WhatsApp one, the deliverer sends a WhatsApp message at its next round), the workshops' names.
 */
export interface NoticeContext {
  db: Db;
  sms: SmsProvider;
  whatsapp?: WhatsAppProvider | null;
  indexes: { workshops: readonly { id: string; name: string }[]; orderRules?: { mobile: { windowHours: number } } };
}

/** At the customer's place: the window's close, its start plus the content's window length. */
function windowEnd(ctx: Pick<NoticeContext, 'indexes'>, method: OrderRow['method'], start: string): { end?: string } {
  const hours = ctx.indexes.orderRules?.mobile.windowHours;
  if (method !== 'mobile' || !hours) return {};
  const minute = Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5)) + hours * 60;
  return { end: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}` };
}

export function noticeOrder(ctx: Pick<NoticeContext, 'indexes'>, order: OrderRow): NoticeOrder {
  const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
  return {
    orderNo: order.orderNo,
    method: order.method,
    workshop: workshop?.name ?? null,
    appointment: order.appointmentDate && order.appointmentTime ? { date: order.appointmentDate, time: order.appointmentTime, ...windowEnd(ctx, order.method, order.appointmentTime) } : null,
    pickupCode: order.pickupCode,
    expressCompany: order.expressCompany,
    expressNo: order.expressNo,
    locale: order.language,
  };
}

/** What a notice needs of its order: where it goes, in which language, and whether payment is awaited (its link). */
export type NoticeTarget = Pick<OrderRow, 'id' | 'orderNo' | 'customerId' | 'language' | 'status' | 'contact'>;

/**
 * Writes a notice about an order to send, in the outbox, in the caller's transaction: it exists
 * only if the move that causes it does, and is not lost once that has committed; the order's
 * timeline shows it. It goes on WhatsApp when the customer chose WhatsApp (its SMS kept to go
 * instead if WhatsApp fails for good), by SMS otherwise. A `key` makes the notice go once,
 * whichever process writes it: a second one with the same key is not written. Answers the nudge
 * that starts sending it after the commit.
 */
export async function recordNotice(
  tx: Db,
  ctx: Pick<NoticeContext, 'db' | 'sms' | 'whatsapp'>,
  notice: { order: NoticeTarget; kind: NoticeKind; text: string; key?: string },
  now: Date,
): Promise<Notice> {
  const { order, kind, text } = notice;
  // A closed account's orders keep no number to write to (docs/contracts/running-the-business.md §5).
  if (!order.contact.phone) return noNotice;
  const about = { orderId: order.id, kind, userId: order.customerId, ...(notice.key ? { key: notice.key } : {}) };
  if (whatsappOn() && (await wantsWhatsApp(tx, order.customerId))) {
    const wa = whatsappNotice({ orderNo: order.orderNo, locale: order.language, status: order.status }, kind, text);
    return recordMessage(tx, ctx, { channel: 'whatsapp', to: order.contact.phone, text: wa.text, template: { contentSid: wa.contentSid, variables: wa.variables }, fallbackText: text, ...about }, now);
  }
  return recordMessage(tx, ctx, { channel: 'sms', to: order.contact.phone, text, ...about }, now);
}

/**
 * The one way a notice about an order goes out: its text made from the order as moved, written to
 * send with the order in the caller's transaction (the timeline shows it), sent after it. The
 * console's moves (pickup ready, shipped, refund decided, refund paid) call this with the order
 * as moved. A `key` makes the notice go once, whichever process tries.
 */
export async function orderNotice(tx: Db, ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<Notice> {
  const text = noticeText(noticeOrder(ctx, order), event);
  return recordNotice(tx, ctx, { order, kind: event.kind, text, ...(key ? { key } : {}) }, now);
}

/** For a move made outside a transaction of the caller's: written, then nudged. */
export async function sendOrderNotice(ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<void> {
  const notice = await ctx.db.transaction((tx) => orderNotice(tx, ctx, order, event, now, key));
  await notice();
}

/** What closing an account erased of the messages: counts for the audit log. */
export interface MessagesForgotten {
  consents: number;
  carReminders: number;
  messages: number;
  withdrawn: number;
  replies: number;
}

/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * consents (reminders, WhatsApp) and the garage's reminders with their messages go; every other
 * message to the customer (its order's, its account's, or to its phone) that was sent or failed
 * keeps its text for the books and loses its destination; one still to send is withdrawn;
 * the WhatsApp replies from the phone lose their sender.
 */
export async function forgetCustomerMessages(tx: Db, who: { userId: string; phone: string | null; orderIds: string[] }): Promise<MessagesForgotten> {
  const consents = await tx.delete(reminderConsents).where(eq(reminderConsents.userId, who.userId)).returning({ id: reminderConsents.id });
  const reminders = tx.select({ id: carReminders.id }).from(carReminders).where(eq(carReminders.userId, who.userId));
  await tx.delete(outbox).where(inArray(outbox.carReminderId, reminders));
  const removed = await tx.delete(carReminders).where(eq(carReminders.userId, who.userId)).returning({ id: carReminders.id });
  const theirs = or(
    eq(outbox.userId, who.userId),
    who.orderIds.length ? inArray(outbox.orderId, who.orderIds) : undefined,
    who.phone ? eq(outbox.to, who.phone) : undefined,
  );
  // Not sent yet: withdrawn (a send under way finds no row to record, and is not tried again).
  const withdrawn = await tx
    .delete(outbox)
    .where(and(theirs, eq(outbox.state, 'sending')))
    .returning({ id: outbox.id });
  const forgotten = await tx
    .update(outbox)
    .set({ to: '' })
    .where(and(theirs, ne(outbox.to, '')))
    .returning({ id: outbox.id });
  const replies = who.phone
    ? await tx.update(inboundMessages).set({ from: '', fromPhone: null }).where(eq(inboundMessages.fromPhone, who.phone)).returning({ id: inboundMessages.id })
    : [];
  return { consents: consents.length, carReminders: removed.length, messages: forgotten.length + withdrawn.length, withdrawn: withdrawn.length, replies: replies.length };
}

/**
 * The SMS that confirms a closed account, written to send in the closing transaction with its
 * destination, sent after it by the one deliverer, its number erased once it has gone.
 */
export async function recordClosureSms(tx: Db, ctx: Pick<NoticeContext, 'db' | 'sms' | 'whatsapp'>, who: { userId: string; phone: string }, locale: Locale, now: Date): Promise<Notice> {
  return recordMessage(tx, ctx, { channel: 'sms', to: who.phone, userId: who.userId, text: accountClosedSms(locale), key: `account-closed:${who.userId}`, forgetTo: true }, now);
}
