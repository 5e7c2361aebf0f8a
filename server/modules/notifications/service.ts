import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { finishFreeJobs, scheduleJob } from '../../jobs/queue.ts';
import type { OrderRow } from '../orders/service.ts';
import { orderNotices } from './schema.ts';
import { isDue, NOTICE_RETRY_DELAYS_MS, nudgeAfterCommit, tryToSend } from './delivery.ts';
import { noticeText, type NoticeOrder, type OrderNoticeEvent } from './texts.ts';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';

/**
 * What a caller runs once its transaction has committed: a nudge that sends the notices it
 * wrote at once. Nothing depends on it: the job written with each notice sends it anyway (after
 * a crash, on another server), so a nudge never holds up or undoes the move it tells of.
 */
export type Notice = () => Promise<void>;

/** What telling a customer takes: the database, the SMS provider, the workshops' names. */
export interface NoticeContext {
  db: Db;
  sms: SmsProvider;
  indexes: { workshops: readonly { id: string; name: string }[] };
}

/** The job that sends one notice, and its retries. */
export const NOTICE_SEND_JOB = 'notice.send';

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

/** The key a notice carries to the provider on every try: the same notice, the same key. */
export const noticeKey = (notice: { id: number; orderId: string }) => `servauto-notice-${notice.orderId}-${notice.id}`;

/**
 * Writes an SMS about an order to send, with the job that sends it, in the caller's
 * transaction: both exist only if the move that causes them does, and neither is lost once it
 * has committed. A `key` makes the notice go once, whichever process writes it: a second one
 * with the same key is not written. Answers the nudge that sends it right after the commit.
 */
export async function recordNotice(
  tx: Db,
  ctx: Pick<NoticeContext, 'db' | 'sms'>,
  notice: { orderId: string; kind: NoticeKind; phone: string; text: string; key?: string },
  now: Date,
): Promise<Notice> {
  const [row] = await tx
    .insert(orderNotices)
    .values({ orderId: notice.orderId, kind: notice.kind, key: notice.key ?? null, phone: notice.phone, text: notice.text, at: now, nextTryAt: now })
    .onConflictDoNothing()
    .returning({ id: orderNotices.id });
  if (!row) return noNotice;
  await scheduleJob(tx, { kind: NOTICE_SEND_JOB, key: `${NOTICE_SEND_JOB}:${row.id}`, runAt: now, payload: { noticeId: row.id } }, now);
  return nudgeAfterCommit(ctx.db, `[sms] notice #${row.id}`, (t) => deliverNotice(t, { sms: ctx.sms }, row.id, now, { skipLocked: true }));
}

/**
 * The one way an SMS about an order goes out: its text made from the order as moved, written to
 * send with the order in the caller's transaction (the timeline shows it), sent by its job. The
 * console's moves (pickup ready, shipped, refund decided, refund paid) call this with the order
 * as moved. A `key` makes the notice go once, whichever process tries.
 */
export async function orderNotice(tx: Db, ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<Notice> {
  const text = noticeText(noticeOrder(ctx, order), event);
  return recordNotice(tx, ctx, { orderId: order.id, kind: event.kind, phone: order.contact.phone, text, ...(key ? { key } : {}) }, now);
}

/** For a move made outside a transaction of the caller's: written, then sent at once. */
export async function sendOrderNotice(ctx: NoticeContext, order: OrderRow, event: OrderNoticeEvent, now: Date, key?: string): Promise<void> {
  const notice = await ctx.db.transaction((tx) => orderNotice(tx, ctx, order, event, now, key));
  await notice();
}

export interface DeliverContext {
  sms: SmsProvider;
  /** The waits between tries (default NOTICE_RETRY_DELAYS_MS): one more try than waits. */
  retryDelaysMs?: readonly number[];
}

/**
 * Sends one notice if it is still to send and its turn has come, in the caller's transaction
 * (which holds the notice's row, so no other process sends it meanwhile): with its key, so a
 * try repeated after a crash between the provider's answer and the commit is one message at a
 * provider that honours keys. Accepted: sent. Refused for good, or after the last try: failed,
 * with the reason. Otherwise the next try is scheduled after its wait.
 */
export async function deliverNotice(tx: Db, ctx: DeliverContext, id: number, now: Date, { skipLocked = false } = {}): Promise<void> {
  const [notice] = await tx
    .select()
    .from(orderNotices)
    .where(eq(orderNotices.id, id))
    .for('update', skipLocked ? { skipLocked: true } : {});
  if (!notice || !isDue(notice, now)) return;
  // This try stands for every job of the notice still waiting (a retry is scheduled anew below).
  await finishFreeJobs(tx, `${NOTICE_SEND_JOB}:${id}`, now);
  const tried = await tryToSend(notice, async () => (await ctx.sms.send({ phone: notice.phone, text: notice.text, key: noticeKey(notice) }))?.ref ?? null, {
    delays: ctx.retryDelaysMs ?? NOTICE_RETRY_DELAYS_MS,
    now,
    what: `[sms] ${notice.kind} notice #${id}`,
  });
  await tx
    .update(orderNotices)
    .set({ ...tried.change, ...(tried.sent ? { sent: true } : {}) })
    .where(eq(orderNotices.id, id));
  if (tried.retryAt) await scheduleJob(tx, { kind: NOTICE_SEND_JOB, key: `${NOTICE_SEND_JOB}:${id}:${tried.change.tries}`, runAt: tried.retryAt, payload: { noticeId: id } }, now);
}
