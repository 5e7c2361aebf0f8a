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

/** The checks the login form makes as the customer types (spec §5). */
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

/** `+60 12-345 6789` for people to read; ten digits (011 and others) as `+60 11-2345 6789`. */
export function formatPhone(e164: string): string {
  const d = nationalDigits(e164);
  const split = d.length >= 10 ? 6 : 5;
  return `+60 ${d.slice(0, 2)}-${d.slice(2, split)} ${d.slice(split)}`;
}

export const OTP_LENGTH = 6;
export type OtpProblem = 'otp.required' | 'otp.invalid';

export function checkOtp(input: string): OtpProblem | null {
  const v = input.trim();
  if (v === '') return 'otp.required';
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(v) ? null : 'otp.invalid';
}
