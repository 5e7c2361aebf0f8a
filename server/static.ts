import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { locales } from '../contract/rules/language.ts';
import { policies } from '../contract/rules/policies.ts';
import { log } from './ops/log.ts';
import { editorBackends, editorPolicy, pagePolicy, secure, STRICT_POLICY } from './http/security-headers.ts';

/** Hashed build output never changes under its name; everything else is checked each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Policies by built file and version (size, time): a page is hashed once per build, not per request. */
const policiesOfFiles = new Map<string, string>();

/**
 * The Content-Security-Policy of a built file: a page's allows its own inline scripts and styles
 * (read from the file as built, before the server fills anything in), the content editor's page
 * its backend (from admin/config.yml beside it), any other file nothing.
 */
async function policyOf(root: string, file: string, version: string): Promise<string> {
  if (!file.endsWith('.html')) return STRICT_POLICY;
  const key = `${file}\n${version}`;
  const known = policiesOfFiles.get(key);
  if (known) return known;
  const editor = path.relative(root, file).split(path.sep)[0] === 'admin';
  const policy = editor
    ? editorPolicy(editorBackends(await readFile(path.join(root, 'admin', 'config.yml'), 'utf8').catch(() => null)))
    : pagePolicy(await readFile(file, 'utf8').catch(() => ''));
  if (policiesOfFiles.size >= 2000) policiesOfFiles.delete(policiesOfFiles.keys().next().value!);
  policiesOfFiles.set(key, policy);
  return policy;
}

/** The site's language of a path: its first folder after /pc/ when that is a language. */
function languageOf(requestPath: string): string | undefined {
  const first = requestPath.replace(/^\/pc(?=\/|$)/, '').split('/')[1];
  return locales.find((l) => l !== 'en' && l === first);
}

/**
 * The built site's folder: a path, or (a server that republishes) a function answering the
 * current one, read once per request so that a request is answered from one build only.
 */
export type SiteDir = string | (() => string);
const folderOf = (siteDir: SiteDir) => path.resolve(typeof siteDir === 'string' ? siteDir : siteDir());

/** The 404 page in the language of the path, with status 404 (from the build `chosen` when the request already chose one). */
export function notFoundPage(siteDir: SiteDir) {
  return async (c: Context, chosen?: string) => {
    const root = typeof chosen === 'string' ? chosen : folderOf(siteDir);
    const lang = languageOf(c.req.path);
    const candidates = [...(lang ? [path.join(root, lang, '404', 'index.html')] : []), path.join(root, '404.html')];
    for (const file of candidates) {
      const html = await readFile(file, 'utf8').catch(() => null);
      if (html !== null) {
        const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE });
        secure(headers, pagePolicy(html));
        return c.body(html, 404, Object.fromEntries(headers));
      }
    }
    return c.text('Not found', 404);
  };
}

/**
 * The built site's files: /pc/home is home/index.html, with an ETag (a matching If-None-Match
 * gets 304 from the etag middleware). A path that is not a file, holds a malformed or any
 * percent escape, or climbs out of the folder gets the 404 page.
 */
export function siteFiles(siteDir: SiteDir, fillPage?: PageFiller) {
  const found = new WeakMap<Context, string>();
  // One file server per build folder (the current and the previous one while requests to it finish).
  const servers = new Map<string, ReturnType<typeof serveStatic>>();
  const filesOf = (root: string) => {
    let files = servers.get(root);
    if (!files) {
      if (servers.size >= 4) servers.delete(servers.keys().next().value!);
      files = serveStatic({
        root,
        rewriteRequestPath: (p) => p.replace(/^\/pc(?=\/|$)/, ''),
        onFound: (file, c) => {
          found.set(c, file);
        },
      });
      servers.set(root, files);
    }
    return files;
  };
  const notFound = notFoundPage(siteDir);
  return async (c: Context) => {
    // The folder is read once: the file and a 404 come from the same build.
    const root = folderOf(siteDir);
    let res = await filesOf(root)(c, async () => {});
    const file = found.get(c);
    if (!res || !file) return notFound(c, root);
    // Weak: the same tag stands for the gzip and the plain body. (No tag if a rebuild just took the file.)
    const s = await stat(file).catch(() => null);
    const filled = fillPage && file.endsWith('.html') ? await filledPage(file, res, fillPage) : null;
    if (filled) res = filled.res;
    if (s) res.headers.set('ETag', `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}${filled ? `-${filled.version}` : ''}"`);
    res.headers.set('Cache-Control', c.req.path.startsWith('/pc/_astro/') ? IMMUTABLE : REVALIDATE);
    secure(res.headers, await policyOf(root, file, s ? `${s.size}-${s.mtimeMs}` : 'unknown'));
    return res;
  };
}

/**
 * Fills what a built page leaves to the server (a product page's reviews): the page's HTML and
 * the version of what went in (part of its ETag), or null to serve the file as built.
 */
export type PageFiller = (html: string) => Promise<{ html: string; version: string } | null>;

/** The page with the server's part filled in, or null when there is nothing to fill (or the read failed). */
async function filledPage(file: string, res: Response, fillPage: PageFiller): Promise<{ res: Response; version: string } | null> {
  const html = await readFile(file, 'utf8').catch(() => null);
  if (html === null) return null;
  const filled = await fillPage(html).catch((err: unknown) => {
    // The page as built still sells: its reviews come back on the next request.
    log.warn(`[site] ${path.basename(path.dirname(file))}: reviews not filled in (${err instanceof Error ? err.message : String(err)})`);
    return null;
  });
  if (!filled) return null;
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  return { res: new Response(filled.html, { status: res.status, headers }), version: filled.version };
}

export interface SiteOptions {
  /** Folder of the built site (Astro's dist), or a function answering the current one. */
  siteDir: SiteDir;
  /** Where a product's page is, after /pc/ (e.g. products/auto-wiper-blade/bosch), for /pc/good?id=… */
  productPage: (id: string) => string | undefined;
  /** Fills a page's server-side part (a product page's reviews) on each request. */
  fillPage?: PageFiller;
}

/**
 * Mounts the site on `app`: redirects to the home page, the spec's query routes, then the
 * built files under /pc/ (and at the root, for robots.txt and icons). Pages, scripts and
 * styles go out compressed; API answers stay plain (small, and latency counts).
 */
export function mountSite<E extends Env>(app: Hono<E>, { siteDir, productPage, fillPage }: SiteOptions) {
  app.get('/', (c) => c.redirect('/pc/home', 302));
  app.get('/pc', (c) => c.redirect('/pc/home', 302));
  app.get('/pc/', (c) => c.redirect('/pc/home', 302));
  for (const lang of ['zh-cn', 'ms']) {
    app.get(`/pc/${lang}`, (c) => c.redirect(`/pc/${lang}/home`, 302));
    app.get(`/pc/${lang}/`, (c) => c.redirect(`/pc/${lang}/home`, 302));
  }
  app.use('/pc/*', compress(), etag());
  const notFound = notFoundPage(siteDir);
  // The spec's query routes lead to the prerendered pages, also without JavaScript.
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    app.get(`/pc/${prefix}agreement`, (c) => {
      const policy = policies.find((p) => p.id === c.req.query('id'));
      return policy ? c.redirect(`/pc/${prefix}agreement/${policy.slug}`, 302) : notFound(c);
    });
    app.get(`/pc/${prefix}good`, (c) => {
      const page = productPage(c.req.query('id') ?? '');
      return page ? c.redirect(`/pc/${prefix}${page}`, 302) : notFound(c);
    });
  }
  const files = siteFiles(siteDir, fillPage);
  app.on(['GET', 'HEAD'], '/pc/*', files);
  app.on(['GET', 'HEAD'], '/*', compress(), etag(), files);
}
