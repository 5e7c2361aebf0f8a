import { describe, expect, test } from 'vitest';
import { findUnstorableText } from '../../server/http/validation.ts';

/** Bodies as the server reads them: parsed from the JSON text a client sent. */
const parsed = (json: string) => JSON.parse(json) as unknown;

describe('findUnstorableText: text PostgreSQL cannot store, named by its field', () => {
  test('ordinary text, numbers and lists pass', () => {
    expect(findUnstorableText({ phone: '0123456789', page: 1, fitsOnly: true, car: null, sizes: [14, 16] })).toBeNull();
  });

  test('Chinese, Malay and a whole emoji pass', () => {
    expect(findUnstorableText(parsed('{"keyword":"雨刮 wiper kereta \\ud83d\\ude97"}'))).toBeNull();
  });

  test('a NUL in a field names the field', () => {
    expect(findUnstorableText(parsed('{"phone":"0123\\u0000456789"}'))).toBe('phone');
  });

  test('a lone high or low surrogate names the field', () => {
    expect(findUnstorableText(parsed('{"keyword":"\\ud800"}'))).toBe('keyword');
    expect(findUnstorableText(parsed('{"keyword":"wiper\\udc00"}'))).toBe('keyword');
    expect(findUnstorableText(parsed('{"keyword":"\\ude97\\ud83d"}'))).toBe('keyword');
  });

  test('a nested field is named by its path, list items by their index', () => {
    expect(findUnstorableText(parsed('{"car":{"plate":"WXY\\u00001234"}}'))).toBe('car.plate');
    expect(findUnstorableText(parsed('{"lines":[{"notes":"ok"},{"notes":"\\ud800"}]}'))).toBe('lines.1.notes');
  });

  test('the first bad field in the body is the one named', () => {
    expect(findUnstorableText(parsed('{"a":"ok","b":{"c":"\\u0000"},"d":"\\u0000"}'))).toBe('b.c');
  });

  test('a bad key is named too, its bad characters shown as U+FFFD', () => {
    expect(findUnstorableText(parsed('{"ph\\u0000one":"0123456789"}'))).toBe('ph\uFFFDone');
    expect(findUnstorableText(parsed('{"car":{"\\ud800":1}}'))).toBe('car.\uFFFD');
  });

  test('a bad body that is itself text is named body', () => {
    expect(findUnstorableText('\u0000')).toBe('body');
  });

  test('a body nested 30 000 deep is walked without overflowing the stack', () => {
    const deep = parsed(`${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`);
    expect(findUnstorableText(deep)).toBe(Array(30_000).fill('0').join('.'));
  });
});
