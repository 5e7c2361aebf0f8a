import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { consoleOrdersComplete } from '../../contract/console.ts';
import { locales, type Locale } from '../../contract/rules/language.ts';
import { isMessageKey } from '../../contract/rules/messages.ts';
import { clientLogin, sendSms } from '../../contract/user.ts';
import { describeIssue } from '../../server/http/validation.ts';

/** A booking-like body, to have fields of every kind. */
const booking = z.strictObject({
  plate: z.string().min(3).max(10),
  seats: z.number().int().min(2),
  paid: z.boolean(),
  slot: z.enum(['09:00', '11:00', '14:00']),
  email: z.email().optional(),
  car: z.strictObject({ brandId: z.number(), model: z.string() }).optional(),
  sizes: z.array(z.number()).optional(),
});

const good = { plate: 'WXY 1234', seats: 5, paid: false, slot: '09:00' };

/** The first problem with `body`, as the server words it (the server parses with reportInput). */
function problem(schema: z.ZodType, body: unknown, locale: Locale = 'en', labels?: Parameters<typeof describeIssue>[2]) {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) throw new Error('expected the body to be refused');
  return describeIssue(parsed.error.issues[0]!, locale, labels);
}

describe('describeIssue: the first problem of a refused body, for a person', () => {
  test('a missing field is required', () => {
    const { plate: _, ...body } = good;
    expect(problem(booking, body)).toEqual({ field: 'plate', msg: 'plate is required.' });
  });

  test.each([
    ['plate', 1234, 'plate must be text.'],
    ['seats', '5', 'seats must be a number.'],
    ['seats', 4.5, 'seats must be a whole number.'],
    ['paid', 'yes', 'paid must be true or false.'],
    ['car', 'Perodua Myvi', 'car must be an object.'],
    ['sizes', 24, 'sizes must be a list.'],
  ])('%s given %j: %s', (field, value, msg) => {
    expect(problem(booking, { ...good, [field]: value })).toEqual({ field, msg });
  });

  test('null is a wrong type, not a missing field', () => {
    expect(problem(booking, { ...good, plate: null })).toEqual({ field: 'plate', msg: 'plate must be text.' });
  });

  test('too short and too long', () => {
    expect(problem(booking, { ...good, plate: 'W1' })).toEqual({ field: 'plate', msg: 'plate is too short.' });
    expect(problem(booking, { ...good, plate: 'WXY 1234 5678' })).toEqual({ field: 'plate', msg: 'plate is too long.' });
  });

  test('a value outside a list names the choices', () => {
    expect(problem(booking, { ...good, slot: '10:00' })).toEqual({ field: 'slot', msg: 'slot must be one of: 09:00, 11:00, 14:00.' });
  });

  test('an unknown field is named as the field', () => {
    expect(problem(booking, { ...good, coupon: 'RAYA25' })).toEqual({ field: 'coupon', msg: 'coupon is not a field of this call.' });
  });

  test('a nested field is named by its path', () => {
    expect(problem(booking, { ...good, car: { brandId: 'perodua', model: 'Myvi' } })).toEqual({
      field: 'car.brandId',
      msg: 'car.brandId must be a number.',
    });
  });

  test('a list item is named by its index', () => {
    expect(problem(booking, { ...good, sizes: [24, '16'] })).toEqual({ field: 'sizes.1', msg: 'sizes.1 must be a number.' });
  });

  test('a problem with the whole body is named body', () => {
    expect(problem(booking, 'WXY 1234')).toEqual({ field: 'body', msg: 'body must be an object.' });
  });

  test('any other problem: the field is not valid', () => {
    expect(problem(booking, { ...good, email: 'aminah@' })).toEqual({ field: 'email', msg: 'email is not valid.' });
  });

  test('a contract message key is worded as that message', () => {
    expect(problem(sendSms.request, { phone: '0312345678' })).toEqual({
      field: 'phone',
      msg: 'Please enter a valid Malaysian mobile number.',
    });
    expect(problem(clientLogin.request, { phone: '0123456789', code: '12a456' })).toEqual({ field: 'code', msg: 'Please enter 6-digit OTP' });
  });

  test('a missing phone asks for it', () => {
    expect(problem(sendSms.request, {})).toEqual({ field: 'phone', msg: 'Enter your phone number to get otp login' });
  });

  describe('in the request language', () => {
    test('Chinese', () => {
      expect(problem(booking, { ...good, seats: '5' }, 'zh-cn')).toEqual({ field: 'seats', msg: 'seats 必须是数字。' });
      expect(problem(sendSms.request, { phone: '12345' }, 'zh-cn').msg).toBe('请至少输入六位数字。');
    });

    test('Malay', () => {
      expect(problem(booking, { ...good, seats: 4.5 }, 'ms')).toEqual({ field: 'seats', msg: 'seats mestilah nombor bulat.' });
      expect(problem(booking, { ...good, extra: 1 }, 'ms').msg).toBe('extra bukan medan panggilan ini.');
    });
  });
});

describe("a contract message's placeholders are filled", () => {
  const complete = (body: object, locale: Locale) => problem(consoleOrdersComplete.request, { orderNo: 'SA1', ...body }, locale, consoleOrdersComplete.fieldLabels);
  const tyres = [
    { lineId: 'l1', dot: '3225' },
    { lineId: 'l1', dot: '32x5', dotFull: 'D'.repeat(41) },
  ];

  test.each([
    ['en', 'Tyre 2: the DOT date code is 4 digits, the week then the year (e.g. 3225).'],
    ['zh-cn', '轮胎 2：DOT 日期码为 4 位数字，先周后年（例如 3225）。'],
    ['ms', 'Tayar 2: kod tarikh DOT ialah 4 digit, minggu kemudian tahun (cth. 3225).'],
  ] as const)('a list item names its place, counted from 1 (%s)', (locale, msg) => {
    expect(complete({ tyres }, locale)).toEqual({ field: 'tyres.1.dot', msg });
    expect(complete({ tyres: [tyres[0], { ...tyres[1], dot: '3225' }] }, locale).msg).toMatch(/^(Tyre|轮胎|Tayar) 2[:：]/);
  });

  test.each([
    ['en', 1.5, 'Odometer (km) must be a whole number.'],
    ['zh-cn', 'x', '里程表（公里）必须是数字。'],
    ['ms', 1.5, 'Odometer (km) mestilah nombor bulat.'],
    ['en', -1, 'Odometer (km) must be at least 0.'],
    ['ms', -1, 'Odometer (km) mestilah sekurang-kurangnya 0.'],
  ] as const)("a type's message says the type expected, and gives way to the range's (%s, %j)", (locale, odometerKm, msg) => {
    expect(complete({ odometerKm }, locale)).toEqual({ field: 'odometerKm', msg });
  });

  // Every message key a call's schema names, as a refusal of any kind at a list item: no
  // placeholder is left showing, in any language.
  const contractDir = new URL('../../contract/', import.meta.url);
  const keys = [
    ...new Set(
      readdirSync(contractDir)
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) => Array.from(readFileSync(new URL(f, contractDir), 'utf8').matchAll(/'([a-zA-Z]+\.[a-zA-Z.]+)'/g), (m) => m[1]!))
        .filter(isMessageKey),
    ),
  ];
  const issues = (message: string): z.core.$ZodIssue[] => [
    { code: 'invalid_type', expected: 'number', input: 'x', path: ['tyres', 0, 'dot'], message },
    { code: 'invalid_format', format: 'regex', input: 'x', path: ['tyres', 3, 'dot'], message },
    { code: 'too_small', origin: 'number', minimum: 0, inclusive: true, input: -1, path: ['odometerKm'], message },
    { code: 'too_big', origin: 'string', maximum: 40, inclusive: true, input: 'x', path: ['note'], message },
  ];
  test('the contract names its messages', () => expect(keys).toEqual(expect.arrayContaining(['tyre.dotFormat', 'field.type'])));
  test.each(keys.flatMap((key) => locales.map((locale) => [key, locale] as const)))('%s (%s)', (key, locale) => {
    for (const issue of issues(key)) expect(describeIssue(issue, locale).msg).not.toMatch(/\{\w+\}/);
  });
});
