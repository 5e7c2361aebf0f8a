import { describe, expect, test } from 'vitest';
import { pageTextsJson, plural } from '../../../src/i18n/index.ts';
import { SHELL_AREAS } from '../../../src/i18n/areas.ts';
import { en } from '../../../src/i18n/en.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';

describe('the texts a page carries for its islands', () => {
  test('are its own language only', () => {
    const page = JSON.parse(pageTextsJson('ms', ['checkout']));
    expect(page.locale).toBe('ms');
    expect(page.texts.checkout).toEqual(ms.checkout);
    const json = pageTextsJson('ms', ['checkout']);
    expect(json).not.toContain(en.car.addYourCar);
    expect(json).not.toContain(zhCn.car.addYourCar);
  });

  test('are the frame’s areas, the plain strings and the areas the page names, and no others', () => {
    const texts = JSON.parse(pageTextsJson('en', ['checkout', 'payment'])).texts;
    expect(Object.keys(texts).sort()).toEqual([...SHELL_AREAS, 'checkout', 'payment', 'languageCode', 'languageName', 'skipToContent'].sort());
    expect(texts.nav).toEqual(en.nav);
    expect(texts.payment).toEqual(en.payment);
    expect(JSON.stringify(texts)).not.toContain(en.console.startEarlyTitle);
  });

  test('hold the shared rule texts the login form shows, worded as the server words them', () => {
    expect(JSON.parse(pageTextsJson('en', [])).rules['phone.tooShort']).toBe('Please enter at least six digits.');
    expect(JSON.parse(pageTextsJson('ms', [])).rules['phone.tooShort']).toBe('Sila masukkan sekurang-kurangnya enam digit.');
  });

  test('cannot close the script element they are written in', () => {
    expect(pageTextsJson('en', [])).not.toMatch(/<\//);
  });
});

describe('counts in words', () => {
  test('say "1 question" and "2 questions" in English', () => {
    expect(plural('en', en.faq.count, 1)).toBe('1 question');
    expect(plural('en', en.faq.count, 2)).toBe('2 questions');
    expect(plural('en', en.faq.count, 0)).toBe('0 questions');
    expect(plural('en', en.stores.count, 1)).toBe('1 workshop');
  });

  test('follow Chinese and Malay, which do not inflect for number', () => {
    expect(plural('zh-cn', zhCn.faq.count, 1)).toBe('共 1 个问题');
    expect(plural('ms', ms.faq.count, 1)).toBe('1 soalan');
    expect(plural('ms', ms.faq.count, 2)).toBe('2 soalan');
  });
});
