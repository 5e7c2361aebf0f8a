import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkOtp, checkPhone, checkPhoneInput, formatPhone, nationalDigits, toE164 } from '../../contract/rules/phone.ts';

describe('checkPhoneInput: what the login form says while the customer types', () => {
  test.each(['', '   '])('%j: the number is required', (input) => {
    expect(checkPhoneInput(input)).toBe('phone.required');
  });

  test.each(['1', '12345', '+12345'])('%s: fewer than six digits', (input) => {
    expect(checkPhoneInput(input)).toBe('phone.tooShort');
  });

  test.each(['abcdef', '012-3456789', '012 345 6789', '(012)3456789', '0١٢٣٤٥٦٧٨٩', '++60123456789', '60+123456789'])(
    '%s: digits only',
    (input) => {
      expect(checkPhoneInput(input)).toBe('phone.digitsOnly');
    },
  );

  test('letters are reported before length', () => {
    expect(checkPhoneInput('12a')).toBe('phone.digitsOnly');
  });

  test.each(['123456', '0123456789', '+60123456789', ' 0123456789 ', '0312345678'])('%s: fine so far', (input) => {
    expect(checkPhoneInput(input)).toBeNull();
  });
});

describe('checkPhone: a Malaysian mobile number', () => {
  test.each([
    ['Maxis 012', '0123456789'],
    ['Celcom 019', '0193456789'],
    ['Digi 016', '0162345678'],
    ['U Mobile 018', '0182345678'],
    ['Celcom 013', '0132345678'],
    ['Digi 014', '0142345678'],
    ['Celcom 010', '0102345678'],
    ['Maxis 017', '0172345678'],
    ['eleven digits on 011', '01123456789'],
    ['with +60', '+60123456789'],
    ['with 60', '60123456789'],
    ['without the leading 0', '123456789'],
  ])('%s (%s) is accepted', (_what, input) => {
    expect(checkPhone(input)).toBeNull();
  });

  test.each([
    ['a Kuala Lumpur landline', '0312345678'],
    ['eleven digits on 012 (only 011 has eight after the prefix)', '01234567890'],
    ['a toll-free 1-800 number without its 0', '1800888000'],
    ['a plus sign with another country code', '+0123456789'],
    ['a Penang landline', '042345678'],
    ['a 015 internet number', '0154123456'],
    ['a Singapore mobile', '+6591234567'],
    ['011 with only seven digits after it', '0112345678'],
    ['011 with nine digits after it', '011234567890'],
    ['012 with six digits after it', '012345678'],
    ['012 with nine digits after it', '012345678901'],
    ['six digits', '123456'],
  ])('%s (%s) is not a Malaysian mobile', (_what, input) => {
    expect(checkPhone(input)).toBe('phone.notMobile');
  });

  test('the form checks come first', () => {
    expect(checkPhone('')).toBe('phone.required');
    expect(checkPhone('12345')).toBe('phone.tooShort');
    expect(checkPhone('012-3456789')).toBe('phone.digitsOnly');
  });
});

describe('nationalDigits', () => {
  test.each([
    ['+60123456789', '123456789'],
    ['60123456789', '123456789'],
    ['0123456789', '123456789'],
    ['123456789', '123456789'],
    [' +601123456789 ', '1123456789'],
  ])('%s → %s', (input, digits) => {
    expect(nationalDigits(input)).toBe(digits);
  });

  test('a short number starting with 60 keeps its 60', () => {
    expect(nationalDigits('6012345')).toBe('6012345');
  });
});

describe('toE164: the form the shop stores and sends to', () => {
  test.each(['0123456789', '123456789', '60123456789', '+60123456789', ' 0123456789 '])('%j → +60123456789', (input) => {
    expect(toE164(input)).toBe('+60123456789');
  });

  test('keeps all eleven digits of an 011 number', () => {
    expect(toE164('01123456789')).toBe('+601123456789');
  });
});

describe('formatPhone: for people to read', () => {
  test.each([
    ['+60123456789', '+60 12-345 6789'],
    ['+60193456789', '+60 19-345 6789'],
    ['+601112345678', '+60 11-1234 5678'],
    ['+601234567890', '+60 12-3456 7890'],
    ['+60312345678', '+60 3-1234 5678'],
    ['+6041234567', '+60 4-123 4567'],
    ['+6082123456', '+60 82-123 456'],
    ['+60881234567', '+60 88-123 4567'],
  ])('%s → %s', (e164, shown) => {
    expect(formatPhone(e164)).toBe(shown);
  });

  test.each([
    ['0123456789', '+60 12-345 6789'],
    ['012-345 6789', '+60 12-345 6789'],
    ['+60 12-345 6789', '+60 12-345 6789'],
    ['03-1234 5678', '+60 3-1234 5678'],
    ['60 3 1234 5678', '+60 3-1234 5678'],
    ['+60 3-0000 0000', '+60 3-0000 0000'],
  ])('reads %j, however it was written, as %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  test.each(['+65 6123 4567', '12345', 'call us'])('leaves %j as it came', (typed) => {
    expect(formatPhone(typed)).toBe(typed);
  });

  test('every workshop phone and the seller phone in content/ are written as formatPhone writes them', () => {
    const dir = path.resolve('content/stores');
    const phones = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/"phone":\s*"([^"]+)"/g)].map((m) => m[1]!));
    phones.push((JSON.parse(readFileSync(path.resolve('content/seller.json'), 'utf8')) as { phone: string }).phone);
    expect(phones.length).toBeGreaterThan(50);
    expect(phones.filter((p) => formatPhone(p) !== p)).toEqual([]);
  });
});

describe('checkOtp', () => {
  test.each(['123456', '000000', ' 987654 '])('%j is a code', (input) => {
    expect(checkOtp(input)).toBeNull();
  });

  test.each(['', '   '])('%j: the code is required', (input) => {
    expect(checkOtp(input)).toBe('otp.required');
  });

  test.each(['123', '12345', '1234567', '12a456', '12 456', '１２３４５６', '-12345'])('%j is not a 6-digit code', (input) => {
    expect(checkOtp(input)).toBe('otp.invalid');
  });
});
