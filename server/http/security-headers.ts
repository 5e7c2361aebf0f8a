import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * What every answer tells the browser about itself: its Content-Security-Policy, that its type
 * is what it says (nosniff), how much of its address goes along with a link followed from it,
 * and that no other site may frame it (frame-ancestors, and X-Frame-Options for older browsers).
 *
 * A page runs the scripts it was built with and nothing else: its inline scripts and style
 * elements are allowed by their SHA-256 hashes, read from the built file itself (so the page and
 * its policy always match), every other script must come from the shop's own origin. Content
 * cannot add a script (it is Markdown only, see src/integrations/content-markdown.mjs), and what
 * the server fills into a page after the build (a product's reviews) is not hashed: a script
 * there would not run. API answers, files and anything else get the strictest policy.
 */

/** For JSON, files and redirects: nothing may load, run or frame it. */
export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The usual headers besides the policy, on every answer. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** Script types a browser runs (and so CSP governs); JSON and JSON-LD data blocks are not run. */
const RUN_TYPES = new Set(['', 'module', 'importmap', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

const sourceOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of a page's inline scripts a browser would run and of its style elements, each once, in page order. */
export function inlineSources(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi)) {
    const attributes = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = (/\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)?.slice(1).find((t) => t !== undefined) ?? '').trim().toLowerCase();
    if (RUN_TYPES.has(type)) scripts.add(sourceOf(m[2] ?? ''));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/gi)) styles.add(sourceOf(m[1] ?? ''));
  return { scripts: [...scripts], styles: [...styles] };
}

const withSources = (sources: string[]) => (sources.length ? ` ${sources.join(' ')}` : '');

/**
 * The policy of a shop page (or another page the server renders): its own inline scripts and
 * styles by hash, everything else from the shop's origin. Style attributes are allowed: the
 * reviews the server fills into a product page draw their bars with a width (a style cannot
 * run a script, and images still come only from the shop).
 */
export function pagePolicy(html: string): string {
  const { scripts, styles } = inlineSources(html);
  return [
    "default-src 'self'",
    `script-src 'self'${withSources(scripts)}`,
    `style-src 'self'${withSources(styles)}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The content editor's policy (/pc/admin/, Decap CMS, staff only), as strict as Decap allows.
 * Its scripts still come only from the shop (it has no inline script), but Decap checks its
 * configuration with validators it compiles at run time (ajv, `new Function`), so it may
 * evaluate code, and styles itself with style elements it writes at run time (emotion), which
 * no hash can name: styles are allowed inline. It talks to its backend, the origins `backends` (the local decap-server, or
 * the Git host's API and login), and shows images an editor uploads from the Git host or as
 * blob: previews; nothing else.
 */
export function editorPolicy(backends: readonly string[]): string {
  const hosts = withSources([...new Set(backends)]);
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${hosts}`,
    "font-src 'self'",
    `connect-src 'self'${hosts}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The default API address of each Git host Decap can use when its configuration names none. */
const GIT_HOST_APIS: Record<string, string[]> = {
  github: ['https://api.github.com'],
  gitlab: ['https://gitlab.com'],
  gitea: [],
};

/**
 * The origins the content editor's configuration (dist/admin/config.yml, JSON) sends requests
 * to: its proxy or local backend (any port of this machine), its Git host's API and login. None for a configuration that
 * cannot be read (the editor then reaches only the shop, and says it cannot load).
 */
export function editorBackends(config: string | null): string[] {
  let parsed: unknown;
  try {
    parsed = config === null ? null : JSON.parse(config);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const { backend, local_backend: local } = parsed as { backend?: Record<string, unknown>; local_backend?: Record<string, unknown> };
  const addresses = [backend?.proxy_url, backend?.api_root, backend?.base_url, local?.url].filter((a): a is string => typeof a === 'string');
  const name = typeof backend?.name === 'string' ? backend.name : '';
  const origins: string[] = [...(backend?.api_root === undefined ? (GIT_HOST_APIS[name] ?? []) : [])];
  for (const address of addresses) {
    try {
      const url = new URL(address);
      // The local proxy runs on the editor's own machine, on whichever port it was given.
      if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) origins.push(`${url.protocol}//${url.hostname}:*`);
      else if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      // Not an address: nothing to allow.
    }
  }
  return [...new Set(origins)];
}

/** Sets the policy (when the answer has none of its own) and the usual headers (when absent). */
export function secure(headers: Headers, policy: string): void {
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(COMMON_HEADERS)) if (!headers.has(name)) headers.set(name, value);
}

/**
 * Middleware: every answer that has not set its own policy gets one. An HTML page the server
 * wrote (a test double's page, say) gets a page's policy for its own inline scripts and styles;
 * everything else the strict one.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let res = c.res;
    // A 304's headers replace the cached page's: a policy here would take the place of the page's own.
    if (res.status === 304) return;
    if (!res.headers.has('Content-Security-Policy') || Object.keys(COMMON_HEADERS).some((h) => !res.headers.has(h))) {
      let policy = STRICT_POLICY;
      if (/^text\/html\b/i.test(res.headers.get('Content-Type') ?? '') && !res.headers.has('Content-Encoding') && res.body && !res.headers.has('Content-Security-Policy')) {
        policy = pagePolicy(await res.clone().text());
      }
      try {
        secure(res.headers, policy);
      } catch {
        // Headers of a fetched answer cannot change: the same answer, with headers of its own.
        res = new Response(res.body, res);
        secure(res.headers, policy);
        c.res = res;
      }
    }
  };
}
