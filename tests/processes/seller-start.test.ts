import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

/** The real server (server/main.ts), started outside production in a folder whose content/seller.json lacks a field. */

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

test('a seller detail missing stops any start (not only production) with one line naming it, before the database opens', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-seller-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'content'));
  const seller = JSON.parse(readFileSync(path.join(root, 'content', 'seller.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(folder, 'content', 'seller.json'), JSON.stringify({ ...seller, msicCode: ' ' }));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|LOG_|DATABASE_URL)/.test(name)));
  const child = spawn(process.execPath, [path.join(root, 'dev', 'start.ts')], {
    cwd: folder,
    env: { ...env, LOG_FORMAT: 'json', PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(folder, 'data'), SITE_DIR: folder },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; msg: string });
  expect(lines.map((l) => ({ level: l.level, msg: l.msg }))).toEqual([
    { level: 'error', msg: 'Refusing to start: the seller\'s MSIC code ("msicCode") is missing or blank in content/seller.json' },
  ]);
  expect(stderr).toBe('');
}, 60_000);
