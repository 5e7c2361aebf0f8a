import type { Locale } from '../../../contract/language.ts';
import { message } from '../../../contract/messages.ts';
import type { FulfilmentMethod } from '../../../contract/order-status.ts';
import { ringgit } from '../../../contract/order-total.ts';

/**
 * The SMS a customer gets when an order is paid: the order number and, for installation, the
 * workshop, date and time. No links: Malaysian rules now refuse SMS with URLs.
 */

const dateLocale: Record<Locale, string> = { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' };

/** "Wed, 4 Jun 2025" in the customer's language; the date is a Kuala Lumpur calendar date. */
export function smsDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(dateLocale[locale], { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export interface PaidNotice {
  orderNo: string;
  method: FulfilmentMethod;
  workshop: string | null;
  appointment: { date: string; time: string } | null;
  locale: Locale;
}

export function paidSms(order: PaidNotice): string {
  const { orderNo, locale } = order;
  if (order.method === 'install' && order.appointment) {
    return message(locale, 'sms.paidInstall', {
      orderNo,
      workshop: order.workshop ?? '',
      date: smsDate(order.appointment.date, locale),
      time: order.appointment.time,
    });
  }
  if (order.method === 'pickup') return message(locale, 'sms.paidPickup', { orderNo, workshop: order.workshop ?? '' });
  return message(locale, 'sms.paidMail', { orderNo });
}

export function refundDueSms(orderNo: string, amountSen: number, locale: Locale): string {
  return message(locale, 'sms.refundDue', { orderNo, amount: ringgit(amountSen) });
}

