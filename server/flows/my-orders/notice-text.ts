import { addDays, klInstant } from '../../../contract/kl-calendar.ts';
import type { Locale } from '../../../contract/language.ts';
import { message } from '../../../contract/messages.ts';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';
import type { FulfilmentMethod } from '../../../contract/order-status.ts';
import { ringgit } from '../../../contract/order-total.ts';
import { paidSms, refundDueSms, smsDate } from '../../modules/orders/notices.ts';

/**
 * The words of the SMS that follow an order, in the order's language. Pure. No links:
 * Malaysian rules refuse SMS with URLs, so even a staff note loses any it carries.
 */

export type OrderNoticeEvent =
  | { kind: 'bookingConfirmed' }
  | { kind: 'reminder' }
  | { kind: 'pickupReady' }
  | { kind: 'shipped' }
  | { kind: 'refundDecided'; approved: boolean; amountSen: number; note?: string }
  | { kind: 'refundPaid'; amountSen: number }
  | { kind: 'refundDue'; amountSen: number };

export interface NoticeOrder {
  orderNo: string;
  method: FulfilmentMethod;
  workshop: string | null;
  appointment: { date: string; time: string } | null;
  pickupCode: string | null;
  expressCompany: string | null;
  expressNo: string | null;
  locale: Locale;
}

const LINK = /\b(?:https?:\/\/|www\.)\S*/gi;

/** The text without web addresses, its spaces tidied. */
export function withoutLinks(text: string): string {
  return text.replace(LINK, '').replace(/\s+/g, ' ').trim();
}

export function noticeText(order: NoticeOrder, event: OrderNoticeEvent): string {
  const { orderNo, locale } = order;
  const workshop = order.workshop ?? '';
  switch (event.kind) {
    case 'bookingConfirmed':
      return paidSms({ orderNo, method: order.method, workshop: order.workshop, appointment: order.appointment, locale });
    case 'reminder':
      return message(locale, 'sms.reminder', {
        orderNo,
        workshop,
        date: order.appointment ? smsDate(order.appointment.date, locale) : '',
        time: order.appointment?.time ?? '',
      });
    case 'pickupReady':
      return message(locale, 'sms.pickupReady', { orderNo, workshop, code: order.pickupCode ?? '' });
    case 'shipped':
      return message(locale, 'sms.shipped', { orderNo, company: withoutLinks(order.expressCompany ?? ''), trackingNo: withoutLinks(order.expressNo ?? '') });
    case 'refundDecided':
      return event.approved
        ? message(locale, 'sms.refundApproved', { orderNo, amount: ringgit(event.amountSen) })
        : withoutLinks(message(locale, 'sms.refundRejected', { orderNo, note: withoutLinks(event.note ?? '') }));
    case 'refundPaid':
      return message(locale, 'sms.refundPaid', { orderNo, amount: ringgit(event.amountSen) });
    case 'refundDue':
      return refundDueSms(orderNo, event.amountSen, locale);
  }
}

export const noticeKindOf = (event: OrderNoticeEvent): NoticeKind => event.kind;

/** Reminders go out at 10:00 Kuala Lumpur time the day before the appointment. */
export const REMINDER_TIME = '10:00';

export function reminderAt(appointment: { date: string; time: string }): Date {
  return klInstant(addDays(appointment.date, -1), REMINDER_TIME);
}
