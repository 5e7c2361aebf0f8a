/**
 * Malaysian mobile numbers. The customer types the local digits (with or without the
 * leading 0); the shop stores and sends them as +60…
 */
export const PHONE_MIN_DIGITS = 6;
export const COUNTRY_PREFIX = '+60';

export type PhoneProblem = 'phone.required' | 'phone.digitsOnly' | 'phone.tooShort' | 'phone.notMobile';

/** Mobile numbers after +60: 1X-XXX XXXX, and 11-XXXX XXXX. 015 is not a mobile range. */
const MOBILE = /^1(?:1\d{8}|[02-46-9]\d{7})$/;

/** Removes what people type around a number: +60, 60, a leading 0. */
export function nationalDigits(input: string): string {
  let d = input.trim();
  // Another country's code is kept, so the mobile check refuses it.
  if (d.startsWith('+') && !d.startsWith('+60')) return d;
  if (d.startsWith('+60')) d = d.slice(3);
  else if (d.startsWith('60') && d.length >= 11) d = d.slice(2);
  if (d.startsWith('0')) d = d.slice(1);
  return d;
}

/** The checks the login form makes as the customer types (docs/contracts/shop.md §5). */
export function checkPhoneInput(input: string): PhoneProblem | null {
  const raw = input.trim();
  if (raw === '') return 'phone.required';
  const body = raw.startsWith('+') ? raw.slice(1) : raw;
  if (!/^\d+$/.test(body)) return 'phone.digitsOnly';
  if (body.length < PHONE_MIN_DIGITS) return 'phone.tooShort';
  return null;
}

/** Full check, shared by the form and the server: a real Malaysian mobile number. */
export function checkPhone(input: string): PhoneProblem | null {
  const basic = checkPhoneInput(input);
  if (basic) return basic;
  return MOBILE.test(nationalDigits(input)) ? null : 'phone.notMobile';
}

/** `+60123456789` from anything `checkPhone` accepts. */
export function toE164(input: string): string {
  return COUNTRY_PREFIX + nationalDigits(input);
}

/** A number as dialled: without the spaces, dashes, dots and brackets people type between its groups. */
export function dialled(typed: string): string {
  return typed.replace(/[\s\-().]/g, '');
}

/** The `tel:` link of a number however it is written (`+60 3-7725 1234` → `tel:+60377251234`). */
export function telHref(phone: string): string {
  return `tel:${dialled(phone)}`;
}

/**
 * The one way a Malaysian number is written for people to read, whatever way it was stored or
 * typed (`+60123456789`, `012-345 6789`, `60 3 1234 5678`):
 *   mobiles            +60 12-345 6789, eleven digits +60 11-1234 5678
 *   landlines          +60 3-1234 5678 (Klang Valley), +60 4-123 4567 (a one-digit area)
 *   Sabah and Sarawak  +60 82-123 456, +60 88-123 4567 (a two-digit area from 8)
 * A number of another country, or one too short to be a number, is returned as it came.
 */
export function formatPhone(phone: string): string {
  const typed = phone.trim();
  const foreign = typed.startsWith('+') && !typed.startsWith('+60');
  const digits = dialled(typed);
  if (foreign || !/^\+?\d+$/.test(digits)) return typed;
  const d = nationalDigits(digits);
  if (d.length < 8 || d.length > 10) return typed;
  // The area (or mobile) code: two digits for mobiles and East Malaysia, else one.
  const area = /^[18]/.test(d) ? 2 : 1;
  const rest = d.slice(area);
  // The subscriber's number in two groups, the last of four digits (of three when six in all).
  const split = rest.length === 6 ? 3 : rest.length - 4;
  return `${COUNTRY_PREFIX} ${d.slice(0, area)}-${rest.slice(0, split)} ${rest.slice(split)}`;
}

export const OTP_LENGTH = 6;
export type OtpProblem = 'otp.required' | 'otp.invalid';

export function checkOtp(input: string): OtpProblem | null {
  const v = input.trim();
  if (v === '') return 'otp.required';
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(v) ? null : 'otp.invalid';
}
