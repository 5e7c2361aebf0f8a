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

function form(offered: Offered, locale: Locale = 'en', lastMethod?: PayMethod) {
  return renderToStaticMarkup(createElement(PayForm, { locale, orderNo: 'SA2611270001', totalSen: 12_050, offered, deadline: Date.now() + 600_000, lastMethod, onTimeOver: () => {} }));
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
