import { isLocale } from '../../../contract/rules/language.ts';
import { fpxBanks, payMethods } from '../../../contract/rules/order-status.ts';
import { PaymentRefused, type CheckoutRequest } from './types.ts';

/** The largest amount the providers take in one payment (8 digits of sen). */
export const MAX_AMOUNT_SEN = 99_999_999;

const bankCodes = new Set<string>(fpxBanks.map((b) => b.code));
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

function text(value: unknown, field: string, max: number): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max || controlCharacters.test(value)) {
    throw new TypeError(`Checkout ${field} must be 1 to ${max} printable characters`);
  }
}

/**
 * Checks a checkout request before any provider sees it. A request the server built wrongly
 * throws a TypeError naming the field; a payment time already over is refused with a message.
 */
export function checkCheckoutRequest(request: CheckoutRequest, now: Date): void {
  text(request.paymentId, 'paymentId', 100);
  text(request.orderNo, 'orderNo', 40);
  text(request.description, 'description', 200);
  if (!Number.isSafeInteger(request.amountSen) || request.amountSen < 1 || request.amountSen > MAX_AMOUNT_SEN) {
    throw new TypeError(`Checkout amountSen must be a whole number of sen from 1 to ${MAX_AMOUNT_SEN}`);
  }
  if (request.currency !== 'MYR') throw new TypeError('Checkout currency must be MYR');
  if (!(payMethods as readonly string[]).includes(request.payMethod)) {
    throw new TypeError(`Checkout payMethod must be one of ${payMethods.join(', ')}`);
  }
  if (request.bankCode !== undefined) {
    if (request.payMethod !== 'fpx') throw new TypeError('Checkout bankCode is for FPX only');
    if (!bankCodes.has(request.bankCode)) throw new TypeError('Checkout bankCode is not an FPX bank');
  }
  let returnUrl: URL;
  try {
    returnUrl = new URL(request.returnUrl);
  } catch {
    throw new TypeError('Checkout returnUrl must be an absolute URL');
  }
  if (returnUrl.protocol !== 'https:' && returnUrl.protocol !== 'http:') throw new TypeError('Checkout returnUrl must be http or https');
  if (!isLocale(request.locale)) throw new TypeError('Checkout locale must be en, zh-cn or ms');
  if (!(request.expiresAt instanceof Date) || Number.isNaN(request.expiresAt.getTime())) {
    throw new TypeError('Checkout expiresAt must be a date');
  }
  if (request.expiresAt.getTime() <= now.getTime()) throw new PaymentRefused('order.paymentExpired');
}
