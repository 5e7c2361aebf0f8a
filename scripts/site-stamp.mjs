import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The settings src/admin/config.ts reads at build time (its CONTENT_SETTINGS). */
const CONTENT_SETTINGS = ['CONTENT_BACKEND', 'CONTENT_REPO', 'CONTENT_BRANCH', 'CONTENT_PROXY_PORT', 'CONTENT_API_ROOT', 'CONTENT_BASE_URL', 'CONTENT_APP_ID', 'CONTENT_SITE_URL'];

/** What the built site depends on: when none of it changed, dist/ is current. */
const INPUTS = ['src', 'public', 'content', 'contract', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function* files(entry) {
  const s = statSync(entry, { throwIfNoEntry: false });
  if (!s) return;
  if (s.isFile()) yield entry;
  else if (s.isDirectory()) for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every input file's path and content (mtimes change on every clone). */
export function siteInputsHash(root = process.cwd()) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  // The content editor's configuration is built from these settings (src/admin/config.ts).
  for (const name of CONTENT_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}`).update('\0');
  return hash.digest('hex');
}

export const STAMP_FILE = path.join('dist', '.inputs-hash');
