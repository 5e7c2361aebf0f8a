import { afterEach, describe, expect, test, vi } from 'vitest';
import { calendarNames, dateWords } from '../../../contract/rules/dates.ts';
import { addDays, KL_OFFSET_MS, klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { PAINT_DAY, paintDayScript } from '../../../src/lib/prepaint-day.ts';

type Painted = { heading: { textContent: string; getAttribute: () => string }; field: { value: string }; today: { hidden: boolean } };

/**
 * The page's script run against a page whose `<html>` names `role` (or none), holding a template
 * for each role and one prepaint box: what it put in the box, with its heading, day field and
 * Today link.
 */
function paint(locale: Locale, search: string, role: string | null = 'admin'): Painted & { words: string; copied: string[] } {
  const page: Painted = {
    heading: { textContent: '', getAttribute: () => 'Bookings on {date}' },
    field: { value: '' },
    today: { hidden: false },
  };
  const copied: string[] = [];
  const root = {
    documentElement: { getAttribute: (name: string) => (name === 'data-staff' ? role : null) },
    getElementById: (id: string) => (['today-admin', 'today-workshop'].includes(id) ? { content: { cloneNode: () => id } } : null),
    querySelector: (selector: string) =>
      selector === '.prepaint[data-when="staff"]' ? { appendChild: (node: string) => copied.push(node), querySelectorAll: () => [], addEventListener: () => undefined } : null,
    querySelectorAll: (selector: string) => [selector.includes('heading') ? page.heading : selector.includes('date') ? page.field : page.today],
  };
  const run = new Function(`return (${PAINT_DAY})`)() as (root: unknown, names: unknown, offset: number, search: string, prefix: string, wake: string) => string;
  const words = run(root, calendarNames(locale), KL_OFFSET_MS, search, 'today-', 'touched');
  return { ...page, words, copied };
}

afterEach(() => vi.useRealTimers());

describe('the console day drawn before the island wakes', () => {
  test.each(['en', 'zh-cn', 'ms'] as const)('is written in %s as dateWords writes it, every day of four years', (locale) => {
    for (let date = '2026-01-01'; date < '2030-01-01'; date = addDays(date, 1)) expect(paint(locale, `?date=${date}`).words).toBe(dateWords(date, locale));
  });

  test('is today in Kuala Lumpur when the address names no day, or no real one', () => {
    vi.useFakeTimers();
    // 23:30 UTC on 27 Nov is already 28 Nov in Kuala Lumpur.
    vi.setSystemTime(new Date('2026-11-27T23:30:00Z'));
    expect(klDate(new Date())).toBe('2026-11-28');
    for (const search of ['', '?date=2026-02-30', '?date=tomorrow', '?date=2026-13-01', '?q=SV1']) {
      const page = paint('en', search);
      expect(page.words).toBe('Sat, 28 Nov 2026');
      expect(page.field.value).toBe('2026-11-28');
      expect(page.today.hidden).toBe(true);
    }
  });

  test('puts the copy for the tab’s role in place, and nothing for a tab that knows no role', () => {
    expect(paint('en', '', 'workshop').copied).toEqual(['today-workshop']);
    expect(paint('en', '', 'admin').copied).toEqual(['today-admin']);
    const none = paint('en', '?date=2026-02-28', null);
    expect(none.copied).toEqual([]);
    expect(none.heading.textContent).toBe('');
    expect(paint('en', '', 'owner').copied).toEqual([]);
  });

  test('fills the heading and the day field, and offers Today on another day', () => {
    const page = paint('ms', '?date=2026-02-28&store=ss2');
    expect(page.copied).toEqual(['today-admin']);
    expect(page.heading.textContent).toBe('Bookings on Sab, 28 Feb 2026');
    expect(page.field.value).toBe('2026-02-28');
    expect(page.today.hidden).toBe(false);
  });

  test('is written into the page with its language’s names and cannot stop the page', () => {
    const script = paintDayScript('zh-cn', 'console-today-', 'servauto:touched');
    expect(script).toContain('"chinese":true');
    expect(script).toContain('"console-today-"');
    expect(script).toMatch(/^try\{/);
    expect(() => new Function(script)).not.toThrow();
  });
});
