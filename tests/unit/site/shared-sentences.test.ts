import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { en as saidEn } from '../../../contract/rules/messages/en.ts';
import { ms as saidMs } from '../../../contract/rules/messages/ms.ts';
import { zhCn as saidZh } from '../../../contract/rules/messages/zh-cn.ts';
import { en } from '../../../src/i18n/en.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';

/** A sentence, not a word: it ends as a sentence does, or has four words or more. */
const isSentence = (text: string) => /[.!?。！？]$/.test(text) || text.split(/\s+/).length >= 4;

/** Every string literal written in a source file, with its line. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const languages = [
  { file: 'src/i18n/en.ts', said: saidEn as Record<string, string>, site: en },
  { file: 'src/i18n/zh-cn.ts', said: saidZh as Record<string, string>, site: zhCn },
  { file: 'src/i18n/ms.ts', said: saidMs as Record<string, string>, site: ms },
];

describe('a sentence the server and the site both say', () => {
  test.each(languages)('is written once, in the server’s messages, and $file refers to it', ({ file, said }) => {
    const keyOf = new Map(Object.entries(said).map(([key, text]) => [text, key]));
    const twice = literals(file)
      .filter(({ text }) => keyOf.has(text) && isSentence(text))
      .map(({ text, line }) => `${file}:${line} "${text}": write said['${keyOf.get(text)}']`);
    expect(twice).toEqual([]);
  });

  test('reads the same in the site’s forms as in the server’s answers', () => {
    for (const { said, site } of languages) {
      expect(site.errors.invalidSession).toBe(said['session.expired']);
      expect(site.garage.plateInvalid).toBe(said['plate.invalid']);
      expect(site.einvoiceForm.problems.tin).toBe(said['einvoice.tin']);
      expect(site.checkout.empty).toBe(said['fulfilment.emptyCart']);
    }
  });

  test('is told from a word by its ending or its length', () => {
    expect(isSentence('Your cart is empty.')).toBe(true);
    expect(isSentence('购物车是空的。')).toBe(true);
    expect(isSentence('FPX online banking ({bank})')).toBe(true);
    expect(isSentence('Sedan')).toBe(false);
    expect(isSentence('Reply from Servauto')).toBe(false);
  });
});
