import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../contract/rules/language.ts';
import { isMessageKey, message } from '../../contract/rules/messages.ts';
import { MAX_RESCHEDULES } from '../../contract/my-orders-dto.ts';
import { fpxBanks } from '../../contract/rules/order-status.ts';
import { klInstant } from '../../contract/rules/kl-calendar.ts';
import { outbox } from '../modules/notifications/schema.ts';
import { jobUnits, timeOfUnit, unitOfTime } from '../modules/booking/slots.ts';
import type { OrderRow } from '../modules/orders/service.ts';
import { payments } from '../modules/payments/schema.ts';
import { reviewByDate } from '../modules/refunds/deadline.ts';
import { refundNo, refundsOf } from '../modules/refunds/service.ts';
import { signedImageUrl } from '../storage/signing.ts';
import type { ReadContext } from './context.ts';

type RefundPart = Awaited<ReturnType<typeof refundsOf>>[number];

/** A refund as the customer and the refund queue read it: its number, amounts, photos (signed links) and steps. */
export function refundView(ctx: ReadContext, orderNo: string, { refund, history, imageKeys }: RefundPart, locale: Locale, now: Date) {
  return {
    refundNo: refundNo(orderNo, refund.seq),
    status: refund.status,
    amountSen: refund.amountSen,
    requestedSen: refund.requestedSen,
    reason: refund.reason,
    contact: refund.contact,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
    reviewBy: reviewByDate(refund.createdAt),
    images: imageKeys.map((key) => ({ key, url: signedImageUrl(ctx.secret, key, now) })),
    history: history.map((h) => ({
      status: h.status,
      at: h.at.toISOString(),
      by: h.by,
      note: h.noteKey && isMessageKey(h.noteKey) ? message(locale, h.noteKey) : h.note,
    })),
  };
}

/**
 * What the customer reads beside a notice not sent yet, or not sent and why; nothing once the
 * provider took it. A WhatsApp message that failed for good says its SMS went instead (a
 * fallback is written in the same transaction as the failure).
 */
export function noticeStatus(n: Pick<typeof outbox.$inferSelect, 'state' | 'tries' | 'refused' | 'channel' | 'delivery' | 'fallbackText'>, locale: Locale): string | null {
  const whatsapp = n.channel === 'whatsapp';
  if (whatsapp && n.fallbackText && (n.state === 'failed' || n.delivery === 'failed')) return message(locale, 'notice.whatsappFailed');
  if (n.state === 'sent') return null;
  if (n.state === 'sending') return message(locale, n.tries === 0 ? 'notice.sending' : whatsapp ? 'notice.retryingWhatsapp' : 'notice.retrying');
  return n.refused ? message(locale, 'notice.refused') : message(locale, 'notice.unreachable', { tries: n.tries });
}

/** An installation's time as the customer and staff read it: date, start and the end its fitting takes. */
export function appointmentView(order: Pick<OrderRow, 'appointmentDate' | 'appointmentTime' | 'fittingMinutes'>) {
  if (!order.appointmentDate || !order.appointmentTime) return null;
  return {
    date: order.appointmentDate,
    time: order.appointmentTime,
    endTime: timeOfUnit(unitOfTime(order.appointmentTime) + jobUnits(order.fittingMinutes)),
  };
}

/**
 * A booked installation whose time is over while the workshop has not started it (a missed
 * visit, or staff yet to record it): by the shop's clock, once the job should have been done.
 */
export function appointmentPassed(order: Pick<OrderRow, 'method' | 'status' | 'stage' | 'appointmentDate' | 'appointmentTime' | 'fittingMinutes'>, now: Date): boolean {
  const booked = appointmentView(order);
  if (!booked || order.method !== 'install' || order.status !== 'UPCOMING' || order.stage !== 'BOOKED') return false;
  return now.getTime() >= klInstant(booked.date, booked.endTime).getTime();
}

/** What My Orders adds to an order's detail: refunds (newest first), payments, SMS sent, changes left. */
export async function orderParts(ctx: ReadContext, order: OrderRow, locale: Locale) {
  const now = ctx.now();
  const [refunds, paid, notices] = await Promise.all([
    refundsOf(ctx.db, order.id),
    ctx.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
    ctx.db.select().from(outbox).where(eq(outbox.orderId, order.id)).orderBy(asc(outbox.id)),
  ]);
  return {
    refunds: refunds.map((part) => refundView(ctx, order.orderNo, part, locale, now)),
    payments: paid.map((p) => ({
      method: p.method,
      bank: p.method === 'fpx' && p.bankCode ? { code: p.bankCode, name: fpxBanks.find((b) => b.code === p.bankCode)?.name ?? p.bankCode } : null,
      cardType: p.method === 'card' ? (p.cardType ?? null) : null,
      amountSen: p.amountSen,
      state: p.state,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      refundDue: p.refundDue,
    })),
    notices: notices.map((n) => ({
      kind: n.kind!,
      at: n.at.toISOString(),
      phone: n.to,
      // WhatsApp's *bold* marks are formatting, not words: the timeline shows the words.
      text: n.channel === 'whatsapp' ? n.text.replace(/\*([^*\n]+)\*/g, '$1') : n.text,
      channel: n.channel === 'whatsapp' ? ('whatsapp' as const) : ('sms' as const),
      delivery: n.delivery,
      fallback: n.fallbackOf !== null,
      sent: n.state === 'sent',
      state: n.state,
      status: noticeStatus(n, locale),
    })),
    reschedulesLeft: order.method === 'install' ? Math.max(0, MAX_RESCHEDULES - order.rescheduleCount) : 0,
  };
}
