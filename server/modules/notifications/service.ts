import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { OrderRow } from '../orders/service.ts';
import { orderNotices } from './schema.ts';
import { noticeText, type NoticeOrder, type OrderNoticeEvent } from './texts.ts';
import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';

/** Sent after the commit: a notice never holds up or undoes the move it tells of. */
export type Notice = () => Promise<void>;

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

export const noNotice: Notice = async () => {};

/**
 * The one way an SMS about an order goes out: recorded with the order in the caller's
 * transaction (so the timeline shows it, and it exists only if the move does), sent by the
 * returned function once that transaction has committed. The console's moves (pickup ready,
 * shipped, refund decided, refund paid) call this with the order as moved. A `key` makes the
 * notice go once, whichever process tries: a second one with the same key is not sent.
 */
export async function orderNotice(tx: Db, ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<Notice> {
  const phone = order.contact.phone;
  const text = noticeText(noticeOrder(ctx, order), event);
  const [row] = await tx
    .insert(orderNotices)
    .values({ orderId: order.id, kind: event.kind, key: key ?? null, phone, text, at: now })
    .onConflictDoNothing()
    .returning({ id: orderNotices.id });
  if (!row) return noNotice;
  return async () => {
    try {
      await ctx.sms.send({ phone, text });
    } catch (err) {
      log.error(`[sms] ${event.kind} notice for order ${order.orderNo} not sent: ${errorMessage(err)}`);
      await ctx.db
        .update(orderNotices)
        .set({ sent: false })
        .where(eq(orderNotices.id, row.id))
        .catch(() => {});
    }
  };
}

/** For a move made outside a transaction of the caller's: records and sends at once. */
export async function sendOrderNotice(ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<void> {
  const notice = await ctx.db.transaction((tx) => orderNotice(tx, ctx, order, event, now, key));
  await notice();
}

/** The SMS of a message sent but not recorded on the order (a workshop closing), its failure only logged. */
export async function sendSms(ctx: Pick<NoticeContext, 'sms'>, phone: string, text: string, what: string): Promise<void> {
  await ctx.sms.send({ phone, text }).catch((err: unknown) => {
    log.error(`[sms] ${what} not sent: ${errorMessage(err)}`);
  });
}

