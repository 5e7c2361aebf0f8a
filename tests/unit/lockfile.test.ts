import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

/**
 * The committed package-lock.json installs unchanged with `npm install` and `npm ci` on Linux,
 * macOS and Windows: it lists exactly what package.json asks for, and every platform binary a
 * package may need (esbuild, rolldown, sharp's @img, lightningcss, Tailwind's oxide, Astro's
 * compiler…) wherever node would look for it. A lock written on one machine without another
 * platform's optional packages makes npm rewrite it there, and `npm ci` refuse it.
 */

interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
interface LockEntry extends Manifest {
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')) as T;
const pkg = readJson<Manifest>('package.json');
const lock = readJson<{ name: string; version: string; lockfileVersion: number; packages: Record<string, LockEntry> }>('package-lock.json');
const entries = lock.packages;

/**
 * Where node finds `name` from the package installed at `from` ('' for the project): its own
 * node_modules, then each enclosing one, up to the project's.
 */
function resolveFrom(from: string, name: string): string | null {
  let at = from;
  for (;;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in entries) return candidate;
    if (!at) return null;
    const up = at.lastIndexOf('/node_modules/');
    at = up < 0 ? '' : at.slice(0, up);
  }
}

type Version = [number, number, number, string];
function parseVersion(text: string): Version | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? ''] : null;
}

/** Pre-release order: none is last; numeric parts by value, others as text. */
function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (!a || !b) return a ? -1 : 1;
  const [x, y] = [a.split('.'), b.split('.')];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === undefined || y[i] === undefined) return x[i] === undefined ? -1 : 1;
    const [nx, ny] = [/^\d+$/.test(x[i]!) ? Number(x[i]) : NaN, /^\d+$/.test(y[i]!) ? Number(y[i]) : NaN];
    if (x[i] !== y[i]) return !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : x[i]! < y[i]! ? -1 : 1;
  }
  return 0;
}

/**
 * Whether `version` meets `range` for the forms package.json and platform packages use: an
 * exact version, `^x.y.z` and `~x.y.z` (a pre-release only where the range names one).
 */
function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  const m = /^([~^=]?)(.+)$/.exec(range.trim());
  const r = m ? parseVersion(m[2]!) : null;
  if (!v || !m || !r) throw new Error(`version "${version}" or range "${range}" is not of a form this check reads`);
  const op = m[1];
  const sameCore = v[0] === r[0] && v[1] === r[1] && v[2] === r[2];
  if (v[3] && !(sameCore && r[3])) return false;
  if (op === '' || op === '=') return sameCore && v[3] === r[3];
  const atLeast = v[0] !== r[0] ? v[0] > r[0] : v[1] !== r[1] ? v[1] > r[1] : v[2] !== r[2] ? v[2] > r[2] : comparePre(v[3], r[3]) >= 0;
  if (!atLeast) return false;
  if (op === '~') return v[0] === r[0] && v[1] === r[1];
  // ^: the leftmost non-zero part stays.
  if (r[0] > 0) return v[0] === r[0];
  if (r[1] > 0) return v[0] === 0 && v[1] === r[1];
  return sameCore;
}

describe('satisfies: the ranges the lock check reads', () => {
  test.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.9.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3-beta.1', '^1.2.0', false],
    ['1.2.3-beta.2', '^1.2.3-beta.1', true],
    ['1.2.3-beta.10', '^1.2.3-beta.9', true],
    ['1.2.3-beta.1', '^1.2.3-beta.2', false],
    ['1.2.3', '^1.2.3-beta.2', true],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('package-lock.json matches package.json', () => {
  test('the same project, lockfile version 3', () => {
    expect([lock.name, lock.version, lock.lockfileVersion]).toEqual([pkg.name, pkg.version, 3]);
  });

  test.each(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const)('the root lists exactly package.json’s %s', (kind) => {
    expect(entries['']![kind] ?? {}).toEqual(pkg[kind] ?? {});
  });

  test('each of them is locked at a version its range allows', () => {
    const wrong = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies })
      .map(([name, range]) => ({ name, range, locked: entries[`node_modules/${name}`]?.version ?? null }))
      .filter(({ locked, range }) => locked === null || !satisfies(locked, range));
    expect(wrong).toEqual([]);
  });
});

describe('package-lock.json holds every platform’s binaries', () => {
  const installed = Object.entries(entries).filter(([path, entry]) => path !== '' && !entry.link);

  test('every optional dependency of every package is in the lock where node finds it, at a version it allows', () => {
    const missing = installed.flatMap(([path, entry]) =>
      Object.entries(entry.optionalDependencies ?? {})
        .filter(([name, range]) => {
          const found = resolveFrom(path, name);
          return found === null || !satisfies(entries[found]!.version!, range);
        })
        .map(([name, range]) => `${path} → ${name}@${range}`),
    );
    expect(missing).toEqual([]);
  });

  test('every dependency of every package is in the lock where node finds it', () => {
    const missing = installed.flatMap(([path, entry]) =>
      Object.keys(entry.dependencies ?? {})
        .filter((name) => resolveFrom(path, name) === null)
        .map((name) => `${path} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  test('a package built for some platforms only is optional, so other machines skip it', () => {
    const required = installed.filter(([, e]) => (e.os || e.cpu) && !e.optional && !e.devOptional).map(([path]) => path);
    expect(required).toEqual([]);
  });

  // A package that picks its binary among platform packages has one for each machine the shop is built on.
  const machines = [
    { os: 'linux', cpu: 'x64', libc: 'glibc' },
    { os: 'linux', cpu: 'arm64', libc: 'glibc' },
    { os: 'darwin', cpu: 'x64' },
    { os: 'darwin', cpu: 'arm64' },
    { os: 'win32', cpu: 'x64' },
  ];
  const pickers = installed
    .map(([path, entry]) => ({
      path,
      binaries: Object.keys(entry.optionalDependencies ?? {})
        .map((name) => entries[resolveFrom(path, name) ?? ''])
        .filter((e): e is LockEntry => e !== undefined && e.os !== undefined),
    }))
    .filter(({ binaries }) => new Set(binaries.flatMap((b) => b.os!)).size > 1);

  test('the packages that ship binaries per platform are found', () => {
    const names = pickers.map(({ path }) => path.split('node_modules/').at(-1));
    for (const expected of ['esbuild', 'rolldown', 'sharp', 'lightningcss', '@tailwindcss/oxide', '@astrojs/compiler-binding']) expect(names).toContain(expected);
  });

  test.each(machines)('each has a binary for $os $cpu', (machine) => {
    const fits = (b: LockEntry) =>
      b.os!.includes(machine.os) && (!b.cpu || b.cpu.includes(machine.cpu)) && (!machine.libc || !b.libc || b.libc.includes(machine.libc));
    expect(pickers.filter(({ binaries }) => !binaries.some(fits)).map(({ path }) => path)).toEqual([]);
  });
});
