import { describe, expect, test } from 'vitest';
import { locales, localeFromHeader, languageHeader } from '../../contract/rules/language.ts';
import { isMessageKey, message, type MessageKey } from '../../contract/rules/messages.ts';
import { en } from '../../contract/rules/messages/en.ts';
import { ms } from '../../contract/rules/messages/ms.ts';
import { zhCn } from '../../contract/rules/messages/zh-cn.ts';

/** The keys of each language's table, as its file lists them. */
const tables = { en, zhCn, ms } as const;
function keysOfTable(name: keyof typeof tables): string[] {
  return Object.keys(tables[name]);
}

const enKeys = keysOfTable('en') as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message: texts with placeholders', () => {
  test('fills the placeholders', () => {
    expect(message('en', 'otp.wait', { seconds: 40 })).toBe('Please wait 40 seconds before requesting another code.');
    expect(message('en', 'field.oneOf', { field: 'type', options: 'login' })).toBe('type must be one of: login.');
  });

  test('in Chinese and Malay', () => {
    expect(message('zh-cn', 'otp.sent', { phone: '+60 12-345 6789' })).toBe('我们已将 6 位验证码发送至 +60 12-345 6789。');
    expect(message('ms', 'otp.phoneLimit', { minutes: 55 })).toBe(
      'Terlalu banyak kod diminta untuk nombor ini. Sila cuba lagi dalam 55 minit.',
    );
  });

  test('leaves a placeholder with no value as it is', () => {
    expect(message('en', 'otp.wrong')).toBe('The code is incorrect. {left} tries left.');
  });

  test('ignores values no placeholder asks for', () => {
    expect(message('en', 'otp.expired', { seconds: 3 })).toBe('This code has expired. Please request a new one.');
  });

  test('inserts a value that looks like a placeholder as it is', () => {
    expect(message('en', 'field.required', { field: '{field}' })).toBe('{field} is required.');
  });

  test('fills zero', () => {
    expect(message('en', 'otp.wait', { seconds: 0 })).toBe('Please wait 0 seconds before requesting another code.');
  });
});

describe('the three languages', () => {
  test('the tables were read', () => {
    expect(enKeys.length).toBeGreaterThan(30);
    expect(enKeys.every(isMessageKey)).toBe(true);
  });

  test.each([['zhCn' as const], ['ms' as const]])('%s has exactly the English keys', (table) => {
    expect(keysOfTable(table).sort()).toEqual([...enKeys].sort());
  });

  test('every key has a text in every language', () => {
    for (const key of enKeys) {
      for (const locale of locales) expect(message(locale, key), `${locale} ${key}`).not.toBe('');
    }
  });

  test('every key has the same placeholders in every language', () => {
    for (const key of enKeys) {
      const english = placeholders(message('en', key));
      for (const locale of locales) expect(placeholders(message(locale, key)), `${locale} ${key}`).toEqual(english);
    }
  });

  test('isMessageKey knows the keys and nothing else', () => {
    expect(isMessageKey('otp.wait')).toBe(true);
    expect(isMessageKey('otp.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('the texts the spec fixes', () => {
  test.each<[MessageKey, string]>([
    ['phone.required', 'Enter your phone number to get otp login'],
    ['phone.tooShort', 'Please enter at least six digits.'],
    ['otp.required', 'Please enter 6-digit OTP'],
    ['otp.invalid', 'Please enter 6-digit OTP'],
    ['otp.notSent', 'Send OTP'],
    ['session.expired', 'Invalid session, or session has expired, please log in again.'],
    ['code.401', 'Authentication failed, cannot access system resources'],
    ['code.403', 'No permission for this operation'],
    ['code.404', 'Resource does not exist'],
    ['code.500', 'Unknown system error, please report to the administrator'],
    ['code.503', 'System upgrade in progress, please try again later!'],
  ])('%s', (key, text) => {
    expect(message('en', key)).toBe(text);
  });
});

describe('the language header', () => {
  test.each([
    ['en_us', 'en'],
    ['zh_cn', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['ms_my', 'ms'],
    ['ms', 'ms'],
    ['', 'en'],
    [undefined, 'en'],
    ['fr_fr', 'en'],
  ])('%j reads as %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });

  test('each locale round-trips through its header', () => {
    for (const locale of locales) expect(localeFromHeader(languageHeader(locale))).toBe(locale);
  });
});

describe('Chinese field messages', () => {
  test('join a Chinese field name without a space', () => {
    expect(message('zh-cn', 'field.required', { field: '姓名' })).toBe('姓名为必填项。');
  });
  test('keep a space beside a Latin name, as Chinese typesetting does', () => {
    expect(message('zh-cn', 'field.required', { field: 'carPlate' })).toBe('carPlate 为必填项。');
    expect(message('zh-cn', 'field.type', { field: '数量', expected: 'number' })).toBe('数量必须是 number。');
  });
  test('leave other languages as written', () => {
    expect(message('en', 'field.required', { field: 'Name' })).toBe('Name is required.');
  });
});
