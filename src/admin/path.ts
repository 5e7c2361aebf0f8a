/**
 * The parts of Node's `path` (POSIX) that Decap CMS imports, for the browser: repository paths
 * are always written with "/". Resolved in place of `path` for Decap's modules only (see
 * astro.config.mjs); the browser has no `path` of its own.
 */
export const sep = '/';

function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length && parts.at(-1) !== '..') parts.pop();
      else if (!absolute) parts.push('..');
    } else parts.push(part);
  }
  const joined = parts.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function join(...paths: string[]): string {
  const joined = paths.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

export function dirname(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const at = trimmed.lastIndexOf('/');
  if (at === -1) return '.';
  if (at === 0) return '/';
  return trimmed.slice(0, at);
}

export function basename(path: string, ext?: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return ext && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
}

export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

export default { sep, join, dirname, basename, extname };
