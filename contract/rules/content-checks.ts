/**
 * The checks that protect readers from what content editors write: the pages
 * (content/pages/<lang>/<page>.md), the home banners (content/home/banners.json) and the
 * products' texts (content/catalog/<category>/<id>.json). A problem names the file, the field,
 * the language and what is wrong, one line each (`problemLine`), and is data too, so the build
 * stops with it and staff can be shown it.
 *
 * - every page is in en/, zh-cn/ and ms/ with a title, a description and a text; every
 *   product's and banner's text has all three languages;
 * - every link leads to a page of the site (routes of src/pages, categories, products, files of
 *   public/) in the page's own language, and an agreement link names a policy the routes know
 *   (`/pc/agreement?id=PRIVACYPOLICY|RETURNPOLICY|Terms`);
 * - every image has its alternative text, and is a file of the site;
 * - the FAQ asks the same questions in the same order in every language: as many, and each
 *   answer shaped as the English one (paragraphs, list items, links, placeholders);
 * - texts are Markdown or plain words, never HTML (the site shows HTML as written and runs no
 *   script of content), a page's front matter is YAML, and no file is larger than its limit.
 *
 * Pure: it reads through the `SiteFiles` it is given, so the site's build and the server run
 * the same checks on a folder, and tests on fixtures.
 */
import { load as loadYaml } from 'js-yaml';
import { categories } from './categories.ts';
import { defaultLocale, locales, type Locale } from './language.ts';
import { policies } from './policies.ts';

/** What kind of problem, for a reader that words it itself. */
export type ContentRule =
  | 'unreadable'
  | 'missing-language'
  | 'not-a-language'
  | 'too-long'
  | 'broken-link'
  | 'wrong-language-link'
  | 'unknown-agreement'
  | 'missing-alt'
  | 'missing-image'
  | 'faq-order'
  | 'raw-html'
  | 'too-large';

export interface ContentProblem {
  /** From the project's root, e.g. "content/pages/ms/faq.md". */
  file: string;
  /** "title", "body", "name", "included[2]", "banners[1].alt", or "file" for the file itself. */
  field: string;
  /** The language the problem is in; "all" when it is the same in every language (a banner's link). */
  language: Locale | 'all';
  message: string;
  rule: ContentRule;
}

/** The project's files, read-only: the build reads the disk, tests read fixtures. */
export interface SiteFiles {
  /** Every file under `dir` (from the project's root), with its path from the root, "/" between folders. */
  list(dir: string): string[];
  /** A file's text, or null when there is none. */
  read(file: string): string | null;
  /** A file's size in bytes, or null when there is none (images are not read to be measured). */
  size?(file: string): number | null;
}

/** The content pages the site's routes render, each in every language. */
export const requiredPages = ['about', 'faq', ...policies.map((p) => p.folder)];
/** The page description's limit (src/content.config.ts). */
export const DESCRIPTION_MAX = 200;
/**
 * The largest file content may have, in bytes: a page (the longest, a FAQ, is about 13 KB), a
 * product's or the banners' JSON, an image a banner or product shows. Larger is a mistake (a
 * pasted document, an unscaled photo) that every reader would download.
 */
export const SIZE_LIMITS = { page: 100 * 1024, json: 64 * 1024, image: 1024 * 1024 } as const;

const languageName: Record<Locale, string> = { en: 'English', 'zh-cn': 'Chinese', ms: 'Malay' };
const prefixOf = (locale: Locale) => (locale === defaultLocale ? '' : `${locale}/`);

/** "content/pages/ms/faq.md: field body (ms): …" */
export function problemLine(p: Pick<ContentProblem, 'file' | 'field' | 'language' | 'message'>): string {
  return `${p.file}: field ${p.field} (${p.language === 'all' ? 'all languages' : p.language}): ${p.message}`;
}

/** A line of `problemLine` read back, or null for any other line. */
export function parseProblemLine(line: string): Omit<ContentProblem, 'rule'> | null {
  const m = /^(\S+): field (\S+) \((all languages|en|zh-cn|ms)\): (.+)$/.exec(line.trim());
  if (!m) return null;
  const [, file = '', field = '', language = '', message = ''] = m;
  return { file, field, language: language === 'all languages' ? 'all' : (language as Locale), message };
}

/** Every problem of the content, in file order; none when it may be published. */
export function checkContent(files: SiteFiles): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const catalog = readCatalog(files, problems);
  const site = siteOf(files, catalog);
  checkPages(files, site, problems);
  checkBanners(files, site, problems);
  for (const product of catalog) checkProduct(product, site, problems);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The site: its routes, its public files, its products.

type Segment = { literal: string } | { param: string; rest: boolean };
interface Route {
  /** The route without its language, e.g. "agreement", "products/[category]/[id]". */
  key: string;
  segments: Segment[];
}
interface ProductRef {
  file: string;
  id: string;
  slug: string;
  data: Record<string, unknown>;
}
interface Site {
  routes: Route[];
  publicFiles: Set<string>;
  products: ProductRef[];
  files: SiteFiles;
}

/** A page's or endpoint's route from its file under src/pages/, or null for a file that is none. */
function routeOf(file: string): Route | null {
  const rel = file.slice('src/pages/'.length);
  const page = /^(.*)\.(astro|md|mdx|html)$/.exec(rel)?.[1] ?? /^(.*\.[a-z]+)\.(ts|js|mjs)$/.exec(rel)?.[1];
  if (page === undefined || rel.split('/').some((s) => s.startsWith('_'))) return null;
  const parts = page.split('/');
  if (parts.at(-1) === 'index') parts.pop();
  const segments: Segment[] = parts.map((s) => {
    const param = /^\[(\.\.\.)?([^\]]+)\]$/.exec(s);
    return param ? { param: param[2] ?? '', rest: Boolean(param[1]) } : { literal: s };
  });
  const key = segments.filter((s) => !('param' in s && s.param === 'lang')).map((s) => ('literal' in s ? s.literal : `[${s.param}]`)).join('/');
  return { key, segments };
}

function siteOf(files: SiteFiles, products: ProductRef[]): Site {
  const routes = files.list('src/pages').map(routeOf).filter((r): r is Route => r !== null);
  const publicFiles = new Set(files.list('public').map((f) => f.slice('public/'.length)));
  return { routes, publicFiles, products, files };
}

/** The ways `segments` can read `parts`, each as its parameters. */
function matches(segments: Segment[], parts: string[], params: Record<string, string> = {}): Record<string, string>[] {
  const [first, ...others] = segments;
  if (!first) return parts.length === 0 ? [params] : [];
  if ('literal' in first) return parts[0] === first.literal ? matches(others, parts.slice(1), params) : [];
  if (!first.rest) return parts.length ? matches(others, parts.slice(1), { ...params, [first.param]: parts[0] ?? '' }) : [];
  return Array.from({ length: parts.length + 1 }, (_, n) => matches(others, parts.slice(n), { ...params, [first.param]: parts.slice(0, n).join('/') })).flat();
}

/** Whether the site builds a page for these parameters (the values its getStaticPaths list). */
function paramsExist(params: Record<string, string>, site: Site): boolean {
  for (const [name, value] of Object.entries(params)) {
    if (name === 'lang' && !['', ...locales.filter((l) => l !== defaultLocale)].includes(value)) return false;
    if (name === 'category' && !categories.some((c) => c.slug === value)) return false;
    if (name === 'id' && params.category !== undefined && !site.products.some((p) => p.id === value && p.slug === params.category)) return false;
    if (name === 'policy' && !policies.some((p) => p.slug === value)) return false;
    if (name !== 'lang' && value === '') return false;
  }
  return true;
}

type Target =
  | { kind: 'outside' }
  | { kind: 'file'; path: string }
  /** `bare`: the page's address after /pc/ without its language ("faq"); `tail`: its query and fragment as written. */
  | { kind: 'page'; route: string; language: Locale | null; bare: string; tail: string; query: URLSearchParams }
  | { kind: 'wrong'; rule: ContentRule; why: string };

/** The addresses content may lead a reader to besides the site's own: anything else (javascript:, data:) is refused, and leads nowhere. */
export const READER_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** Whether a browser following `address` stays safe: one of the site's, or of READER_SCHEMES (spaces and control characters, which browsers skip, skipped). */
export function readerAddress(address: string): boolean {
  const bare = [...address].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare)?.[1]?.toLowerCase();
  return !scheme || READER_SCHEMES.includes(scheme);
}

const listed = (values: readonly string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`);

/** Where an address written in content leads. */
function resolve(address: string, site: Site): Target {
  const url = address.trim();
  if (url === '') return { kind: 'wrong', rule: 'broken-link', why: 'has no address' };
  if (url.startsWith('#') || url.startsWith('//')) return { kind: 'outside' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme) {
    return READER_SCHEMES.includes(scheme) ? { kind: 'outside' } : { kind: 'wrong', rule: 'broken-link', why: `is not an address a reader can open (${scheme}:)` };
  }
  if (!url.startsWith('/')) return { kind: 'wrong', rule: 'broken-link', why: 'is not an address of the site: write it from /pc/, e.g. /pc/faq' };
  const cut = url.search(/[?#]/);
  const rawPath = cut < 0 ? url : url.slice(0, cut);
  const tail = cut < 0 ? '' : url.slice(cut);
  let path: string;
  try {
    path = decodeURI(rawPath);
  } catch {
    return { kind: 'wrong', rule: 'broken-link', why: 'is not a well-formed address' };
  }
  if (path !== '/pc' && !path.startsWith('/pc/')) return { kind: 'wrong', rule: 'broken-link', why: 'is not a page of the site (its addresses start with /pc/)' };
  const rest = path.slice('/pc/'.length).replace(/\/$/, '');
  const query = new URLSearchParams(/^\?([^#]*)/.exec(tail)?.[1] ?? '');
  // /pc, /pc/zh-cn and /pc/ms lead to the home page.
  if (rest === '' || (locales as readonly string[]).includes(rest)) {
    return { kind: 'page', route: 'home', language: rest === '' ? defaultLocale : (rest as Locale), bare: 'home', tail, query };
  }
  if (site.publicFiles.has(rest)) return { kind: 'file', path };
  for (const route of site.routes) {
    const found = matches(route.segments, rest.split('/')).find((params) => paramsExist(params, site));
    if (!found) continue;
    const hasLang = route.segments.some((s) => 'param' in s && s.param === 'lang');
    const language = hasLang ? ((found.lang || defaultLocale) as Locale) : null;
    const bare = found.lang ? rest.slice(found.lang.length + 1) : rest;
    return { kind: 'page', route: route.key, language, bare, tail, query };
  }
  return { kind: 'wrong', rule: 'broken-link', why: 'is not a page of the site' };
}

/** Why a link written on a page in `language` (null: one link for every language) does not serve its reader, or null. */
function linkProblem(address: string, site: Site, language: Locale | null): { rule: ContentRule; why: string } | null {
  const target = resolve(address, site);
  if (target.kind === 'wrong') return target;
  if (target.kind !== 'page') return null;
  if (target.route === 'agreement') {
    const id = target.query.get('id');
    const known = policies.map((p) => p.id);
    if (!id || !(known as string[]).includes(id)) {
      return { rule: 'unknown-agreement', why: `${id ? `names the agreement "${id}", which the site does not have` : 'names no agreement'}: the agreements are ${listed(known)}` };
    }
  }
  if (target.route === 'good') {
    const id = target.query.get('id');
    if (!id || !site.products.some((p) => p.id === id)) return { rule: 'broken-link', why: id ? `names the product "${id}", which the catalogue does not have` : 'names no product' };
  }
  if (target.language && language === null && target.language !== defaultLocale) {
    return { rule: 'wrong-language-link', why: `carries a language: write /pc/${target.bare}${target.tail}, and each reader is led to the page in their own language` };
  }
  if (target.language && language && target.language !== language) {
    return { rule: 'wrong-language-link', why: `leads to the ${languageName[target.language]} page; this text is in ${languageName[language]}: link /pc/${prefixOf(language)}${target.bare}${target.tail}` };
  }
  return null;
}

/** Why an image address does not show an image of the site, or null. */
function imageProblem(address: string, site: Site): { rule: ContentRule; why: string } | null {
  const target = resolve(address, site);
  if (target.kind === 'file') return imageFileProblem(`public/${target.path.slice('/pc/'.length)}`, site.files);
  if (target.kind === 'outside') return null;
  if (target.kind === 'wrong' && target.why !== 'is not a page of the site') return { rule: 'missing-image', why: target.why };
  const file = decodeURI(address.trim().split(/[?#]/)[0] ?? '').replace(/^\/pc\//, 'public/');
  return { rule: 'missing-image', why: `is not a file of the site (${file} does not exist)` };
}

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en')} KB`;
const byteLength = (text: string) => new TextEncoder().encode(text).length;
const tooLarge = (bytes: number, limit: number, what: string) => `is ${kilobytes(bytes)}; ${what} may be at most ${kilobytes(limit)}`;

/** Why an image file of the site may not be shown: too large, or an SVG that would run code. */
function imageFileProblem(file: string, files: SiteFiles): { rule: ContentRule; why: string } | null {
  const bytes = files.size?.(file) ?? null;
  if (bytes !== null && bytes > SIZE_LIMITS.image) return { rule: 'too-large', why: `${tooLarge(bytes, SIZE_LIMITS.image, 'an image')}: save it smaller (about 1600 pixels wide is plenty)` };
  if (!/\.svgz?$/i.test(file)) return null;
  const svg = files.read(file) ?? '';
  const code = /<script\b|<foreignObject\b|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*javascript:/i.exec(svg)?.[0];
  return code ? { rule: 'raw-html', why: `is an SVG with code in it (${code.trim()}): the site shows no image that runs code; save it without scripts, or as PNG` } : null;
}

/** The same address in every language, for comparing the FAQ's answers. */
const withoutLanguage = (address: string) => address.trim().replace(/^\/pc\/(?:zh-cn|ms)(?=\/|$|[?#])/, '/pc');

// ---------------------------------------------------------------------------------------------
// Markdown: what a page links to and shows, found as the renderer finds it (closely enough).

interface Reference {
  kind: 'link' | 'image';
  /** The link's words, or the image's alternative text. */
  text: string;
  address: string;
  line: number;
}

const INLINE = /(!?)\[((?:[^[\]\\]|\\.|\[(?:[^[\]\\]|\\.)*\])*)\]\(\s*(?:<([^>\n]*)>|([^\s()]*(?:\([^\s()]*\)[^\s()]*)*))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
const REFERENCE = /(!?)\[((?:[^[\]\\]|\\.)*)\](?:\[((?:[^[\]\\]|\\.)*)\])?/g;
const DEFINITION = /^ {0,3}\[((?:[^[\]\\]|\\.)+)\]:\s*(?:<([^>]*)>|(\S+))/;

const attribute = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};
const plainWords = (text: string) => text.replace(/\\(.)/g, '$1').replace(/[*_~`]/g, '').replace(/\s+/g, ' ').trim();

/** The lines of a Markdown text with code blocks emptied, code spans and comments blanked, so their brackets are not links. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  // An HTML comment shows nothing: blanked, its lines kept.
  const shown = markdown.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
  return shown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (code) => ' '.repeat(code.length));
  });
}

/** An HTML tag, a declaration or processing instruction, or an HTML block's opening word left unclosed. */
const HTML = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<![A-Za-z[][^>]*>?|<\?[^>]*>?|^ {0,3}<(?:script|style|pre|textarea)(?=\s|$)/gim;

/**
 * What a text holds that is HTML rather than Markdown or words, one entry per line (first line
 * `firstLine`): the tags as written, and whether one is a script or an event handler. Code spans,
 * code blocks and comments hold none (they show as code, or nothing).
 */
export function htmlIn(text: string, firstLine = 1): { line: number; tags: string[]; runs: string | null }[] {
  const found: { line: number; tags: string[]; runs: string | null }[] = [];
  const prose = proseLines(text).join('\n');
  for (const m of prose.matchAll(HTML)) {
    const tag = m[0].trim().replace(/\s+/g, ' ');
    const line = firstLine + (prose.slice(0, m.index).match(/\n/g)?.length ?? 0);
    const runs = /^<\/?script\b/i.test(tag) ? 'a script' : /\son[a-z]+\s*=/i.exec(tag) ? `an event handler (${/\s(on[a-z]+)\s*=/i.exec(tag)?.[1]})` : /javascript:/i.test(tag) ? 'a javascript: address' : null;
    const last = found.at(-1);
    if (last?.line === line) {
      last.tags.push(tag);
      last.runs ??= runs;
    } else found.push({ line, tags: [tag], runs });
  }
  return found;
}

/** A problem for each line of `text` holding HTML; `lines`: name the line (a page's body). */
function checkHtml(text: string, firstLine: number, at: Omit<ContentProblem, 'message' | 'rule'>, problems: ContentProblem[], lines: boolean) {
  for (const { line, tags, runs } of htmlIn(text, firstLine)) {
    const shown = tags.length > 3 ? `${tags.slice(0, 3).join(' ')} …` : tags.join(' ');
    const where = lines ? `line ${line} has` : 'has';
    const short = [...shown].length > 120 ? `${[...shown].slice(0, 117).join('')}…` : shown;
    problems.push({
      ...at,
      rule: 'raw-html',
      message: runs
        ? `${where} HTML with ${runs} (${short}): the site runs no code of content and would show it as written; write Markdown only`
        : `${where} HTML (${short}), which the site shows as written, not as markup: write Markdown (**bold**, [words](/pc/faq), "- " before a list item)`,
    });
  }
}

function references(markdown: string, firstLine = 1): Reference[] {
  const lines = proseLines(markdown);
  const definitions = new Map<string, string>();
  lines.forEach((line, i) => {
    const m = DEFINITION.exec(line);
    if (!m) return;
    const label = (m[1] ?? '').trim().toLowerCase();
    if (!definitions.has(label)) definitions.set(label, m[2] ?? m[3] ?? '');
    lines[i] = '';
  });
  const found: Reference[] = [];
  const inText = (text: string, line: number) => {
    if (!text.includes('[') && !text.includes('<')) return;
    for (const m of text.matchAll(INLINE)) {
      const kind = m[1] ? 'image' : 'link';
      found.push({ kind, text: plainWords(m[2] ?? ''), address: m[3] ?? m[4] ?? '', line });
      // An image inside a link's words: [![alt](image)](page).
      if (kind === 'link') inText(m[2] ?? '', line);
    }
    const rest = text.replace(INLINE, (m) => ' '.repeat(m.length));
    for (const m of rest.matchAll(REFERENCE)) {
      const after = rest[(m.index ?? 0) + m[0].length];
      if (m[3] === undefined && after === ':') continue;
      const label = (m[3] || m[2] || '').trim().toLowerCase();
      const address = definitions.get(label);
      if (address !== undefined) found.push({ kind: m[1] ? 'image' : 'link', text: plainWords(m[2] ?? ''), address, line });
    }
    for (const m of text.matchAll(/<img\b[^>]*>/gi)) found.push({ kind: 'image', text: attribute(m[0], 'alt')?.trim() ?? '', address: attribute(m[0], 'src') ?? '', line });
    for (const m of text.matchAll(/<a\b[^>]*>/gi)) {
      const href = attribute(m[0], 'href');
      if (href !== null) found.push({ kind: 'link', text: '', address: href, line });
    }
  };
  lines.forEach((line, i) => inText(line, firstLine + i));
  return found;
}

/** The problems of what a text links to and shows; `language` null for one link shown in every language. */
function checkReferences(
  refs: Reference[],
  site: Site,
  at: Omit<ContentProblem, 'message' | 'rule'>,
  language: Locale | null,
  problems: ContentProblem[],
  lines: boolean,
) {
  for (const ref of refs) {
    const where = lines ? ` (line ${ref.line})` : '';
    if (ref.kind === 'image') {
      if (!ref.text) problems.push({ ...at, rule: 'missing-alt', message: `the image ${ref.address || '(no address)'}${where} has no alternative text: say what it shows, as in ![A mechanic changing the oil](${ref.address || '/pc/…'})` });
      const bad = imageProblem(ref.address, site);
      if (bad) problems.push({ ...at, rule: bad.rule, message: `the image ${ref.address || '(no address)'}${where} ${bad.why}` });
    } else {
      const bad = linkProblem(ref.address, site, language);
      if (bad) problems.push({ ...at, rule: bad.rule, message: `the link ${ref.text ? `"${ref.text}" ` : ''}to ${ref.address || '(no address)'}${where} ${bad.why}` });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pages: content/pages/<lang>/<page>.md, one folder per language

interface FrontMatter {
  /** The front matter's top-level texts. */
  data: Map<string, string>;
  /** Every top-level field as YAML reads it (a number stays a number). */
  fields: Record<string, unknown>;
  body: string;
  /** The line of the file where the body starts. */
  bodyLine: number;
  /** Why the front matter is not YAML, or not fields: the line of the file, the field nearest above it ("front-matter" when none), the reason. */
  error?: { line: number; field: string; reason: string };
}

/**
 * The front matter (YAML between "---" lines, read as the site's build reads it) and the body.
 * Front matter that is not YAML, or not a list of fields, comes back as `error`, with no data.
 */
export function frontMatter(text: string): FrontMatter {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const data = new Map<string, string>();
  if (lines[0]?.trim() !== '---') return { data, fields: {}, body: lines.join('\n'), bodyLine: 1 };
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
  if (end < 0) return { data, fields: {}, body: lines.join('\n'), bodyLine: 1, error: { line: 1, field: 'front-matter', reason: 'has no closing "---" line' } };
  const yaml = lines.slice(1, end);
  const body = lines.slice(end + 1).join('\n');
  const bodyLine = end + 2;
  /** The field written on the front matter's line `index` (from 0), or the nearest above it. */
  const fieldAt = (index: number) => {
    for (let i = Math.min(index, yaml.length - 1); i >= 0; i--) {
      const key = /^([A-Za-z_][\w-]*)\s*:/.exec(yaml[i] ?? '')?.[1];
      if (key) return key;
    }
    return 'front-matter';
  };
  let parsed: unknown;
  try {
    parsed = loadYaml(yaml.join('\n'));
  } catch (err) {
    const mark = (err as { mark?: { line?: number } }).mark;
    const reason = ((err as { reason?: string }).reason ?? (err instanceof Error ? err.message.split('\n')[0] : String(err))) || 'unreadable';
    let index = typeof mark?.line === 'number' ? mark.line : 0;
    // A quote left open shows only further down: the error is the field whose value it opened.
    const opened = yaml.findIndex((l, i) => {
      const value = /^[A-Za-z_][\w-]*\s*:\s*(["'].*)$/.exec(l)?.[1];
      if (i > index || !value) return false;
      const quotes = value[0] === '"' ? value.replace(/\\./g, '').split('"').length - 1 : value.split("'").length - 1;
      return quotes % 2 === 1;
    });
    if (opened >= 0) index = opened;
    return { data, fields: {}, body, bodyLine, error: { line: index + 2, field: fieldAt(index), reason } };
  }
  if (parsed === undefined || parsed === null) return { data, fields: {}, body, bodyLine };
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { data, fields: {}, body, bodyLine, error: { line: 2, field: 'front-matter', reason: 'is not a list of fields ("title: …" on each line)' } };
  }
  const fields = parsed as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') data.set(key, value.trim());
  return { data, fields, body, bodyLine };
}

interface Question {
  title: string;
  shape: { paragraphs: number; items: number; headings: number; links: string[]; images: number; placeholders: string[] };
}

/** The FAQ's questions (each "## Question?" heading) with the shape of each answer. */
export function faqQuestions(body: string): Question[] {
  const lines = proseLines(body);
  const questions: { title: string; lines: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const atx = /^ {0,3}##(?!#)\s*(.*?)\s*#*\s*$/.exec(line);
    // A "Question" line underlined with dashes is a second-level heading too.
    const setext = line.trim() && !/^ {0,3}([-*+]|\d+[.)]|#|>)/.test(line) && /^ {0,3}-+\s*$/.test(lines[i + 1] ?? '') && (i === 0 || (lines[i - 1] ?? '').trim() === '');
    if (atx) questions.push({ title: atx[1] ?? '', lines: [] });
    else if (setext) {
      questions.push({ title: line.trim(), lines: [] });
      i++;
    } else questions.at(-1)?.lines.push(line);
  }
  return questions.map(({ title, lines: answer }) => {
    const text = answer.join('\n');
    const chunks = text.split(/\n\s*\n/).filter((c) => c.trim());
    const item = /^\s*([-*+]|\d+[.)])\s+/;
    const refs = references(text);
    return {
      title: plainWords(title),
      shape: {
        paragraphs: chunks.filter((c) => !item.test(c) && !/^ {0,3}#/.test(c)).length,
        items: answer.filter((l) => item.test(l)).length,
        headings: answer.filter((l) => /^ {0,3}#{3,6}\s/.test(l)).length,
        links: refs.filter((r) => r.kind === 'link').map((r) => withoutLanguage(r.address)),
        images: refs.filter((r) => r.kind === 'image').length,
        placeholders: [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort(),
      },
    };
  });
}

const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How an answer differs in shape from the English one, in words, or null when it does not. */
function shapeDifference(shape: Question['shape'], english: Question['shape']): string | null {
  const words = (s: Question['shape']) => ({
    paragraphs: countOf(s.paragraphs, 'paragraph'),
    items: countOf(s.items, 'list item'),
    headings: countOf(s.headings, 'heading'),
    links: s.links.length ? `links to ${s.links.join(', ')}` : 'links nowhere',
    images: countOf(s.images, 'image'),
    placeholders: s.placeholders.length ? `names ${s.placeholders.map((p) => `{{${p}}}`).join(', ')}` : 'names no placeholder',
  });
  const mine = words(shape);
  const theirs = words(english);
  for (const key of ['links', 'placeholders', 'items', 'headings', 'images', 'paragraphs'] as const) {
    if (mine[key] !== theirs[key]) return `its answer ${key === 'links' || key === 'placeholders' ? mine[key] : `has ${mine[key]}`}, the English answer ${key === 'links' || key === 'placeholders' ? theirs[key] : `has ${theirs[key]}`}`;
  }
  return null;
}

function checkPages(files: SiteFiles, site: Site, problems: ContentProblem[]) {
  const byPage = new Map<string, Set<string>>(requiredPages.map((p) => [p, new Set()]));
  for (const file of files.list('content/pages')) {
    const m = /^content\/pages\/([^/]+)\/(.+)\.md$/.exec(file);
    if (!m) continue;
    const [, name = '', page = ''] = m;
    if (!byPage.has(page)) byPage.set(page, new Set());
    byPage.get(page)?.add(name);
  }
  const faq = new Map<Locale, { file: string; questions: Question[] }>();
  for (const [page, names] of [...byPage].sort(([a], [b]) => a.localeCompare(b))) {
    for (const name of [...names].sort()) {
      if (!(locales as readonly string[]).includes(name)) {
        problems.push({ file: `content/pages/${name}/${page}.md`, field: 'file', language: 'all', rule: 'not-a-language', message: `"${name}" is not a language of the site: a page's folders are ${locales.map((l) => `${l}/`).join(', ')}` });
      }
    }
    for (const language of locales) {
      const file = `content/pages/${language}/${page}.md`;
      const at = { file, language } as const;
      const text = names.has(language) ? files.read(file) : null;
      if (text === null) {
        problems.push({ ...at, field: 'file', rule: 'missing-language', message: `is missing: the ${languageName[language]} text of ${page} (every page has ${locales.map((l) => `content/pages/${l}/${page}.md`).join(', ')})` });
        continue;
      }
      const bytes = byteLength(text);
      if (bytes > SIZE_LIMITS.page) {
        // Read no further: its links and HTML would be as many problems as a reader could not fix.
        problems.push({ ...at, field: 'file', rule: 'too-large', message: `${tooLarge(bytes, SIZE_LIMITS.page, 'a page')}: it is a web page, not a document (link a PDF from public/ for one)` });
        continue;
      }
      const { data, fields, body, bodyLine, error } = frontMatter(text);
      if (error) {
        problems.push({ ...at, field: error.field, rule: 'unreadable', message: `the front matter is not YAML (line ${error.line}: ${error.reason}): write each field as name: "text", in quotes` });
        continue;
      }
      for (const field of ['title', 'description']) {
        const value = fields[field];
        if (value !== undefined && value !== null && typeof value !== 'string') {
          problems.push({ ...at, field, rule: 'unreadable', message: `is not a text (YAML reads ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'fields' : `the ${typeof value} ${String(value)}`}): write it in quotes, as ${field}: "…"` });
        } else if (!data.get(field)) problems.push({ ...at, field, rule: 'missing-language', message: `has no ${languageName[language]} text` });
      }
      checkHtml(body, bodyLine, { ...at, field: 'body' }, problems, true);
      const description = data.get('description') ?? '';
      if ([...description].length > DESCRIPTION_MAX) problems.push({ ...at, field: 'description', rule: 'too-long', message: `is ${[...description].length} characters long; at most ${DESCRIPTION_MAX} (search engines cut the rest)` });
      if (!body.trim()) problems.push({ ...at, field: 'body', rule: 'missing-language', message: `has no ${languageName[language]} text` });
      checkReferences(references(body, bodyLine), site, { ...at, field: 'body' }, language, problems, true);
      if (page === 'faq') faq.set(language, { file, questions: faqQuestions(body) });
    }
  }
  checkFaqOrder(faq, problems);
}

function checkFaqOrder(faq: Map<Locale, { file: string; questions: Question[] }>, problems: ContentProblem[]) {
  const english = faq.get(defaultLocale);
  if (!english) return;
  for (const language of locales) {
    const other = faq.get(language);
    if (!other || language === defaultLocale) continue;
    const at = { file: other.file, field: 'body', language, rule: 'faq-order' } as const;
    if (other.questions.length !== english.questions.length) {
      problems.push({ ...at, message: `has ${countOf(other.questions.length, 'question')} ("## …" headings), the English FAQ (${english.file}) ${english.questions.length}: every language asks the same questions in the same order` });
      continue;
    }
    other.questions.forEach((q, i) => {
      const theirs = english.questions[i];
      const why = theirs ? shapeDifference(q.shape, theirs.shape) : null;
      if (theirs && why) {
        problems.push({ ...at, message: `question ${i + 1} "${q.title}" does not match English question ${i + 1} "${theirs.title}": ${why}. Keep the questions in the order of ${english.file}` });
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Banners and products: JSON whose texts are { "en": …, "zh-cn": …, "ms": … }.

function readJson(files: SiteFiles, file: string, problems: ContentProblem[]): unknown {
  const text = files.read(file);
  if (text === null) return undefined;
  const bytes = byteLength(text);
  if (bytes > SIZE_LIMITS.json) {
    problems.push({ file, field: 'file', language: 'all', rule: 'too-large', message: `${tooLarge(bytes, SIZE_LIMITS.json, 'a product or the banners')}: texts this long are a mistake` });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ file, field: 'file', language: 'all', rule: 'unreadable', message: `is not valid JSON (${err instanceof Error ? err.message : String(err)})` });
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => isRecord(value) && Object.keys(value).some((k) => (locales as readonly string[]).includes(k));
const isAlt = (field: string) => /(^|\.)(alt|imageAlt)$/.test(field);

/** Each text in three languages under `value`, with its field's path ("included[2]"). */
function textsIn(value: unknown, field: string, found: [string, Record<string, unknown>][] = []): [string, Record<string, unknown>][] {
  if (isText(value)) found.push([field, value as Record<string, unknown>]);
  else if (Array.isArray(value)) value.forEach((v, i) => textsIn(v, `${field}[${i}]`, found));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) textsIn(v, field ? `${field}.${k}` : k, found);
  return found;
}

/** Links written in a plain text: Markdown links and bare addresses of the site. */
function textReferences(text: string): Reference[] {
  if (!text.includes('[') && !text.includes('<') && !text.includes('/pc')) return [];
  const refs = references(text);
  const rest = text.replace(INLINE, ' ').replace(/<[^>]*>/g, ' ');
  for (const m of rest.matchAll(/(?<![\w/])\/pc(?:\/[^\s"'<>()[\]]*)?/g)) refs.push({ kind: 'link', text: '', address: m[0].replace(/[.,;:!?]+$/, ''), line: 1 });
  return refs;
}

/** Every language of each text under `value`, its links and images; `required` texts must be there at all. */
function checkTexts(file: string, value: Record<string, unknown>, prefix: string, required: string[], site: Site, problems: ContentProblem[]) {
  for (const name of required) {
    if (value[name] === undefined) {
      const field = `${prefix}${name}`;
      problems.push({ file, field, language: 'all', rule: isAlt(field) ? 'missing-alt' : 'missing-language', message: isAlt(field) ? 'is missing: the image has no alternative text' : 'is missing' });
    }
  }
  for (const [path, text] of textsIn(value, prefix.replace(/\.$/, ''))) {
    for (const language of locales) {
      const words = text[language];
      if (typeof words !== 'string' || !words.trim()) {
        problems.push(
          isAlt(path)
            ? { file, field: path, language, rule: 'missing-alt', message: `the image has no alternative text in ${languageName[language]}` }
            : { file, field: path, language, rule: 'missing-language', message: `has no ${languageName[language]} text` },
        );
        continue;
      }
      checkHtml(words, 1, { file, field: path, language }, problems, false);
      checkReferences(textReferences(words), site, { file, field: path, language }, language, problems, false);
    }
  }
}

function checkBanners(files: SiteFiles, site: Site, problems: ContentProblem[]) {
  const file = 'content/home/banners.json';
  const content = readJson(files, file, problems);
  if (content === undefined) return;
  const banners = isRecord(content) && Array.isArray(content.banners) ? content.banners : null;
  if (!banners) {
    problems.push({ file, field: 'banners', language: 'all', rule: 'unreadable', message: 'is not a list of banners' });
    return;
  }
  banners.forEach((banner: unknown, i) => {
    const at = `banners[${i}]`;
    if (!isRecord(banner)) {
      problems.push({ file, field: at, language: 'all', rule: 'unreadable', message: 'is not a banner' });
      return;
    }
    const name = typeof banner.id === 'string' ? `banner "${banner.id}"` : 'the banner';
    checkTexts(file, banner, `${at}.`, ['title', 'subtitle', 'alt'], site, problems);
    const image = typeof banner.image === 'string' ? banner.image : '';
    const badImage = image ? imageProblem(image, site) : { rule: 'missing-image' as const, why: 'is missing' };
    if (badImage) problems.push({ file, field: `${at}.image`, language: 'all', rule: badImage.rule, message: `the image ${image} of ${name} ${badImage.why}`.replace('the image  of', 'the image of') });
    const link = typeof banner.link === 'string' ? banner.link : '';
    // One link for every language: the carousel leads each reader to their own language's page.
    const badLink = linkProblem(link, site, null);
    if (badLink) problems.push({ file, field: `${at}.link`, language: 'all', rule: badLink.rule, message: `the link ${link ? `${link} ` : ''}of ${name} ${badLink.why}` });
  });
}

function readCatalog(files: SiteFiles, problems: ContentProblem[]): ProductRef[] {
  const products: ProductRef[] = [];
  for (const file of files.list('content/catalog')) {
    const m = /^content\/catalog\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    const data = readJson(files, file, problems);
    if (!isRecord(data)) continue;
    const slug = categories.find((c) => c.className === data.category)?.slug ?? m[1] ?? '';
    products.push({ file, id: typeof data.id === 'string' ? data.id : (m[2] ?? ''), slug, data });
  }
  return products;
}

function checkProduct(product: ProductRef, site: Site, problems: ContentProblem[]) {
  const { file, data } = product;
  checkTexts(file, data, '', ['name', 'summary', 'description', 'imageAlt', 'unit'], site, problems);
  const image = typeof data.image === 'string' ? data.image : '';
  const bad = image ? imageProblem(image, site) : { rule: 'missing-image' as const, why: 'is missing' };
  if (bad) problems.push({ file, field: 'image', language: 'all', rule: bad.rule, message: image ? `the image ${image} ${bad.why}` : 'is missing' });
}
