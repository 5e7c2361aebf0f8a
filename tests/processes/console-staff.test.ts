import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { syncContent } from '../../server/db/sync.ts';
import { migratedDataFolder } from '../api/migrated-folder.ts';
import { pgliteOnly } from '../api/pglite-only.ts';

const run = promisify(execFile);
const contentDir = path.resolve('content');

/** What `npm start` does to the database before serving: content/ loaded, the demo staff with it. */
async function startOn(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await syncContent(database.db, contentDir, { demoData: true });
  } finally {
    await database.close();
  }
}

/** `npm run staff -- …` on the PGlite folder `dataDir`: exit code and output. */
async function staff(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/staff.ts', ...args], { env, cwd: process.cwd() });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout.trim(), stderr: e.stderr.trim() };
  }
}

pgliteOnly('npm run staff', () => {
  // One folder, migrated once: each command then starts on a database that is ready.
  let dir: string;
  beforeAll(async () => {
    dir = await migratedDataFolder(path.join(mkdtempSync(path.join(tmpdir(), 'servauto-staff-')), 'data'));
  }, 60_000);

  test('adds, lists and removes staff on the PGlite folder npm start uses', async () => {
    expect(await staff(dir, 'add', '--phone', '012-345 6789', '--role', 'workshop', '--store', 'petaling-jaya-ss2-tyre-auto')).toMatchObject({
      code: 0,
      stdout: '+60 12-345 6789 added as workshop staff of petaling-jaya-ss2-tyre-auto',
    });
    const listed = await staff(dir, 'list');
    expect(listed.stdout.split('\n').map((l) => l.split('\t').slice(0, 3).join(' '))).toEqual(['+60 12-345 6789 workshop petaling-jaya-ss2-tyre-auto']);
    expect(await staff(dir, 'remove', '--phone', '012-345 6789')).toMatchObject({ code: 0, stdout: '+60 12-345 6789 removed: their next console call is refused' });
    expect(await staff(dir, 'remove', '--phone', '012-345 6789')).toMatchObject({ code: 1, stderr: 'staff: +60 12-345 6789 is not staff' });
  }, 60_000);

  test('refuses bad input in one clear line, before opening the database (the rules themselves: tests/unit/console-staff.test.ts)', async () => {
    expect(await staff(dir, 'add', '--phone', '0123456789', '--role', 'workshop', '--store', 'nowhere')).toMatchObject({ code: 2, stderr: 'staff: there is no workshop "nowhere"' });
    const unknown = await staff(dir, 'promote');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^staff: usage: npm run staff -- add/);
  }, 60_000);

  test('a demo staff member removed or changed with the command stays so at the next start', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'servauto-staff-'));
    const own = await migratedDataFolder(path.join(folder, 'data'));
    try {
      await startOn(own);
      const staffList = async () => (await staff(own, 'list')).stdout.split('\n').map((l) => l.split('\t').slice(0, 3).join(' '));
      expect(await staffList()).toEqual([
        '+60 10-000 0001 admin -',
        '+60 10-000 0002 workshop kuala-lumpur-segambut-maju-jaya',
        '+60 10-000 0003 workshop petaling-jaya-ss2-tyre-auto',
      ]);
      expect(await staff(own, 'remove', '--phone', '+60 10-000 0001')).toMatchObject({ code: 0 });
      expect(await staff(own, 'add', '--phone', '+60 10-000 0002', '--role', 'admin')).toMatchObject({ code: 0, stdout: '+60 10-000 0002 is now admin' });

      await startOn(own);
      expect(await staffList()).toEqual(['+60 10-000 0002 admin -', '+60 10-000 0003 workshop petaling-jaya-ss2-tyre-auto']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  test('refuses in one line while a server holds the folder', async () => {
    const held = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const refused = await staff(dir, 'list');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^The data folder .* is in use by another Servauto server \(pid \d+\)\. Stop it first, or set DATA_DIR to another folder\.$/);
    } finally {
      await held.close();
    }
  }, 60_000);
});
