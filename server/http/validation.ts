import type { z } from 'zod';
import type { Locale } from '../../contract/language.ts';
import { isMessageKey, message } from '../../contract/messages.ts';

const expectedWords: Record<Locale, Record<string, string>> = {
  en: { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list' },
  'zh-cn': { string: '文本', number: '数字', int: '整数', boolean: 'true 或 false', object: '对象', array: '列表' },
  ms: { string: 'teks', number: 'nombor', int: 'nombor bulat', boolean: 'true atau false', object: 'objek', array: 'senarai' },
};

/**
 * The first problem of a rejected request body, worded for a person: the contract's own
 * message where it gives one (a key of contract/messages.ts), else one naming the field.
 */
export function describeIssue(issue: z.core.$ZodIssue, locale: Locale): { field: string; msg: string } {
  const field = issue.path.map(String).join('.') || 'body';
  if (isMessageKey(issue.message)) return { field, msg: message(locale, issue.message, { field }) };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { field, msg: message(locale, 'field.required', { field }) };
      return {
        field,
        msg: message(locale, 'field.type', { field, expected: expectedWords[locale][issue.expected] ?? issue.expected }),
      };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return { field, msg: message(locale, 'field.min', { field, min: String(issue.minimum) }) };
      }
      return { field, msg: message(locale, 'field.tooShort', { field }) };
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return { field, msg: message(locale, 'field.max', { field, max: String(issue.maximum) }) };
      }
      return { field, msg: message(locale, 'field.tooLong', { field }) };
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? field;
      return { field: key, msg: message(locale, 'field.unknown', { field: key }) };
    }
    case 'invalid_value':
      return { field, msg: message(locale, 'field.oneOf', { field, options: issue.values.map(String).join(', ') }) };
    default:
      return { field, msg: message(locale, 'field.invalid', { field }) };
  }
}
