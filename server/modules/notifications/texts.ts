import type { Locale } from '../../../contract/rules/language.ts';
import { message, type MessageKey } from '../../../contract/rules/messages.ts';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';
import type { FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import { ringgit } from '../../../contract/rules/order-total.ts';
import type { ReminderKind } from '../../../contract/rules/reminder-moments.ts';
import { fitSms, gsmPunctuation, smsPrefix, withoutLinksOrPhones } from '../../../contract/rules/sms.ts';
import { shopBrand } from '../seller/details.ts';

/**
 * The words of every SMS the shop sends, in the customer's language. Pure. Malaysian operators
 * deliver an SMS only as rules/sms.ts says: each starts with "RM0 " and the brand named in
 * content/seller.json, carries no link and no phone number (a staff note or closure reason
 * loses any it carries, and is cut to fit), and fits one segment in English and Malay, two in
 * Chinese. tests/unit/sms-texts.test.ts renders every one at its longest and counts.
 * Dates go in as KL calendar dates; message() writes them in words (rules/dates.ts).
 */

export type OrderNoticeEvent =
  | { kind: 'bookingConfirmed' }
  /** The installation moved: the new date and time (the order as moved). */
  | { kind: 'timeChanged' }
  | { kind: 'reminder' }
  | { kind: 'pickupReady' }
  | { kind: 'shipped' }
  | { kind: 'refundDecided'; approved: boolean; amountSen: number; note?: string }
  | { kind: 'refundPaid'; amountSen: number }
  /** why 'coupon': a late payment the order could not take because its coupon was used meanwhile. */
  | { kind: 'refundDue'; amountSen: number; why?: 'coupon' }
  | { kind: 'moneyReturned'; amountSen: number }
  /** Done: thanks, and the invitation to review it in My Orders (no link). */
  | { kind: 'completed' }
  /** A warranty claim's decisions (docs/contracts/going-live.md §2): accepted (book the free repair), rejected with the staff's reason, a refund instead. */
  | { kind: 'warrantyAccepted' }
  | { kind: 'warrantyRejected'; reason: string }
  | { kind: 'warrantyRefund'; amountSen: number }
  /** The free repair booked, and done. */
  | { kind: 'warrantyBooked'; date: string; time: string }
  | { kind: 'warrantyResolved' }
  /** At the customer's place: the technician set off, arriving in about `etaMinutes`. */
  | { kind: 'onTheWay'; etaMinutes: number }
  /** The customer was not there: `amountSen` goes back, the visit fee is kept. */
  | { kind: 'visitMissed'; amountSen: number };

export interface NoticeOrder {
  orderNo: string;
  method: FulfilmentMethod;
  workshop: string | null;
  /** Installation: the appointment; at the customer's place, the window (`end` its close). */
  appointment: { date: string; time: string; end?: string } | null;
  pickupCode: string | null;
  expressCompany: string | null;
  expressNo: string | null;
  locale: Locale;
}

/** An SMS text: the message after "RM0 " and the shop's brand from the seller's details. */
export function smsMessage(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return (smsPrefix(shopBrand()) + message(locale, key, params)).trimEnd();
}

/** A text typed by staff (a note, a closure reason) without web addresses or phone numbers, its spaces tidied. */
export const withoutLinks = withoutLinksOrPhones;

/** The SMS with the staff-typed `value` at `name`, cut (with an ellipsis) so that the whole fits. */
function smsWithFreeText(locale: Locale, key: MessageKey, params: Record<string, string | number>, name: string, value: string): string {
  const plain = withoutLinksOrPhones(locale === 'zh-cn' ? value : gsmPunctuation(value));
  return fitSms((v) => smsMessage(locale, key, { ...params, [name]: v }), plain, locale);
}

/** The login code. */
export const otpSms = (locale: Locale, code: string): string => smsMessage(locale, 'sms.otp', { code });

/** The code that closes an account (docs/contracts/running-the-business.md §5): never worded as a login code. */
export const closeCodeSms = (locale: Locale, code: string): string => smsMessage(locale, 'sms.closeCode', { code, brand: shopBrand() });

/** The confirmation that the account is closed and its personal data erased. */
export const accountClosedSms = (locale: Locale): string => smsMessage(locale, 'sms.accountClosed');

/** A garage car's reminder (service due, road tax or insurance running out), and its e-mail's subject. */
export function carReminderTexts(kind: ReminderKind, car: string, dueDate: string, locale: Locale): { text: string; subject: string; emailText: string } {
  const words = message(locale, `reminder.${kind}`, { car, date: dueDate }).trim();
  return {
    text: smsMessage(locale, `reminder.${kind}`, { car, date: dueDate }),
    subject: withoutLinksOrPhones(message(locale, 'reminder.subject', { car, brand: shopBrand() })),
    // An e-mail is no SMS: no operator's prefix; its sentence starts the body, the brand signs it.
    emailText: `${words.charAt(0).toLocaleUpperCase(locale)}${words.slice(1)}\n\n${shopBrand()}`,
  };
}

export interface PaidNotice {
  orderNo: string;
  method: FulfilmentMethod;
  workshop: string | null;
  appointment: { date: string; time: string; end?: string } | null;
  locale: Locale;
}

/** When an order is paid: the order number and, for installation, the workshop, date and time. */
export function paidSms(order: PaidNotice): string {
  const { orderNo, locale } = order;
  if (order.method === 'install' && order.appointment) {
    return smsMessage(locale, 'sms.paidInstall', {
      orderNo,
      workshop: order.workshop ?? '',
      date: order.appointment.date,
      time: order.appointment.time,
    });
  }
  if (order.method === 'mobile' && order.appointment) {
    const { date, time, end = time } = order.appointment;
    return smsMessage(locale, 'sms.paidMobile', { orderNo, date, time, end });
  }
  if (order.method === 'pickup') return smsMessage(locale, 'sms.paidPickup', { orderNo, workshop: order.workshop ?? '' });
  return smsMessage(locale, 'sms.paidMail', { orderNo });
}

const refundDueKeys = { none: 'sms.refundDue', coupon: 'sms.refundDueCoupon' } as const;

/** Money an order cannot use, and why when the customer could not guess it. */
export function refundDueSms(orderNo: string, amountSen: number, locale: Locale, why?: 'coupon'): string {
  return smsMessage(locale, refundDueKeys[why ?? 'none'], { orderNo, amount: ringgit(amountSen) });
}

/** To a customer booked on a day the workshop has since closed. */
export function closureSms(order: { orderNo: string; locale: Locale }, closure: { workshop: string; date: string; reason: string }): string {
  const { reason, ...rest } = closure;
  return smsWithFreeText(order.locale, 'sms.closure', { ...rest, orderNo: order.orderNo }, 'reason', reason);
}

export function noticeText(order: NoticeOrder, event: OrderNoticeEvent): string {
  const { orderNo, locale } = order;
  const workshop = order.workshop ?? '';
  switch (event.kind) {
    case 'bookingConfirmed':
      return paidSms({ orderNo, method: order.method, workshop: order.workshop, appointment: order.appointment, locale });
    case 'timeChanged':
      if (order.method === 'mobile') {
        const { date = '', time = '', end = time } = order.appointment ?? {};
        return smsMessage(locale, 'sms.windowChanged', { orderNo, date, time, end });
      }
      return smsMessage(locale, 'sms.timeChanged', {
        orderNo,
        workshop,
        date: order.appointment?.date ?? '',
        time: order.appointment?.time ?? '',
      });
    case 'reminder':
      if (order.method === 'mobile') {
        const { date = '', time = '', end = time } = order.appointment ?? {};
        return smsMessage(locale, 'sms.reminderMobile', { orderNo, date, time, end });
      }
      return smsMessage(locale, 'sms.reminder', {
        orderNo,
        workshop,
        date: order.appointment?.date ?? '',
        time: order.appointment?.time ?? '',
      });
    case 'pickupReady':
      return smsMessage(locale, 'sms.pickupReady', { orderNo, workshop, code: order.pickupCode ?? '' });
    case 'shipped':
      return smsMessage(locale, 'sms.shipped', { orderNo, company: order.expressCompany ?? '', trackingNo: order.expressNo ?? '' });
    case 'refundDecided':
      return event.approved
        ? smsMessage(locale, 'sms.refundApproved', { orderNo, amount: ringgit(event.amountSen) })
        : smsWithFreeText(locale, 'sms.refundRejected', { orderNo }, 'note', event.note ?? '');
    case 'refundPaid':
      return smsMessage(locale, 'sms.refundPaid', { orderNo, amount: ringgit(event.amountSen) });
    case 'refundDue':
      return refundDueSms(orderNo, event.amountSen, locale, event.why);
    case 'moneyReturned':
      return smsMessage(locale, 'sms.moneyReturned', { orderNo, amount: ringgit(event.amountSen) });
    case 'completed':
      return order.method === 'install' ? smsMessage(locale, 'sms.completedInstall', { orderNo, workshop }) : smsMessage(locale, 'sms.completed', { orderNo });
    case 'warrantyAccepted':
      return smsMessage(locale, 'sms.warrantyAccepted', { orderNo, workshop });
    case 'warrantyRejected':
      return smsWithFreeText(locale, 'sms.warrantyRejected', { orderNo }, 'reason', event.reason);
    case 'warrantyRefund':
      return smsMessage(locale, 'sms.warrantyRefund', { orderNo, amount: ringgit(event.amountSen) });
    case 'warrantyBooked':
      return smsMessage(locale, 'sms.warrantyBooked', { orderNo, workshop, date: event.date, time: event.time });
    case 'warrantyResolved':
      return smsMessage(locale, 'sms.warrantyResolved', { orderNo });
    case 'onTheWay':
      return smsMessage(locale, 'sms.onTheWay', { orderNo, eta: event.etaMinutes });
    case 'visitMissed':
      return smsMessage(locale, 'sms.visitMissed', { orderNo, amount: ringgit(event.amountSen) });
  }
}

export const noticeKindOf = (event: OrderNoticeEvent): NoticeKind => event.kind;
