// Part of `npm test`: reads the built site and fails when a page ships more JavaScript than
// its budgets, in gzip bytes, counted three ways:
// - at load: what the browser fetches before anyone touches the page, as Lighthouse counts
//   it: the page's scripts, its islands and their renderer, and every module they import
//   statically (each page at most 105 KB; the lightest at most 85 KB, the frame every page
//   pays);
// - with what it loads later: that, and every module reachable by a dynamic import (a dialog's
//   code, loaded when the dialog is opened or the menu that holds it is), at most 110 KB; the
//   checkout at most 113 KB (its workshop, time and van window pickers, and the Me dialog's links
//   to the customer's data: docs/decisions/0018, 0022);
// - the checkout logged out: it opens the login dialog at once, so what it fetches at load and
//   the login dialog's code (LoginDialog.*.js and its imports) count together, at most 105 KB.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** What any page may fetch before it is touched. */
const AT_LOAD = 105 * KB;
/** What the lightest page fetches before it is touched: the frame every page pays for. */
const LIGHTEST = 85 * KB;
/** What any page may fetch at all, the code of every dialog it can open included. */
const WITH_LATER = 110 * KB;
/** What the checkout may fetch at all: its workshop, time and van window pickers are all there (docs/decisions/0018, 0022). */
const CHECKOUT_WITH_LATER = 113 * KB;
/** What the checkout fetches logged out: at load, and the login dialog it opens at once. */
const CHECKOUT_LOGGED_OUT = 105 * KB;
/** The checkout in each language. */
const CHECKOUT = /^\/(?:[a-z-]+\/)?confirm$/;
/** The login dialog's own chunk, loaded when the dialog opens (src/islands/overlays/dialogs.ts). */
const LOGIN_DIALOG = /[\\/]LoginDialog\.[\w-]+\.js$/;

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* htmlFiles(full);
    else if (name.endsWith('.html')) yield full;
  }
}

/**
 * The JavaScript of every page of the built site in `dist`, in gzip bytes, and the budgets it
 * exceeds (an empty list when it keeps them all).
 */
export function checkBudgets(dist) {
  const gzipOf = new Map();
  const gzipSize = (file) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(file)).length);
    return gzipOf.get(file);
  };
  /** A site URL (/pc/_astro/x.js) to its file in dist. */
  const fileOf = (url) => path.join(dist, url.replace(/^\/pc\//, ''));

  /**
   * Every module a script loads: its static imports (`import … from "./x.js"`) and, when `later`,
   * its dynamic ones (`import("./x.js")`, quoted in any way) and the chunks the bundler preloads
   * with a dynamic import (listed as "_astro/x.js", relative to the site's base).
   */
  function closure(entry, seen, later) {
    if (seen.has(entry)) return;
    seen.add(entry);
    const source = readFileSync(entry, 'utf8');
    const imports = /(?:import|export)\s*(?:[^'"`]*?from\s*)?["'`]([^"'`]+\.js)["'`]|import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
    for (const m of source.matchAll(imports)) {
      const spec = m[1] ?? m[2];
      if (m[1] || later) closure(spec.startsWith('/') ? fileOf(spec) : path.resolve(path.dirname(entry), spec), seen, later);
    }
    if (later) for (const m of source.matchAll(/["'`](_astro\/[^"'`]+\.js)["'`]/g)) closure(path.join(dist, m[1]), seen, later);
  }

  const sum = (modules) => [...modules].reduce((bytes, m) => bytes + gzipSize(m), 0);

  const rows = [];
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    const urls = new Set();
    for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) urls.add(m[1]);
    for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) urls.add(m[1]);
    for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(m[1]);
    const atLoad = new Set();
    const withLater = new Set();
    for (const url of urls) {
      closure(fileOf(url), atLoad, false);
      closure(fileOf(url), withLater, true);
    }
    // Inline scripts count too; data in script elements (JSON, JSON-LD) is not JavaScript.
    let inline = 0;
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) inline += gzipSync(m[1]).length;
    const route = '/' + path.relative(dist, file).replace(/index\.html$/, '').replace(/\.html$/, '').replace(/\/$/, '');
    // The content editor (Decap CMS) is for staff at a desk, not a shop page, and the blank page
    // Lighthouse measures as the floor (bench/lighthouse.mjs) is none either: no budget.
    if (route === '/admin' || route === '/blank') continue;
    const row = { route, atLoad: sum(atLoad) + inline, withLater: sum(withLater) + inline };
    if (CHECKOUT.test(route)) {
      // Logged out, the checkout opens the login dialog at once: its code is fetched with the page's.
      const dialog = [...withLater].find((m) => LOGIN_DIALOG.test(m));
      const loggedOut = new Set(atLoad);
      if (dialog) closure(dialog, loggedOut, false);
      row.loggedOut = dialog ? sum(loggedOut) + inline : null;
    }
    rows.push(row);
  }

  rows.sort((a, b) => b.atLoad - a.atLoad);
  const lightest = rows.reduce((min, r) => (r.atLoad < min.atLoad ? r : min), rows[0]);
  const checkouts = rows.filter((r) => 'loggedOut' in r);
  const problems = [
    ...rows.filter((r) => r.atLoad > AT_LOAD).map((r) => `${show(r)}: over ${kb(AT_LOAD)} at load`),
    ...rows
      .map((r) => [r, CHECKOUT.test(r.route) ? CHECKOUT_WITH_LATER : WITH_LATER])
      .filter(([r, limit]) => r.withLater > limit)
      .map(([r, limit]) => `${show(r)}: over ${kb(limit)} with what it loads later`),
    ...(lightest.atLoad > LIGHTEST ? [`${show(lightest)}: the lightest page is over ${kb(LIGHTEST)} at load (the frame every page pays)`] : []),
    ...checkouts.filter((r) => r.loggedOut === null).map((r) => `  ${r.route}: the login dialog's code (LoginDialog.*.js) is not among what it loads`),
    ...checkouts.filter((r) => r.loggedOut > CHECKOUT_LOGGED_OUT).map((r) => `${showCheckout(r)}: over ${kb(CHECKOUT_LOGGED_OUT)} logged out, the login dialog's code included`),
  ];
  return { rows, lightest, checkouts, problems };
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const show = (r) => `  ${r.route.padEnd(44)} ${kb(r.atLoad).padStart(9)} at load ${kb(r.withLater).padStart(9)} with what it loads later`;
const showCheckout = (r) => `  ${r.route.padEnd(44)} ${kb(r.loggedOut ?? 0).padStart(9)} logged out, with the login dialog`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, lightest, checkouts, problems } = checkBudgets(path.resolve(process.argv[2] ?? 'dist'));
  console.log(`JavaScript per page (gzip), ${rows.length} pages; heaviest at load:`);
  for (const r of rows.slice(0, 5)) console.log(show(r));
  const mostLater = rows.reduce((max, r) => (r.withLater > max.withLater ? r : max), rows[0]);
  console.log(`heaviest with what it loads later:\n${show(mostLater)}`);
  console.log(`lightest:\n${show(lightest)}`);
  console.log('the checkout logged out (it opens the login dialog at once):');
  for (const r of checkouts) console.log(showCheckout(r));
  const limits = `${kb(AT_LOAD)} a page at load, ${kb(LIGHTEST)} the lightest, ${kb(WITH_LATER)} with what it loads later (the checkout ${kb(CHECKOUT_WITH_LATER)}), ${kb(CHECKOUT_LOGGED_OUT)} the checkout logged out`;
  if (problems.length) {
    console.error(`\n${problems.length} JavaScript budget(s) exceeded (limits: ${limits}):`);
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  console.log(`every page within its JavaScript budgets (${limits})`);
}
