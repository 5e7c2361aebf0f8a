import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * LHDN's own sample documents (MyInvois SDK, version 1.1), read in place from the shared
 * fixtures beside the project (`../shared/fixtures/myinvois/`; a git worktree finds them one
 * more level up). `MYINVOIS_SAMPLES_DIR` names another place.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function samplesDir(): string {
  const candidates = [process.env.MYINVOIS_SAMPLES_DIR, join(root, '../shared/fixtures/myinvois'), join(root, '../../shared/fixtures/myinvois')].filter((d): d is string => Boolean(d));
  const found = candidates.find((dir) => existsSync(join(dir, 'invoice-1.1.json')));
  if (!found) throw new Error(`LHDN's sample documents are not found; looked in ${candidates.join(', ')}`);
  return found;
}

export const sampleNames = ['invoice-1.1.json', 'credit-1.1.json', 'refund-1.1.json', 'consolidated-1.1.json', 'signed-min.json'] as const;
export type SampleName = (typeof sampleNames)[number];

export function sampleText(name: SampleName): string {
  return readFileSync(join(samplesDir(), name), 'utf8');
}
