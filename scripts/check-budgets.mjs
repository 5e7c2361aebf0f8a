// Part of `npm test`: reads the built site and fails when a page ships more JavaScript than
// its budget (gzip bytes of every script it loads, following the modules' own imports).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/** Static content pages: FAQ, policies, About. */
const CONTENT_BUDGET = 80 * KB;
const PAGE_BUDGET = 120 * KB;
const isContentPage = (route) => /(^|\/)(faq|agreement|about-us-servauto)(\/|$)/.test(route);

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

/** Every module a script loads, its own static and dynamic imports included. */
function closure(entry, seen) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const m of source.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["']([^"']+\.js)["']|import\(\s*["']([^"']+\.js)["']\s*\)/g)) {
    const spec = m[1] ?? m[2];
    const next = spec.startsWith('/') ? fileOf(spec) : path.resolve(path.dirname(entry), spec);
    closure(next, seen);
  }
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
  // Inline scripts count too.
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) bytes += gzipSync(m[1]).length;
  const route = '/' + path.relative(DIST, file).replace(/index\.html$/, '').replace(/\.html$/, '').replace(/\/$/, '');
  const budget = isContentPage(route) ? CONTENT_BUDGET : PAGE_BUDGET;
  rows.push({ route, bytes, budget });
}

rows.sort((a, b) => b.bytes - a.bytes);
const over = rows.filter((r) => r.bytes > r.budget);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const show = (r) => `  ${r.route.padEnd(60)} ${kb(r.bytes).padStart(9)} of ${kb(r.budget)}`;
console.log(`JavaScript per page (gzip), ${rows.length} pages; heaviest:`);
for (const r of rows.slice(0, 5)) console.log(show(r));
const content = rows.filter((r) => isContentPage(r.route));
if (content.length) console.log(`content pages: heaviest ${kb(Math.max(...content.map((r) => r.bytes)))} of ${kb(CONTENT_BUDGET)}`);
if (over.length) {
  console.error(`\n${over.length} page(s) over their JavaScript budget:`);
  for (const r of over) console.error(show(r));
  process.exit(1);
}
console.log('every page within its JavaScript budget');
