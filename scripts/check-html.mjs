// Part of `npm test`, after the build: every built page (dist/**/*.html) through html-validate,
// each refusal as file:line:column rule message; exits 1 when there is any.
//
// The rules are html-validate's recommended ones (.htmlvalidate.json), with these changes,
// each a matter of style that the two writers of our markup settle differently, never one
// of what HTML allows:
// - attribute-boolean-style: boolean attributes written empty (`disabled=""`), as React
//   writes them (the recommended style omits the value; both are HTML).
// - attribute-empty-style off: React writes `hidden=""`, Astro and authors a bare `popover`;
//   both are HTML.
// - void-style off: React closes void elements (`<input/>`), Astro does not (`<meta>`); both
//   are HTML.
// - long-title off: a title over 70 characters is advice for search results, which shorten it;
//   product pages name the product and its fitted price in full.
// - valid-id relaxed: HTML allows any id without spaces; headings of the policy pages start
//   with a number ("30-day workmanship warranty").
// - tel-non-breaking: a phone number in an element that does not wrap (Tailwind's
//   whitespace-nowrap) needs no non-breaking spaces.
// A `<template>`'s content is not part of the page until a script copies it in (the console's
// first page holds one copy per staff role, one of which is put in place before the first
// paint): the page is checked with every template empty, and once more per template with that
// one's content standing where the script puts it, as the page a visitor gets.
// Beside the validator, a page's visible text must hold no `**`: Markdown emphasis that its
// renderer left as it was typed (in Chinese, a closing `**` after 。 or ： and before a letter is
// no closing delimiter: the punctuation goes after it, `**正品配件**。`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { esmResolver, HtmlValidate, StaticConfigLoader } from 'html-validate';

const DIST = path.resolve(process.argv[2] ?? 'dist');

/** @param {string} dir @returns {Generator<string>} */
function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* htmlFiles(full);
    else if (name.endsWith('.html')) yield full;
  }
}

const TEMPLATE = /(<template\b[^>]*>)([\s\S]*?)(<\/template>)/gi;
/** Text as wide as `text`, its line breaks kept, so lines and columns still point into the file. */
const blankOut = (/** @type {string} */ text) => text.replace(/[^\n]/g, ' ');

/**
 * The page as it can be shown: with every template empty, then with each template's content
 * in place (the template's tags written as a div's, of the same width). Without templates, the
 * page as it is.
 * @param {string} markup
 */
function asShown(markup) {
  const templates = [...markup.matchAll(TEMPLATE)];
  if (!templates.length) return [markup];
  const empty = markup.replace(TEMPLATE, (_, open, content, close) => open + blankOut(content) + close);
  return [
    empty,
    ...templates.map((shown) =>
      markup.replace(TEMPLATE, (whole, open, content, close, at) =>
        at === shown.index ? open.replace(/^<template/i, '<div     ') + content + close.replace(/^<\/template/i, '</div     ') : open + blankOut(content) + close,
      ),
    ),
  ];
}

const config = JSON.parse(readFileSync(new URL('../.htmlvalidate.json', import.meta.url), 'utf8'));
const validator = new HtmlValidate(new StaticConfigLoader([esmResolver()], config));
const started = Date.now();
let pages = 0;
let problems = 0;
/** @type {Map<string, number>} */
const byRule = new Map();
/** Lines printed in full; past these, the count per rule says the rest. */
const SHOWN = 200;
for (const file of htmlFiles(DIST)) {
  pages++;
  const markup = readFileSync(file, 'utf8');
  // Scripts, styles and tags left out, their line breaks kept so that lines still count.
  const blank = (/** @type {string} */ m) => m.replace(/[^\n]/g, '');
  const text = markup.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, blank).replace(/<[^>]*>/g, blank);
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.includes('**')) continue;
    problems++;
    byRule.set('unrendered-markdown', (byRule.get('unrendered-markdown') ?? 0) + 1);
    if (problems <= SHOWN) console.error(`${path.relative(process.cwd(), file)}:${index + 1} unrendered-markdown text shows "**": ${line.trim().slice(0, 80)}`);
  }
  const seen = new Set();
  for (const variant of asShown(markup)) {
    const report = await validator.validateString(variant, file);
    for (const result of report.results) {
      for (const m of result.messages) {
        const at = `${m.line}:${m.column} ${m.ruleId}`;
        if (seen.has(at)) continue;
        seen.add(at);
        problems++;
        byRule.set(m.ruleId, (byRule.get(m.ruleId) ?? 0) + 1);
        if (problems <= SHOWN) console.error(`${path.relative(process.cwd(), file)}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
      }
    }
  }
}
if (pages === 0) {
  console.error(`check:html: no built page in ${DIST}: run npm run build first`);
  process.exit(1);
}
const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
if (problems > 0) {
  const counts = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
  console.error(`check:html: ${problems} problem(s) in the ${pages} built pages (${took})${problems > SHOWN ? `, the first ${SHOWN} above` : ''}: ${counts}; the rules are in .htmlvalidate.json`);
  process.exit(1);
}
console.log(`check:html: ${pages} built pages are valid HTML (${took})`);
