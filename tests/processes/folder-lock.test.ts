import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { FolderInUseError, LOCK_FILE, lockDataFolder, type Holder } from '../../server/db/folder-lock.ts';
import { migratedDataFolder } from '../api/migrated-folder.ts';
import { pgliteOnly } from '../api/pglite-only.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folderLock = fileURLToPath(new URL('../../server/db/folder-lock.ts', import.meta.url));
const refusal = (folder: string, pid: number) =>
  `The data folder ${folder} is in use by another Servauto server (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`;

const folders: string[] = [];
function freshFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-lock-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A PID no process has any more. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
}

/** A lock file as a server killed with -9 leaves it. */
function leftBehind(folder: string, overrides: Partial<Holder> = {}) {
  const holder: Holder = { pid: deadPid(), host: hostname(), boot: null, started: null, command: null, nonce: 'a1b2c3d4e5f60718', ...overrides };
  writeFileSync(path.join(folder, LOCK_FILE), JSON.stringify(holder));
  return holder;
}

interface Server {
  child: ChildProcess;
  stderr(): string;
  /** The port once it is ready, or null when it exited first. */
  ready: Promise<number | null>;
  exited: Promise<number | null>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});

/** `server/main.ts` on PGlite in `folder`, as `npm start` runs it. */
function startServer(folder: string): Server {
  const child = spawn(process.execPath, ['dev/start.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', SMS_PROVIDER: 'console' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<number | null>((resolve) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const port = /ready at http:\/\/localhost:(\d+)\//.exec(stdout)?.[1];
      if (port) resolve(Number(port));
    });
    void exited.then(() => resolve(null));
  });
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const server = { child, stderr: () => stderr, ready, exited };
  servers.push(server);
  return server;
}

async function banner(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/app/user/home/banner`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  return ((await res.json()) as { code: number }).code;
}

pgliteOnly('one server per data folder', () => {
  test('a second server refuses at once, in one line, and the first keeps serving; after kill -9 the next one takes over', { timeout: 180_000 }, async () => {
    // Migrated already (a first start's migrations are not what this is about); the next test starts on a free folder.
    const folder = await migratedDataFolder(path.join(freshFolder(), 'data'));
    const first = startServer(folder);
    const port = await first.ready;
    expect(port, first.stderr()).not.toBeNull();

    const second = startServer(folder);
    const started = Date.now();
    expect(await second.ready, 'the second server started').toBeNull();
    expect(await second.exited).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(second.stderr().trim().split('\n')).toEqual([refusal(folder, first.child.pid!)]);
    expect(await banner(port!)).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer(folder);
    const thirdPort = await third.ready;
    expect(thirdPort, third.stderr()).not.toBeNull();
    expect(await banner(thirdPort!)).toBe(200);

    // A clean stop gives the folder back.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  });

  test('two servers started at once on a free folder: exactly one runs', { timeout: 180_000 }, async () => {
    const folder = freshFolder();
    const pair = [startServer(folder), startServer(folder)];
    const ports = await Promise.all(pair.map((s) => s.ready));
    const running = pair.filter((_, i) => ports[i] !== null);
    expect(running).toHaveLength(1);
    const refused = pair.find((s) => !running.includes(s))!;
    expect(await refused.exited).not.toBe(0);
    expect(refused.stderr().trim().split('\n')).toEqual([refusal(folder, running[0]!.child.pid!)]);
    expect(await banner(ports.find((p) => p !== null)!)).toBe(200);
  });
});

pgliteOnly('the lock itself', () => {
  test('a process cannot take a folder it already holds, and can once it lets go', () => {
    const folder = freshFolder();
    const lock = lockDataFolder(folder);
    expect(() => lockDataFolder(folder)).toThrow(FolderInUseError);
    expect(() => lockDataFolder(folder)).toThrow(refusal(folder, process.pid));
    lock.release();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
    lockDataFolder(folder).release();
  });

  test('a lock left by a dead process is taken over', () => {
    const folder = freshFolder();
    leftBehind(folder);
    const lock = lockDataFolder(folder);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('a lock whose holder died while taking over a dead one is taken over too', () => {
    const folder = freshFolder();
    const dead = leftBehind(folder);
    const taker: Holder = { pid: deadPid(), host: hostname(), boot: null, started: null, command: null, nonce: 'f0e1d2c3b4a59687' };
    writeFileSync(path.join(folder, `${LOCK_FILE}.${dead.nonce}.takeover`), JSON.stringify(taker));
    const lock = lockDataFolder(folder);
    // The folder is this process's now: the lock names it, the next starter is refused, and
    // nothing of the two dead starters is left beside the database.
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    expect(() => lockDataFolder(folder)).toThrow(refusal(folder, process.pid));
    expect(readdirSync(folder)).toEqual([LOCK_FILE]);
    lock.release();
    expect(readdirSync(folder)).toEqual([]);
  });

  test("another starter's draft that it is still writing is left alone; one left long ago is cleared", () => {
    const folder = freshFolder();
    // A starter creates its draft empty, then writes who it is: a taker may read it in between.
    const writing = path.join(folder, `${LOCK_FILE}.0f0f0f0f0f0f0f0f.new`);
    const abandoned = path.join(folder, `${LOCK_FILE}.1e1e1e1e1e1e1e1e.new`);
    const dead = path.join(folder, `${LOCK_FILE}.2d2d2d2d2d2d2d2d.new`);
    writeFileSync(writing, '');
    writeFileSync(abandoned, '{"pid":');
    utimesSync(abandoned, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    writeFileSync(dead, JSON.stringify({ pid: deadPid(), host: hostname(), boot: null, started: null, command: null, nonce: '2d2d2d2d2d2d2d2d' }));
    lockDataFolder(folder).release();
    expect(existsSync(writing)).toBe(true);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(dead)).toBe(false);
  });

  test('an unreadable lock file holds nobody', () => {
    const folder = freshFolder();
    writeFileSync(path.join(folder, LOCK_FILE), '{"pid": 12');
    lockDataFolder(folder).release();
  });

  describe.skipIf(!existsSync('/proc/self/stat'))('with /proc to tell processes apart (Linux)', () => {
    const readProc = (pid: number) => ({
      started: readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!,
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replaceAll('\0', ' '),
      boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    });
    let other: ChildProcess | undefined;
    afterEach(() => {
      other?.kill('SIGKILL');
    });

    test('a lock naming a live process as it is refuses', () => {
      const folder = freshFolder();
      other = spawn('sleep', ['60']);
      leftBehind(folder, { pid: other.pid!, ...readProc(other.pid!) });
      expect(() => lockDataFolder(folder)).toThrow(refusal(folder, other.pid!));
    });

    test('a lock whose PID was given to another process since is taken over', () => {
      const folder = freshFolder();
      other = spawn('sleep', ['60']);
      const now = readProc(other.pid!);
      leftBehind(folder, { pid: other.pid!, ...now, started: String(Number(now.started) - 1000) });
      lockDataFolder(folder).release();
      leftBehind(folder, { pid: other.pid!, ...now, command: `${process.execPath} server/main.ts` });
      lockDataFolder(folder).release();
    });
  });

  test('servers racing to take over a dead lock: exactly one wins', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 4; round++) {
      const folder = freshFolder();
      leftBehind(folder);
      // Each starter loads the lock, says it is ready, then waits for a moment it is told, all
      // being ready, and tries; the winner holds on until all have tried. (Only that last wait
      // spins: six spinning processes would take both cores for as long as starting them took.)
      const script = `
        import { lockDataFolder } from ${JSON.stringify(folderLock)};
        process.stdin.once('data', (chunk) => {
          const at = Number(String(chunk));
          while (Date.now() < at);
          try { lockDataFolder(${JSON.stringify(folder)}); console.log('won'); }
          catch (err) { console.log(err.name === 'FolderInUseError' ? 'refused' : 'failed: ' + err.message); process.exit(0); }
        });
        console.log('ready');`;
      const starters = Array.from({ length: 6 }, () => spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }));
      const printed = starters.map((child) => {
        const out = { text: '' };
        child.stdout.on('data', (chunk) => (out.text += String(chunk)));
        return out;
      });
      /** Each starter's `n`th line, once every one has printed it. */
      const lines = async (n: number) => {
        while (printed.some((out) => out.text.split('\n').length <= n)) await new Promise((resolve) => setTimeout(resolve, 10));
        return printed.map((out) => out.text.split('\n')[n - 1]!.trim());
      };
      expect(await lines(1)).toEqual(Array(6).fill('ready'));
      const at = Date.now() + 100;
      for (const child of starters) child.stdin.write(`${at}\n`);
      const outcomes = await lines(2);
      for (const child of starters) child.stdin.end();
      await Promise.all(starters.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)))));
      expect(outcomes.sort(), `round ${round}`).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'won']);
    }
  });
});
