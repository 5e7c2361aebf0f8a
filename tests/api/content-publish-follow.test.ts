import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { contentFiles, siteInputsHash, STAMP_NAME } from '../../server/modules/publishing/inputs.ts';
import { sitePublisher, type SitePublisher } from '../../server/modules/publishing/publisher.ts';
import { startApi, type TestApi } from './harness.ts';

/**
 * Two servers on one disk and one database (two publishers here, each under its own name, on
 * the suite's database): one publishes again and again while the other serves its site. No
 * clean-up removes a build another server serves, and a server takes up the very version
 * another published, not whatever content/ holds when it looks. The builds are made beforehand
 * (as the first server to publish a version leaves it on the disk): no site is built here.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let api: TestApi;
let folder: string;
let project: string;
let builds: string;
const publishers: SitePublisher[] = [];

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(async () => {
  for (const p of publishers.splice(0)) {
    await p.settled();
    p.stop();
  }
  rmSync(folder, { recursive: true, force: true });
});

/** A project of its own: content/ with the FAQ, the budgets' check a publication runs, an empty site served at start. */
function setUp() {
  folder = mkdtempSync(path.join(tmpdir(), 'servauto-follow-'));
  project = path.join(folder, 'project');
  builds = path.join(folder, 'site-builds');
  mkdirSync(path.join(project, 'content', 'pages', 'en'), { recursive: true });
  mkdirSync(path.join(project, 'scripts'));
  cpSync(path.join(root, 'scripts', 'check-budgets.mjs'), path.join(project, 'scripts', 'check-budgets.mjs'));
  mkdirSync(path.join(folder, 'empty-site'));
}

function publisher(name: string, buildsDir = builds) {
  const made = sitePublisher({ db: api.db, root: project, initialDir: path.join(folder, 'empty-site'), buildsDir, followMs: 0, builder: name });
  publishers.push(made);
  return made;
}

/** The FAQ's text is now edition `n`. */
function edit(n: number) {
  writeFileSync(path.join(project, 'content', 'pages', 'en', 'faq.md'), `---\ntitle: FAQ\n---\nEdition ${n}.\n`);
}

/** The site of content/ as it is, as a build leaves it in `buildsDir`: its version. */
function built(n: number, buildsDir = builds): string {
  const version = siteInputsHash(project);
  const dir = path.join(buildsDir, version);
  for (const page of ['home', 'faq']) {
    mkdirSync(path.join(dir, page), { recursive: true });
    writeFileSync(path.join(dir, page, 'index.html'), `<html><body>${page}, edition ${n}</body></html>`);
  }
  writeFileSync(path.join(dir, '.content-files.json'), JSON.stringify(contentFiles(project)));
  writeFileSync(path.join(dir, STAMP_NAME), version + '\n');
  return version;
}

const home = (p: SitePublisher) => readFileSync(path.join(p.currentDir(), 'home', 'index.html'), 'utf8');

test("a server's builds stay while it serves them; it takes up the version another published, not content/ as it is now", async () => {
  setUp();
  const a = publisher('server-a');
  const b = publisher('server-b');
  await a.follow();
  await b.follow();

  edit(0);
  const first = built(0);
  await b.publish('publish');
  expect(b.currentVersion()).toBe(first);
  const servedByB = b.currentDir();

  // A publishes five times in a row; B serves its own build meanwhile, whole.
  const versions: string[] = [];
  for (let n = 1; n <= 5; n++) {
    edit(n);
    versions.push(built(n));
    await a.publish('publish');
    expect(a.currentVersion()).toBe(versions.at(-1));
    expect(existsSync(path.join(servedByB, 'home', 'index.html')), `B's site after A's publication ${n}`).toBe(true);
    expect(home(b)).toContain('edition 0');
  }

  // content/ moves on (an edit not published yet): B takes up A's last publication all the same.
  edit(6);
  expect(siteInputsHash(project)).not.toBe(versions.at(-1));
  await b.catchUp();
  expect(b.currentVersion()).toBe(versions.at(-1));
  expect(b.currentDir()).toBe(a.currentDir());
  expect(home(b)).toContain('edition 5');

  // Once B serves it no more (neither current nor previous), B's first build may go.
  versions.push(built(6));
  await a.publish('publish');
  await b.catchUp();
  expect(b.currentVersion()).toBe(versions.at(-1));
  edit(7);
  versions.push(built(7));
  await a.publish('publish');
  expect(existsSync(servedByB)).toBe(false);
  // Left: A's current and previous (7, 6), B's (6, 5).
  expect(readdirSync(builds).filter((n) => !n.startsWith('.')).sort()).toEqual(versions.slice(-3).sort());

  // The rows: B's publication, A's seven, B taking up two of them (found built, none built by B).
  const rows = (await a.status()).publishes.map((p) => [p.builder, p.trigger, p.state, p.built]);
  expect(rows.filter(([builder]) => builder === 'server-a')).toHaveLength(7);
  expect(rows.filter(([builder]) => builder === 'server-b')).toEqual([
    ['server-b', 'follow', 'published', false],
    ['server-b', 'follow', 'published', false],
    ['server-b', 'publish', 'published', false],
  ]);
  // A does not follow B's taking up of its own versions.
  await a.catchUp();
  expect(a.currentVersion()).toBe(versions.at(-1));
});

test('a version another server published that this disk lacks is not built from different files: the site stays and the status says why', async () => {
  setUp();
  const a = publisher('server-a');
  const b = publisher('server-b', path.join(folder, 'other-disk'));
  await b.follow();
  edit(1);
  const version = built(1);
  await a.publish('publish');
  expect(a.currentVersion()).toBe(version);
  edit(2);
  await b.catchUp();
  expect(b.currentVersion()).toBeNull();
  const status = await b.status();
  expect(status.lastError?.message).toBe(`The version ${version.slice(0, 12)} published by another server is not on this disk, and the site's files here are not those it was built from.`);
  expect(status.publishes[0]).toMatchObject({ builder: 'server-b', trigger: 'follow', state: 'failed', version });
});
