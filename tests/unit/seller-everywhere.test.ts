import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { locales } from '../../contract/rules/language.ts';
import { readSellerDetails, shopBrand } from '../../server/modules/seller/details.ts';
import { noticeText } from '../../server/modules/notifications/texts.ts';
import { reminderText } from '../../server/jobs/car-reminders.ts';
import { shopSeller, withSeller } from '../../src/lib/seller.ts';
import { en } from '../../src/i18n/en.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';

/** content/seller.json names the seller; nothing else may. */
const seller = (await readSellerDetails(path.resolve('content')))!;
const root = (...parts: string[]) => path.resolve(...parts);
const read = (...parts: string[]) => readFileSync(root(...parts), 'utf8');

/** Every Markdown page, by its path under content/pages without ".md". */
const pages = (function walk(dir: string): string[] {
  return readdirSync(root('content/pages', dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name.slice(0, -3))] : [],
  );
})('');

describe('one seller, named from content/seller.json everywhere', () => {
  test('the pages (footer, structured data, About, policies, FAQ) take the seller the invoice takes', () => {
    expect(shopSeller).toMatchObject({ legalName: seller.legalName, ssmNo: seller.ssmNo, address: seller.address, email: seller.email, demo: seller.demo === true });
    // The demo seller is a demo: the pages say so as the invoice does.
    expect(seller.demo).toBe(true);
    expect(shopSeller.demo).toBe(true);
  });

  test('the footer and the page frame read the seller, and site.json names none', () => {
    const site = JSON.parse(read('content/site.json')) as Record<string, unknown>;
    for (const field of ['legalName', 'registration', 'address', 'email', 'phone']) expect(site).not.toHaveProperty(field);
    const footer = read('src/components/Footer.astro');
    expect(footer).toContain("from '../lib/seller.ts'");
    expect(footer).toMatch(/seller\.legalName/);
    expect(footer).toMatch(/seller\.demo && /);
    expect(read('src/layouts/Shell.astro')).toContain("from '../lib/seller.ts'");
  });

  test.each(pages)('content/pages/%s.md names no company, address, e-mail or phone of its own', (page) => {
    const text = read('content/pages', `${page}.md`);
    expect(text).not.toMatch(/Sdn\.? Bhd|Berhad/i);
    expect(text).not.toMatch(/[\w.-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toMatch(/\+60[\s\d-]{8,}/);
  });

  test.each(['about', 'privacy', 'return', 'terms'].flatMap((p) => locales.map((l) => `${l}/${p}`)))(
    'content/pages/%s.md names the seller by its legal name from seller.json',
    (page) => {
      const filled = withSeller(read('content/pages', `${page}.md`), page);
      expect(filled).toContain(seller.legalName);
      expect(filled).not.toContain('{{');
    },
  );

  test('the placeholders are filled escaped; an unknown one stops the build, naming the page', () => {
    const odd = { ...shopSeller, legalName: 'A & B <Sdn. Bhd.>' };
    expect(withSeller('<p>{{legalName}} ({{ ssmNo }}), {{phone}}</p>', 'en/about', odd)).toBe(`<p>A &amp; B &lt;Sdn. Bhd.&gt; (${seller.ssmNo}), +60 3-0000 0000</p>`);
    expect(() => withSeller('{{owner}}', 'en/about')).toThrow('content/pages/en/about.md: {{owner}} is not one of');
  });

  test('every SMS starts with the brand from seller.json, in every language', () => {
    expect(seller.brand).toBeTruthy();
    expect(shopBrand()).toBe(seller.brand);
    const order = { orderNo: 'SA2506021234', method: 'install', workshop: 'SS2', appointment: { date: '2025-06-05', time: '14:00' }, pickupCode: '1', expressCompany: null, expressNo: null } as const;
    for (const locale of locales) {
      for (const kind of ['bookingConfirmed', 'timeChanged', 'reminder', 'pickupReady', 'completed'] as const) {
        expect(noticeText({ ...order, locale }, { kind })).toMatch(new RegExp(`^RM0 ${seller.brand}: `));
      }
      expect(reminderText('service', 'Myvi', '2026-12-01', locale).text).toMatch(new RegExp(`^RM0 ${seller.brand}: `));
    }
  });

  test('the demo marking of the footer is in all three languages', () => {
    for (const dict of [en, ms, zhCn]) expect(dict.footer.demoSeller.length).toBeGreaterThan(20);
  });
});
