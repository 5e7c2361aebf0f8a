import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Locale } from '../../../contract/rules/language.ts';
import type { PayMethod } from '../../../contract/rules/order-status.ts';
import { en } from '../../../src/i18n/en.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';
import { PayForm } from '../../../src/islands/payment/PayForm.tsx';
import { choiceKey, firstChoice, type Offered } from '../../../src/lib/pay-choice.ts';

const stripe: Offered = { methods: ['card', 'fpx', 'grabpay'], banks: [{ code: 'maybank2u', name: 'Maybank2u' }, { code: 'cimb', name: 'CIMB Clicks' }] };
const curlec: Offered = { methods: ['card', 'fpx', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow'], banks: [{ code: 'bank_islam', name: 'Bank Islam' }] };

function form(offered: Offered, locale: Locale = 'en', lastMethod?: PayMethod, totalSen = 12_050) {
  return renderToStaticMarkup(createElement(PayForm, { locale, orderNo: 'SA2611270001', totalSen, offered, deadline: Date.now() + 600_000, lastMethod, onTimeOver: () => {} }));
}
/** The methods offered as the customer reads them, in order, and the one chosen. */
function methods(html: string) {
  const rows = [...html.matchAll(/<input type="radio" name="pay-method"( checked="")? value="(\w+)"\/><span[^>]*>([^<]+)<\/span>/g)];
  return { names: rows.map((r) => r[3]!.replace(/&#x27;/g, "'")), values: rows.map((r) => r[2]), chosen: rows.find((r) => r[1])?.[2] ?? null };
}
const banks = (html: string) => [...(html.match(/<select id="fpx-bank"[\s\S]*?<\/select>/)?.[0] ?? '').matchAll(/<option value="(\w*)"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);

afterEach(() => vi.unstubAllGlobals());

describe('the payment page offers what the provider takes', () => {
  test('exactly the methods of the answer, in its order, each named in the three languages', () => {
    const dictionaries = { en, 'zh-cn': zhCn, ms } as const;
    for (const locale of ['en', 'zh-cn', 'ms'] as const) {
      const shown = methods(form(stripe, locale));
      expect(shown.values).toEqual(['card', 'fpx', 'grabpay']);
      expect(shown.names).toEqual(['card', 'fpx', 'grabpay'].map((m) => dictionaries[locale].payment[m as PayMethod]));
    }
    expect(methods(form(curlec)).names).toEqual(['Credit or debit card', 'FPX online banking', "Touch 'n Go eWallet", 'GrabPay', 'ShopeePay', 'Boost', 'DuitNow QR']);
  });

  test('the FPX banks are those of the same answer', () => {
    expect(banks(form(stripe, 'en', 'fpx'))).toEqual(['', 'maybank2u', 'cimb']);
    expect(banks(form(curlec, 'en', 'fpx'))).toEqual(['', 'bank_islam']);
  });

  test('a method the provider no longer takes is not chosen, whether saved in the tab or last tried', () => {
    const storage = new Map([[choiceKey('SA2611270001'), JSON.stringify({ method: 'tng', bank: 'bank_islam' })]]);
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
    // Saved Touch 'n Go, then the shop moved to a provider without it: FPX, and no bank it does not list.
    expect(methods(form(stripe, 'en', 'tng')).chosen).toBe('fpx');
    expect(firstChoice(stripe, { method: 'tng', bank: 'bank_islam' }, 'tng')).toEqual({ method: 'fpx', bank: '' });
    // Still offered: kept, with its bank.
    expect(methods(form(curlec, 'en')).chosen).toBe('tng');
    expect(firstChoice(curlec, { method: 'tng', bank: 'bank_islam' })).toEqual({ method: 'tng', bank: 'bank_islam' });
    // Neither FPX nor the saved one: the first offered.
    expect(firstChoice({ methods: ['grabpay', 'card'], banks: [] }, { method: 'tng' }, 'boost')).toEqual({ method: 'grabpay', bank: '' });
  });

  test('with nothing to offer, the form says so and cannot pay', () => {
    const html = form({ methods: [], banks: [] });
    expect(methods(html).values).toEqual([]);
    expect(html).toContain(en.payment.noMethods);
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
  });
});

describe('Atome on the payment page', () => {
  const withAtome: Offered = { ...curlec, methods: [...curlec.methods, 'atome'], atomeMinSen: 1000 };
  /** The paragraph that says Atome's payments, when shown. */
  const split = (html: string) => html.match(/<p class="rounded-lg bg-slate-100 p-3">([^<]*)<\/p>/)?.[1];

  test('is offered from its minimum up, named in the three languages', () => {
    expect(methods(form(withAtome)).values).toContain('atome');
    expect(methods(form(withAtome, 'en', undefined, 1000)).names.at(-1)).toBe('Atome, pay later in 3 payments');
    expect(methods(form(withAtome, 'zh-cn')).names.at(-1)).toBe(zhCn.payment.atome);
    expect(methods(form(withAtome, 'ms')).names.at(-1)).toBe(ms.payment.atome);
  });

  test('is not offered below its minimum, nor when the provider says no minimum', () => {
    expect(methods(form(withAtome, 'en', 'atome', 999)).values).toEqual(curlec.methods);
    expect(methods(form({ ...withAtome, atomeMinSen: null })).values).toEqual(curlec.methods);
    expect(methods(form({ ...withAtome, atomeMinSen: undefined })).values).toEqual(curlec.methods);
  });

  test('chosen, it says the three payments, the first today; another method says nothing of them', () => {
    expect(methods(form(withAtome, 'en', 'atome', 100_000)).chosen).toBe('atome');
    expect(split(form(withAtome, 'en', 'atome', 100_000))).toBe('3 payments of RM 333.33, RM 333.33 and RM 333.34, the first today');
    expect(split(form(withAtome, 'zh-cn', 'atome', 97_320))).toBe('分 3 期付款：RM 324.40、RM 324.40 和 RM 324.40，首期今天支付');
    expect(split(form(withAtome, 'ms', 'atome', 12_050))).toBe('3 bayaran: RM 40.16, RM 40.16 dan RM 40.18, yang pertama hari ini');
    expect(split(form(withAtome, 'en', 'tng', 100_000))).toBeUndefined();
  });

  test('chosen before, below the minimum the form opens on another method', () => {
    const storage = new Map([[choiceKey('SA2611270001'), JSON.stringify({ method: 'atome', bank: '' })]]);
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
    expect(methods(form(withAtome, 'en', undefined, 100_000)).chosen).toBe('atome');
    expect(methods(form(withAtome, 'en', 'atome', 999)).chosen).toBe('fpx');
  });
});
