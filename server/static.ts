import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { locales } from '../contract/language.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

async function fileAt(full: string) {
  try {
    const s = await stat(full);
    if (s.isFile()) return { full, size: s.size };
    if (s.isDirectory()) {
      const index = path.join(full, 'index.html');
      const i = await stat(index).catch(() => null);
      if (i?.isFile()) return { full: index, size: i.size };
    }
  } catch {
    /* not there */
  }
  return null;
}

function send(c: Context, file: { full: string; size: number }, status: number, immutable: boolean) {
  const type = types[path.extname(file.full)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(file.size),
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    'X-Content-Type-Options': 'nosniff',
  };
  if (c.req.method === 'HEAD') return c.body(null, status as 200, headers);
  const stream = Readable.toWeb(createReadStream(file.full)) as ReadableStream;
  return c.body(stream, status as 200, headers);
}

/** The 404 page in the language of the path, with status 404. */
export function notFoundPage(siteDir: string) {
  const root = path.resolve(siteDir);
  return async (c: Context) => {
    const rel = decodeURIComponent(c.req.path.replace(/^\/pc\/?/, ''));
    const lang = locales.find((l) => l !== 'en' && (rel === l || rel.startsWith(l + '/')));
    const page = (await fileAt(path.join(root, lang ?? '', '404'))) ?? (await fileAt(path.join(root, '404.html')));
    return page ? send(c, page, 404, false) : c.text('Not found', 404);
  };
}

/**
 * Serves the built site under /pc/: /pc/home is dist/home/index.html; hashed assets are
 * cached for good; anything else gets the 404 page of the path's language.
 */
export function siteHandler(siteDir: string) {
  const root = path.resolve(siteDir);
  const notFound = notFoundPage(siteDir);
  return async (c: Context) => {
    const rel = decodeURIComponent(c.req.path.replace(/^\/pc\/?/, ''));
    const full = path.resolve(root, '.' + path.posix.normalize('/' + rel));
    if (full.startsWith(root + path.sep) || full === root) {
      const file = await fileAt(full);
      if (file) return send(c, file, 200, rel.startsWith('_astro/'));
    }
    return notFound(c);
  };
}
