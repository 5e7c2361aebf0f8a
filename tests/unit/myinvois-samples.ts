import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * LHDN's own sample documents (MyInvois SDK, version 1.1), kept byte for byte in
 * `tests/fixtures/myinvois/` (its README says where they come from).
 */
export const samplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/myinvois');

export const sampleNames = ['invoice-1.1.json', 'credit-1.1.json', 'refund-1.1.json', 'consolidated-1.1.json', 'signed-min.json'] as const;
export type SampleName = (typeof sampleNames)[number];

export function sampleText(name: SampleName): string {
  return readFileSync(join(samplesDir, name), 'utf8');
}
