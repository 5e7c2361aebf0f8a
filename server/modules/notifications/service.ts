import type { Db } from '../../db/client.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { OrderRow } from '../orders/service.ts';
import { recordMessage, type Notice } from './outbox.ts';
import { noticeText, type NoticeOrder, type OrderNoticeEvent } from './texts.ts';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';

export { noNotice, type Notice } from './outbox.ts';

/** What telling a customer takes: the database, the SMS provider, the workshops' names. */
export interface NoticeContext {
  db: Db;
  sms: SmsProvider;
  indexes: { workshops: readonly { id: string; name: string }[] };
}

export function noticeOrder(ctx: Pick<NoticeContext, 'indexes'>, order: OrderRow): NoticeOrder {
  const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
  return {
    orderNo: order.orderNo,
    method: order.method,
    workshop: workshop?.name ?? null,
    appointment: order.appointmentDate && order.appointmentTime ? { date: order.appointmentDate, time: order.appointmentTime } : null,
    pickupCode: order.pickupCode,
    expressCompany: order.expressCompany,
    expressNo: order.expressNo,
    locale: order.language,
  };
}

/**
 * Writes an SMS about an order to send, in the outbox, in the caller's transaction: it exists
 * only if the move that causes it does, and is not lost once that has committed; the order's
 * timeline shows it. A `key` makes the notice go once, whichever process writes it: a second one
 * with the same key is not written. Answers the nudge that starts sending it after the commit.
 */
export async function recordNotice(
  tx: Db,
  ctx: Pick<NoticeContext, 'db' | 'sms'>,
  notice: { orderId: string; kind: NoticeKind; phone: string; text: string; key?: string },
  now: Date,
): Promise<Notice> {
  return recordMessage(tx, ctx, { channel: 'sms', to: notice.phone, text: notice.text, orderId: notice.orderId, kind: notice.kind, ...(notice.key ? { key: notice.key } : {}) }, now);
}

/**
 * The one way an SMS about an order goes out: its text made from the order as moved, written to
 * send with the order in the caller's transaction (the timeline shows it), sent after it. The
 * console's moves (pickup ready, shipped, refund decided, refund paid) call this with the order
 * as moved. A `key` makes the notice go once, whichever process tries.
 */
export async function orderNotice(tx: Db, ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<Notice> {
  const text = noticeText(noticeOrder(ctx, order), event);
  return recordNotice(tx, ctx, { orderId: order.id, kind: event.kind, phone: order.contact.phone, text, ...(key ? { key } : {}) }, now);
}

/** For a move made outside a transaction of the caller's: written, then nudged. */
export async function sendOrderNotice(ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<void> {
  const notice = await ctx.db.transaction((tx) => orderNotice(tx, ctx, order, event, now, key));
  await notice();
}
