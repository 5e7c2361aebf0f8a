import { describe, expect, it } from 'vitest';
import { categoryRoute } from '../../../contract/rules/categories.ts';
import { en } from '../../../src/i18n/en.ts';
import { locales } from '../../../contract/rules/language.ts';
import { message } from '../../../contract/rules/messages.ts';
import { href, localeOfPath, pathInLocale } from '../../../src/i18n/index.ts';
import { ms } from '../../../src/i18n/ms.ts';
import { zhCn } from '../../../src/i18n/zh-cn.ts';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('UI dictionaries', () => {
  const english = new Map(leaves(en));
  for (const [name, dict] of [['Chinese', zhCn], ['Malay', ms]] as const) {
    it(`${name} has every English text, with the same placeholders`, () => {
      const other = new Map(leaves(dict));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) expect(placeholders(other.get(key)!), key).toEqual(placeholders(text));
    });
  }

  it('Chinese is really translated: no text but names and codes is the English one', () => {
    const same = leaves(zhCn).filter(([key, text]) => english.get(key) === text && /[a-z]{3}/.test(text.replace(/\{\w+\}/g, '')));
    // WhatsApp is a name too: the timeline names the channel as it is called.
    expect(same.map(([key]) => key)).toEqual(['brand.name', 'orderDetail.channel.whatsapp']);
  });

  it('the WhatsApp box at checkout shows, word for word, the consent the server stores with the choice', () => {
    const site = { en, 'zh-cn': zhCn, ms };
    for (const locale of locales) expect(site[locale].checkout.whatsapp, locale).toBe(message(locale, 'consent.whatsapp'));
    expect(en.checkout.whatsapp).toBe('Send my order updates on WhatsApp');
    expect(zhCn.checkout.whatsapp).toBe('通过 WhatsApp 发送我的订单动态');
    expect(ms.checkout.whatsapp).toBe('Hantar kemas kini pesanan saya melalui WhatsApp');
  });

  it('Malay is really translated for the login texts', () => {
    for (const key of ['login.title', 'login.phoneLabel', 'login.sendOtp', 'login.confirm', 'logout.title', 'errors.loginExpired']) {
      expect(new Map(leaves(ms)).get(key), key).not.toBe(english.get(key));
    }
  });
});

describe('paths in three languages', () => {
  it('knows the language of a path', () => {
    expect(localeOfPath('/pc/home')).toBe('en');
    expect(localeOfPath('/pc/zh-cn/home')).toBe('zh-cn');
    expect(localeOfPath('/pc/ms/store')).toBe('ms');
    expect(localeOfPath('/pc/msx/store')).toBe('en');
  });

  it('gives the same page in another language', () => {
    expect(pathInLocale('/pc/home', 'ms')).toBe('/pc/ms/home');
    expect(pathInLocale('/pc/ms/products/auto-car-mats/', 'zh-cn')).toBe('/pc/zh-cn/products/auto-car-mats');
    expect(pathInLocale('/pc/zh-cn/faq', 'en')).toBe('/pc/faq');
    expect(pathInLocale('/pc/', 'ms')).toBe('/pc/ms/home');
  });

  it('builds links per language', () => {
    expect(href('en', 'store')).toBe('/pc/store');
    expect(href('zh-cn', '/myorder-status')).toBe('/pc/zh-cn/myorder-status');
  });
});

describe('category routes (docs/contracts/shop.md §2)', () => {
  it('maps each className to its list route', () => {
    expect(categoryRoute('Maintenance')).toBe('products/auto-maintenance');
    expect(categoryRoute('Tires Service')).toBe('products/auto-tires-service');
    expect(categoryRoute('Tinting Films')).toBe('products/auto-tinting-films');
    expect(categoryRoute('Wiper Blade')).toBe('products/auto-wiper-blade');
    expect(categoryRoute('Dash Cams')).toBe('products/auto-dash-cams');
    expect(categoryRoute('Brake Pads')).toBe('products/auto-brake-pads');
    expect(categoryRoute('Car Mats')).toBe('products/auto-car-mats');
  });

  it('falls back to maintenance', () => {
    expect(categoryRoute('Spoilers')).toBe('products/auto-maintenance');
    expect(categoryRoute(undefined)).toBe('products/auto-maintenance');
  });
});
