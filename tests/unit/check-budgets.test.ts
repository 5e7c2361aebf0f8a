import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// A plain .mjs script (run by `npm test`), so it is typed here.
const { checkBudgets } = (await import('../../scripts/check-budgets.mjs' as string)) as {
  checkBudgets: (dist: string) => { rows: { route: string; atLoad: number; withLater: number; loggedOut?: number | null }[]; problems: string[] };
};

const KB = 1024;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A module of `kb` KB gzip that does nothing, after the given code. */
function weighing(kb: number, code = ''): string {
  // Random text does not compress much: grown until its gzip is the size asked for.
  let filler = '';
  while (gzipSync(`${code}\n//${filler}`).length < kb * KB) filler += randomBytes(512).toString('base64');
  return `${code}\n//${filler}`;
}

/**
 * A built site: home with a light frame, and the checkout in two languages, whose page script
 * weighs `checkout` KB at load and opens the login dialog, whose code weighs `dialog` KB.
 */
function site({ checkout, dialog, dialogName = 'LoginDialog.a1B2.js', later = 0 }: { checkout: number; dialog: number; dialogName?: string; later?: number }): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'servauto-budgets-'));
  made.push(dist);
  const files: Record<string, string> = {
    'home/index.html': '<astro-island component-url="/pc/_astro/Home.h1.js"></astro-island>',
    // With `later`, home and the checkout each load a chunk of that weight when something is tapped.
    '_astro/Home.h1.js': weighing(40, later ? 'const open = () => import("./Later.l1.js");' : ''),
    '_astro/Later.l1.js': weighing(later),
    'confirm/index.html': '<astro-island component-url="/pc/_astro/Checkout.c1.js"></astro-island>',
    'zh-cn/confirm/index.html': '<astro-island component-url="/pc/_astro/Checkout.c1.js"></astro-island>',
    '_astro/Checkout.c1.js': weighing(checkout, `import { a } from "./shared.s1.js";\nconst login = () => import("./${dialogName}");${later ? '\nconst open = () => import("./Later.l1.js");' : ''}`),
    '_astro/shared.s1.js': 'export const a = 1;',
    [`_astro/${dialogName}`]: weighing(dialog, 'import { a } from "./shared.s1.js";'),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), text);
  }
  return dist;
}

describe('check-budgets: the checkout logged out', () => {
  it('counts the login dialog it opens at once with what the checkout loads', () => {
    const { rows, problems } = checkBudgets(site({ checkout: 90, dialog: 10 }));
    const checkout = rows.find((r) => r.route === '/confirm')!;
    expect(checkout.loggedOut! - checkout.atLoad).toBeGreaterThanOrEqual(10 * KB);
    expect(checkout.loggedOut! - checkout.atLoad).toBeLessThan(11 * KB);
    expect(problems).toEqual([]);
  });

  it('fails when the checkout and the login dialog are over 105 KB together, though each keeps its own budgets', () => {
    const { problems } = checkBudgets(site({ checkout: 98, dialog: 9 }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/\/confirm .* logged out, with the login dialog: over 105\.0 KB logged out/);
    expect(problems[1]).toMatch(/\/zh-cn\/confirm .* over 105\.0 KB logged out/);
  });

  it('fails when the login dialog’s code is not found, rather than counting without it', () => {
    const { problems } = checkBudgets(site({ checkout: 50, dialog: 5, dialogName: 'Login.a1B2.js' }));
    expect(problems).toContainEqual(expect.stringMatching(/\/confirm: the login dialog's code .* is not among what it loads/));
  });

  it('leaves a site without a checkout to the other budgets (a content build under test has only a few pages)', () => {
    const dist = site({ checkout: 50, dialog: 5 });
    for (const page of ['confirm', 'zh-cn/confirm']) rmSync(path.join(dist, page), { recursive: true });
    const { rows, problems } = checkBudgets(dist);
    expect(rows.map((r) => r.route)).toEqual(['/home']);
    expect(problems).toEqual([]);
  });
});

describe('check-budgets: with what a page loads later', () => {
  it('lets the checkout fetch up to 113 KB in all (its workshop and van pickers), any other page 110 KB', () => {
    // Home: 40 + 71 = 111 KB; the checkout: 34 + 5 + 71 = 110 KB and more.
    const { rows, problems } = checkBudgets(site({ checkout: 34, dialog: 5, later: 71 }));
    expect(rows.find((r) => r.route === '/confirm')!.withLater).toBeGreaterThan(110 * KB);
    expect(problems).toEqual([expect.stringMatching(/^ {2}\/home .* over 110\.0 KB with what it loads later$/)]);
    const over = checkBudgets(site({ checkout: 38, dialog: 5, later: 71 })).problems;
    expect(over).toContainEqual(expect.stringMatching(/^ {2}\/confirm .* over 113\.0 KB with what it loads later$/));
  });
});
