import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, cpSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

/** The real server (server/main.ts) started with EINVOICE_PROVIDER=myinvois and a certificate LHDN would refuse. */

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function start(certPath: string): Promise<{ code: number | null; lines: { level: string; msg: string }[]; stderr: string; dataDir: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-cert-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'content'));
  cpSync(path.join(root, 'content', 'seller.json'), path.join(folder, 'content', 'seller.json'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|LOG_|DATABASE_URL|EINVOICE_|MYINVOIS_)/.test(name)));
  const dataDir = path.join(folder, 'data');
  const child = spawn(process.execPath, [path.join(root, 'dev', 'start.ts')], {
    cwd: folder,
    env: {
      ...env,
      LOG_FORMAT: 'json',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: folder,
      EINVOICE_PROVIDER: 'myinvois',
      MYINVOIS_CERT_PATH: certPath,
      MYINVOIS_KEY_PATH: path.join(root, 'server/providers/einvoice/demo/demo-signing-key.pem'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .map((l) => ({ level: l.level, msg: l.msg }));
  return { code, lines, stderr, dataDir };
}

const prefix = 'Refusing to start with EINVOICE_PROVIDER=myinvois: MyInvois signing certificate (MYINVOIS_CERT_PATH): ';

test('a certificate that breaks LHDN’s rules stops the start, one line per problem named as LHDN names it, before the database opens', async () => {
  const { code, lines, stderr, dataDir } = await start(path.join(root, 'server/providers/einvoice/demo/demo-ca-cert.pem'));
  expect(code).toBe(1);
  expect(lines.map((l) => l.level)).toEqual(['error', 'error', 'error', 'error']);
  expect(lines.map((l) => l.msg.slice(0, prefix.length + 5))).toEqual([`${prefix}DS307`, `${prefix}DS312`, `${prefix}DS309`, `${prefix}DS309`]);
  expect(lines[0]!.msg).toContain('OI is empty in the certificate');
  expect(lines[2]!.msg).toContain('Non-Repudiation');
  expect(lines[3]!.msg).toContain('Document Signing');
  expect(stderr).toBe('');
  expect(existsSync(dataDir)).toBe(false);
}, 60_000);

test('a certificate issued to another TIN stops the start with DS311', async () => {
  const { code, lines } = await start(path.join(root, 'tests/unit/fixtures/einvoice/certificates/other-organisation-identifier.pem'));
  expect(code).toBe(1);
  expect(lines).toEqual([{ level: 'error', msg: expect.stringMatching(new RegExp(`^${prefix.replace(/[()]/g, '\\$&')}DS311 .*C25845632020 is not the seller’s TIN C00000000000`)) }]);
}, 60_000);

test('a missing certificate file is one line naming the variable', async () => {
  const { code, lines } = await start('/nowhere/cert.pem');
  expect(code).toBe(1);
  expect(lines).toEqual([{ level: 'error', msg: expect.stringContaining('CERT-UNREADABLE MYINVOIS_CERT_PATH /nowhere/cert.pem cannot be read') }]);
}, 60_000);
