import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_SETTINGS } from '../../../contract/rules/content-fields.ts';

/** What the built site depends on: when none of it changed, a build of it is current. */
export const SITE_INPUTS = ['src', 'public', 'content', 'contract', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];


/** Where a build keeps the hash of the inputs it was built from. */
export const STAMP_NAME = '.inputs-hash';

function* files(entry: string): Generator<string> {
  const s = statSync(entry, { throwIfNoEntry: false });
  if (!s) return;
  if (s.isFile()) yield entry;
  else if (s.isDirectory()) for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every input file's path and content (mtimes change on every clone): the site's version. */
export function siteInputsHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const input of SITE_INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  for (const name of CONTENT_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}`).update('\0');
  return hash.digest('hex');
}

/** The files under content/, relative to it: a page missing from a new build is expected when its file went. */
export function contentFiles(root = process.cwd()): string[] {
  const base = path.join(root, 'content');
  return [...files(base)].map((f) => path.relative(base, f).split(path.sep).join('/'));
}

/**
 * A hash of what the API reads from content/ (all of it but pages/, whose Markdown only the site
 * build reads): when it is the same after a republish, the API's copy is current already.
 */
export function contentDataHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  const base = path.join(root, 'content');
  for (const file of files(base)) {
    const name = path.relative(base, file).split(path.sep).join('/');
    if (name.startsWith('pages/')) continue;
    hash.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
