import type { z } from 'zod';
import type { FieldLabels } from '../../contract/call.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { isMessageKey, message, placeholdersOf } from '../../contract/rules/messages.ts';

const expectedWords: Record<Locale, Record<string, string>> = {
  en: { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list' },
  'zh-cn': { string: '文本', number: '数字', int: '整数', boolean: 'true 或 false', object: '对象', array: '列表' },
  ms: { string: 'teks', number: 'nombor', int: 'nombor bulat', boolean: 'true atau false', object: 'objek', array: 'senarai' },
};

/** The call's name for the field at `path` in `locale`, else the path itself. */
function labelOf(path: string, locale: Locale, labels: FieldLabels | undefined): string {
  return labels?.[path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')]?.[locale] ?? path;
}

/**
 * The first problem of a rejected request body, worded for a person: the contract's own
 * message where it gives one (a key of contract/rules/messages.ts), else one naming the field. The
 * message names the field as the call's labels do ("Name"); `field` stays its path.
 */
export function describeIssue(issue: z.core.$ZodIssue, locale: Locale, labels?: FieldLabels): { field: string; msg: string } {
  const field = issue.path.map(String).join('.') || 'body';
  const name = labelOf(field, locale, labels);
  // The contract's own message, its placeholders filled: a custom issue's params ("{postcode} is in
  // {postcodeState}…"), the item of a list by its place counted from 1 ("Tyre {n}: …" for
  // tyres.1.dot), the kind of value expected. A message whose placeholders the issue cannot fill
  // (a type's message given for a number out of range) gives way to the generic one below.
  if (isMessageKey(issue.message)) {
    const index = issue.path.findLast((part) => typeof part === 'number');
    const params: Record<string, string | number> = {
      ...(index !== undefined ? { n: index + 1 } : {}),
      ...(issue.code === 'invalid_type' ? { expected: expectedWords[locale][issue.expected] ?? issue.expected } : {}),
      ...(issue.code === 'custom' ? issue.params : {}),
      field: name,
    };
    const key = issue.message;
    if (placeholdersOf(key).every((p) => p in params)) return { field, msg: message(locale, key, params) };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { field, msg: message(locale, 'field.required', { field: name }) };
      return {
        field,
        msg: message(locale, 'field.type', { field: name, expected: expectedWords[locale][issue.expected] ?? issue.expected }),
      };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return { field, msg: message(locale, 'field.min', { field: name, min: String(issue.minimum) }) };
      }
      return { field, msg: message(locale, 'field.tooShort', { field: name }) };
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return { field, msg: message(locale, 'field.max', { field: name, max: String(issue.maximum) }) };
      }
      return { field, msg: message(locale, 'field.tooLong', { field: name }) };
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? field;
      return { field: key, msg: message(locale, 'field.unknown', { field: key }) };
    }
    case 'invalid_value':
      // A choice left out is missing, not a wrong choice.
      if (issue.input === undefined) return { field, msg: message(locale, 'field.required', { field: name }) };
      return { field, msg: message(locale, 'field.oneOf', { field: name, options: issue.values.map(String).join(', ') }) };
    default:
      return { field, msg: message(locale, 'field.invalid', { field: name }) };
  }
}

/** NUL, or half of a UTF-16 surrogate pair: text PostgreSQL refuses to store. */
const isUnstorable = (text: string) => text.includes('\0') || !text.isWellFormed();

interface Step {
  value: unknown;
  /** The field name or list index this value is under; null for the body itself. */
  key: string | null;
  parent: Step | null;
}

/**
 * The path (as describeIssue names fields) of the first string or key in a parsed JSON body
 * that PostgreSQL could not store, or null when there is none. Walks without recursion, so a
 * deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(body: unknown): string | null {
  const named = (step: Step) => {
    const keys: string[] = [];
    for (let s: Step | null = step; s?.key != null; s = s.parent) keys.push(s.key);
    // A bad key is still named, with its bad characters shown as U+FFFD.
    return keys.reverse().map((k) => (isUnstorable(k) ? k.replaceAll('\0', '\uFFFD').toWellFormed() : k)).join('.') || 'body';
  };
  const pending: Step[] = [{ value: body, key: null, parent: null }];
  // Depth first, in the body's own order, so the first bad field is the one named.
  while (pending.length) {
    const step = pending.pop()!;
    const { value, key } = step;
    if ((key !== null && isUnstorable(key)) || (typeof value === 'string' && isUnstorable(value))) return named(step);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: String(i), parent: step });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
    }
  }
  return null;
}
