// Each page ships only the dictionary areas its scripts read (src/i18n/areas.ts). This check,
// run before every build, follows each page's imports (its layouts, islands and every module
// they load, lazily or not) and finds the areas those modules read from the dictionary. It
// fails when a page reads an area it did not name (the browser would find it missing), or names
// one it does not read (the page would carry words for nothing).
//
// A page names its areas as a literal list: `<Shell … areas={['checkout', 'payment']}>`, and a
// layout may add its own (`areas={['console', ...areas]}`). The frame's areas (SHELL_AREAS) are
// those the Shell's own modules read, and every page carries them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The dictionary's areas: its top-level keys whose values are objects (strings always travel). */
function areasOfDictionary(root) {
  const source = readFileSync(path.join(root, 'src/i18n/en.ts'), 'utf8');
  return new Set([...source.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1]));
}

/** SHELL_AREAS as src/i18n/areas.ts lists them. */
function shellAreas(root) {
  const source = readFileSync(path.join(root, 'src/i18n/areas.ts'), 'utf8');
  const list = /SHELL_AREAS = \[([^\]]*)\]/.exec(source);
  if (!list) throw new Error('src/i18n/areas.ts: no SHELL_AREAS list');
  return new Set([...list[1].matchAll(/'(\w+)'/g)].map((m) => m[1]));
}

/** The project's modules a file imports (statically or with import()), resolved to paths. */
function importsOf(file, source) {
  const found = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), m[1]);
    if (/\.(tsx?|astro|mjs|js)$/.test(target) && existsSync(target)) found.push(target);
  }
  return found;
}

/**
 * The areas a module reads: `dictionary(x).area`, and `name.area` where `name` holds a whole
 * dictionary (`const t = dictionary(x)`, or a parameter typed `Dictionary`). An .astro file's own
 * reads happen while the site is built, never in the browser, so they do not count.
 */
function areasReadBy(file, source, known) {
  const read = new Set();
  if (file.endsWith('.astro')) return read;
  for (const m of source.matchAll(/\bdictionary\([^()]*\)\.(\w+)/g)) read.add(m[1]);
  const holders = new Set();
  for (const m of source.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*dictionary\([^()]*\)\s*[;\n]/g)) holders.add(m[1]);
  for (const m of source.matchAll(/\b(\w+)\??\s*:\s*Dictionary\b(?!\s*\[)/g)) holders.add(m[1]);
  for (const m of source.matchAll(/\bconst\s*\{([^}]*)\}\s*=\s*dictionary\(/g)) {
    for (const name of m[1].split(',')) read.add(name.split(':')[0].trim());
  }
  for (const holder of holders) {
    for (const m of source.matchAll(new RegExp(`(?<![\\w.])${holder}\\.(\\w+)`, 'g'))) read.add(m[1]);
  }
  return new Set([...read].filter((area) => known.has(area)));
}

/** The areas a layout or page names: string literals in its `areas={[…]}` lists. */
function areasNamedBy(source) {
  const named = new Set();
  for (const m of source.matchAll(/\bareas=\{\[([^\]]*)\]\}/g)) {
    for (const a of m[1].matchAll(/'(\w+)'/g)) named.add(a[1]);
  }
  return named;
}

/** Every file reachable from `entry`, with what each reads and names. */
function closure(entry, known) {
  const seen = new Map();
  const visit = (file) => {
    if (seen.has(file)) return;
    const source = readFileSync(file, 'utf8');
    seen.set(file, { reads: areasReadBy(file, source, known), names: file.endsWith('.astro') ? areasNamedBy(source) : new Set() });
    for (const next of importsOf(file, source)) visit(next);
  };
  visit(entry);
  return seen;
}

function pagesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? pagesUnder(full) : name.endsWith('.astro') ? [full] : [];
  });
}

/** Every page's areas against what its scripts read: the problems found, and how many pages. */
export function checkAreas(root) {
  const known = areasOfDictionary(root);
  const shell = shellAreas(root);
  const rel = (file) => path.relative(root, file);
  const problems = [];

  for (const area of shell) if (!known.has(area)) problems.push(`src/i18n/areas.ts: SHELL_AREAS names '${area}', which the dictionary does not have`);
  const frame = closure(path.join(root, 'src/layouts/Shell.astro'), known);
  const frameReads = new Set([...frame.values()].flatMap((f) => [...f.reads]));
  for (const area of frameReads) if (!shell.has(area)) problems.push(`the page frame (src/layouts/Shell.astro and what it loads) reads '${area}': add it to SHELL_AREAS in src/i18n/areas.ts`);
  for (const area of shell) if (!frameReads.has(area)) problems.push(`SHELL_AREAS names '${area}', which the page frame never reads: every page would carry it for nothing`);

  let pages = 0;
  for (const page of pagesUnder(path.join(root, 'src/pages'))) {
    const files = closure(page, known);
    if (!files.has(path.join(root, 'src/layouts/Shell.astro'))) continue;
    pages += 1;
    const named = new Set([...files.values()].flatMap((f) => [...f.names]));
    const readers = new Map();
    for (const [file, { reads }] of files) {
      for (const area of reads) if (!shell.has(area) && !readers.has(area)) readers.set(area, file);
    }
    for (const [area, file] of readers) {
      if (!named.has(area)) problems.push(`${rel(page)}: ${rel(file)} reads the '${area}' texts, which the page does not name: add '${area}' to its areas`);
    }
    for (const area of named) {
      if (!known.has(area)) problems.push(`${rel(page)}: names '${area}', which the dictionary does not have`);
      else if (shell.has(area)) problems.push(`${rel(page)}: names '${area}', which every page carries already`);
      else if (!readers.has(area)) problems.push(`${rel(page)}: names '${area}', which none of its scripts reads: the page would carry it for nothing`);
    }
  }
  return { pages, problems, shell: [...shell] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, problems, shell } = checkAreas(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  if (problems.length > 0) {
    console.error(`Dictionary areas: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Dictionary areas: ${pages} pages each name what their scripts read (the frame: ${shell.join(', ')})`);
}
