// Part of `npm test`: reads the built site and fails when a page ships more JavaScript than
// its budget: gzip bytes of every script it loads, following the modules' own static and
// dynamic imports, so code a page loads later (a dialog's, when it opens) counts too.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/** One budget for every page. */
const BUDGET = 110 * KB;

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* htmlFiles(full);
    else if (name.endsWith('.html')) yield full;
  }
}

const gzipOf = new Map();
function gzipSize(file) {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(file)).length);
  return gzipOf.get(file);
}

/** A site URL (/pc/_astro/x.js) to its file in dist. */
const fileOf = (url) => path.join(DIST, url.replace(/^\/pc\//, ''));

/**
 * Every module a script loads: its static imports (`import … from "./x.js"`), its dynamic
 * ones (`import("./x.js")`, quoted in any way), and the chunks the bundler preloads with a
 * dynamic import (listed as "_astro/x.js", relative to the site's base).
 */
function closure(entry, seen) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  const imports = /(?:import|export)\s*(?:[^'"`]*?from\s*)?["'`]([^"'`]+\.js)["'`]|import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
  for (const m of source.matchAll(imports)) {
    const spec = m[1] ?? m[2];
    closure(spec.startsWith('/') ? fileOf(spec) : path.resolve(path.dirname(entry), spec), seen);
  }
  for (const m of source.matchAll(/["'`](_astro\/[^"'`]+\.js)["'`]/g)) closure(path.join(DIST, m[1]), seen);
}

const rows = [];
for (const file of htmlFiles(DIST)) {
  const html = readFileSync(file, 'utf8');
  const urls = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(m[1]);
  const modules = new Set();
  for (const url of urls) closure(fileOf(url), modules);
  let bytes = 0;
  for (const m of modules) bytes += gzipSize(m);
  // Inline scripts count too; data in script elements (JSON, JSON-LD) is not JavaScript.
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) bytes += gzipSync(m[1]).length;
  const route = '/' + path.relative(DIST, file).replace(/index\.html$/, '').replace(/\.html$/, '').replace(/\/$/, '');
  // The content editor (Decap CMS) is for staff at a desk, not a shop page: no budget.
  if (route === '/admin') continue;
  rows.push({ route, bytes, budget: BUDGET });
}

rows.sort((a, b) => b.bytes - a.bytes);
const over = rows.filter((r) => r.bytes > r.budget);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const show = (r) => `  ${r.route.padEnd(60)} ${kb(r.bytes).padStart(9)} of ${kb(r.budget)}`;
console.log(`JavaScript per page (gzip), ${rows.length} pages; heaviest:`);
for (const r of rows.slice(0, 5)) console.log(show(r));
console.log(`lightest: ${rows.at(-1)?.route} ${kb(rows.at(-1)?.bytes ?? 0)}`);
if (over.length) {
  console.error(`\n${over.length} page(s) over their JavaScript budget:`);
  for (const r of over) console.error(show(r));
  process.exit(1);
}
console.log('every page within its JavaScript budget');
