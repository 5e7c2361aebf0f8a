import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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
  return hash.digest('hex');
}

export const STAMP_FILE = path.join('dist', '.inputs-hash');
