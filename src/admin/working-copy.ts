/**
 * The editor on the working copy (`npm run content`): Decap's proxy backend (decap-server on
 * 127.0.0.1), with two differences. There is no account, so there is no login page: the editor
 * opens on the collections. And a save writes only the files whose texts changed: a page's three
 * languages are one entry, and Decap writes every language's file again in its own layout (its
 * quoting, its line breaks), so one Malay sentence rewrote the English and Chinese files too.
 */
import { createElement, useEffect } from 'react';
import { frontMatter } from '../../contract/rules/content-checks.ts';

/** The backend's name in config.yml (src/admin/config.ts). */
export const WORKING_COPY_BACKEND = 'working-copy';

/** One file of a save, as Decap hands it to its backend. */
export interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
  slug?: string;
}

/** Whether a file's new text says what its text on disk says: the same bytes, or (Markdown) the same front matter values and body. */
export function sameTexts(file: string, before: string, after: string): boolean {
  if (before === after) return true;
  if (!file.endsWith('.md')) return false;
  const [a, b] = [frontMatter(before), frontMatter(after)];
  if (a.body.trim() !== b.body.trim() || a.data.size !== b.data.size) return false;
  return [...a.data].every(([key, value]) => b.data.get(key) === value);
}

/**
 * The files of a save that change something: a file whose texts are those on disk is left as
 * it is, byte for byte (`read` answers a file's text on disk, or null when it has none). A
 * single file (a product, the banners) is always written: Decap only saves what was edited.
 */
export async function changedFiles(dataFiles: DataFile[], read: (path: string) => Promise<string | null>): Promise<DataFile[]> {
  if (dataFiles.length < 2) return dataFiles;
  const changed: DataFile[] = [];
  for (const file of dataFiles) {
    if (file.newPath && file.newPath !== file.path) {
      changed.push(file);
      continue;
    }
    const before = await read(file.path);
    if (before === null || !sameTexts(file.path, before, file.raw)) changed.push(file);
  }
  return changed;
}

/** What the login page is on the working copy: nothing to fill in, the editor opens at once. */
function OpenWorkingCopy({ onLogin }: { onLogin: (credentials: Record<string, never>) => void }) {
  useEffect(() => onLogin({}), [onLogin]);
  return createElement('p', { role: 'status', style: { padding: '2rem', textAlign: 'center' } }, 'Opening the working copy…');
}

interface ProxyImplementation {
  authComponent(): unknown;
  getEntry(path: string): Promise<{ data: string }>;
  persistEntry(entry: { dataFiles: DataFile[] }, options: unknown): Promise<unknown>;
}

/** Decap's proxy backend (as registered: `{ init }`) with the working copy's differences, for CMS.registerBackend. */
export function workingCopyBackend(proxy: { init: (...args: never[]) => unknown }) {
  return function WorkingCopy(...args: never[]) {
    const inner = proxy.init(...args) as ProxyImplementation;
    const persist = inner.persistEntry.bind(inner);
    const read = (path: string) => inner.getEntry(path).then((file) => (typeof file?.data === 'string' ? file.data : null), () => null);
    inner.persistEntry = async (entry, options) => persist({ ...entry, dataFiles: await changedFiles(entry.dataFiles, read) }, options);
    inner.authComponent = () => OpenWorkingCopy;
    return inner;
  };
}
