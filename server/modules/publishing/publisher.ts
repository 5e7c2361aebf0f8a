import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseProblemLine } from '../../../contract/rules/content-checks.ts';
import { editablePages } from '../../../contract/rules/content-fields.ts';
import { defaultLocale, locales } from '../../../contract/rules/language.ts';
import type { Db } from '../../db/client.ts';
import { log } from '../../ops/log.ts';
import { contentFiles, siteInputsHash, STAMP_NAME } from './inputs.ts';
import { beginPublish, endPublish, lastPublishId, latestPublication, recentPublishes, type PublishError, type PublishRow } from './service.ts';

/**
 * Publishing the site without downtime. The server answers pages from one build folder, the
 * current one; a republish builds the site into a new folder (site-builds/<version>, the version
 * being the hash of the site's inputs), checks it, and only then makes it current, in one
 * assignment. Until then every request is answered from the previous folder, which is kept (with
 * the current one) when older ones are removed.
 *
 * Several processes: builds take turns through the same lock as `npm run build` (a folder beside
 * the project), so processes on one disk build a version once and the others find it built;
 * every publication is a row of site_publishes, and each process looks at the rows every few
 * seconds: the version whose publication ended last is served here too, that very build (built
 * here only when this disk does not hold it and content/ here is what it was built from).
 * Each process names the builds it serves, or is about to, in site-builds/.serving/ (written
 * under a short lock of its own); a clean-up never removes a build another live process named.
 */

export interface PublishedSite {
  dir: string;
  version: string | null;
  publishedAt: Date | null;
}

export interface PublishStatus {
  version: string | null;
  publishedAt: Date | null;
  building: boolean;
  lastError: PublishError | null;
  publishes: PublishRow[];
}

export interface SitePublisherOptions {
  db: Db;
  /** The project: content/, src/ and the rest of the site's inputs, node_modules. */
  root: string;
  /** The site served at start (dist/, as `npm start` built it). */
  initialDir: string;
  /** Where new builds go (default root/site-builds). */
  buildsDir?: string;
  now?: () => Date;
  /** How often the others' publications are looked for; 0: never (default 5 s). */
  followMs?: number;
  /** This process in site_publishes and site-builds/.serving/ (default host:pid). */
  builder?: string;
  /**
   * Run for each publication once its build passed, just before the swap: what the API keeps of the
   * content (product names, prices, workshops) is read again, so that orders and the pages say
   * the same. A failure is logged and the pages are published all the same (their build passed the checks).
   */
  onPublished?: () => Promise<void>;
}

export type SitePublisher = ReturnType<typeof sitePublisher>;

/** The lock `npm run build` takes too (scripts/build.mjs): one build of the site at a time per project. */
const LOCK = '.site-build.lock';
/** Under the builds' folder: which builds each process serves, and the lock for naming or removing them. */
const SERVING = '.serving';
const SERVING_LOCK = '.serving.lock';
/** Another host's naming of builds counts while it is this fresh (each process renews its own when it looks for publications). */
const OTHER_HOST_FRESH_MS = 10 * 60_000;

/** What one process says it serves: the names of its builds under the builds' folder. */
interface Serving {
  host: string;
  pid: number;
  builds: string[];
}

/**
 * A page of the previous build that may be missing from the next: its content file went.
 * content/pages/ms/faq.md made ms/faq/ (content/pages/en/… the page without a language
 * prefix), content/pages/<lang>/privacy.md the agreement page of its route; and
 * content/catalog/<category>/<id>.json the pages under …/<id>/ in every language.
 */
function removedOnPurpose(page: string, removed: string[]): boolean {
  const segments = page.split('/');
  return removed.some((file) => {
    const parts = file.replace(/\.[^./]+$/, '').split('/');
    const name = parts.at(-1)!;
    if (parts[0] === 'pages' && parts.length === 3 && (locales as readonly string[]).includes(parts[1]!)) {
      const route = editablePages.find((p) => p.name === name)?.route ?? name;
      const made = parts[1] === defaultLocale ? route : `${parts[1]}/${route}`;
      return page === `${made}/index.html` || page === `${made}.html`;
    }
    return segments.includes(name);
  });
}

/**
 * The pages of the site served that a new build would lose: those missing from it, but for
 * pages whose content file was removed since (a product's JSON, a page's Markdown).
 */
export function pagesLost(served: Iterable<string>, next: Iterable<string>, servedContent: string[], nextContent: string[]): string[] {
  const pages = new Set(next);
  const kept = new Set(nextContent);
  const removed = servedContent.filter((file) => !kept.has(file));
  return [...served].filter((page) => !pages.has(page) && !removedOnPurpose(page, removed));
}

function* htmlPages(dir: string, base = dir): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) yield* htmlPages(full, base);
    else if (name.endsWith('.html')) yield path.relative(base, full).split(path.sep).join('/');
  }
}

// eslint-disable-next-line no-control-regex -- the terminal's colour codes in a build's output
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
const LOCALES = ['en', 'zh-cn', 'ms'];

/**
 * Why a build failed, from its output: the file, field and language when it names them (a
 * line of JSON {file, field, language, message}, a line of the content checks, or Astro's
 * content schema error), else the
 * first lines it printed about an error.
 */
export function buildFailure(output: string): PublishError {
  const text = stripAnsi(output);
  for (const line of text.split('\n').reverse()) {
    const json = /\{.*"message".*\}/.exec(line)?.[0];
    if (!json) continue;
    try {
      const found = JSON.parse(json) as Partial<PublishError>;
      if (typeof found.message === 'string') return { file: found.file, field: found.field, language: found.language, message: found.message };
    } catch {
      // not ours
    }
  }
  // The content checks' lines (src/integrations/content-checks.mjs): the first problem.
  for (const line of text.split('\n')) {
    const problem = parseProblemLine(line);
    if (problem) return problem;
  }
  // [InvalidContentEntryDataError] pages → ms/faq data does not match collection schema.
  //   **title**: Too small: …
  const entry = /\**([\w-]+) → ([\w./-]+?)\**\s+data does not match collection schema\.?([\s\S]*)/.exec(text);
  if (entry) {
    const [, collection, id, rest] = entry;
    const issue = /^\s*\**([\w.[\]-]+)\**\s*:\s*(.+)$/m.exec(rest ?? '');
    const language = id!.split('/').find((part) => LOCALES.includes(part));
    const message = issue ? issue[2]!.trim() : `${collection} → ${id}: data does not match the collection's schema`;
    return { file: `content/${collection}/${id}.md`, field: issue?.[1], language, message };
  }
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const at = lines.findIndex((l) => /error/i.test(l));
  const message = (at >= 0 ? lines.slice(at, at + 4) : lines.slice(-4)).join(' ').slice(0, 600);
  return { message: message || 'The build failed without a message.' };
}

/** Astro's command, found as Node finds a package: in node_modules/ of the project or of a folder above it. */
function astroCommand(root: string): string {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', 'astro', 'bin', 'astro.mjs');
    if (existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) throw new Error(`astro is not installed in ${root} (npm ci)`);
  }
}

class PublishFailure extends Error {
  readonly reason: PublishError;
  constructor(reason: PublishError) {
    super(reason.message);
    this.reason = reason;
  }
}

interface PublishRequest {
  trigger: string;
  /** Another process's version, taken up as it is; null: the site's inputs as they are now. */
  version: string | null;
}

/** The one publisher of this process. */
export function sitePublisher(options: SitePublisherOptions) {
  const { db, root } = options;
  const now = options.now ?? (() => new Date());
  const buildsDir = options.buildsDir ?? path.join(root, 'site-builds');
  const builder = options.builder ?? `${hostname()}:${process.pid}`;
  const servingDir = path.join(buildsDir, SERVING);
  const servingFile = path.join(servingDir, `${builder.replace(/[^\w.-]/g, '_')}.json`);
  const stampOf = (dir: string) => {
    try {
      return readFileSync(path.join(dir, STAMP_NAME), 'utf8').trim() || null;
    } catch {
      return null;
    }
  };
  const initialStamp = stampOf(options.initialDir);
  let current: PublishedSite & { content: string[] } = {
    dir: options.initialDir,
    version: initialStamp,
    publishedAt: initialStamp ? statSync(path.join(options.initialDir, STAMP_NAME)).mtime : null,
    // What the site at start was built from: the working copy as it is now.
    content: contentFiles(root),
  };
  let previousDir: string | null = null;
  /** The version being built or taken up, named as served before its folder is looked at. */
  let pending: string | null = null;
  let building = false;
  let running: Promise<void> | null = null;
  let again: PublishRequest | null = null;
  let lastFailed: string | null = null;
  /** Publications begun before this process looked first are not taken up (they are older than its start). */
  let since: number | null = null;
  let followed: number | null = null;
  let follower: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let stopped = false;
  const children = new Set<ReturnType<typeof spawn>>();

  /** Runs `command`, its output kept (and its end awaited); stopping the server stops it. */
  const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<{ status: number; output: string }>((resolve) => {
      const child = spawn(command, args, {
        cwd: root,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.on('error', (err) => resolve({ status: 1, output: output + String(err) }));
      child.on('exit', (code) => {
        children.delete(child);
        resolve({ status: code ?? 1, output });
      });
    });

  /** Takes a lock folder (the build's by default: waiting for a build in progress, taking over one whose process died); answers its release. */
  const takeLock = async (lock = path.join(root, LOCK), waitMs = 250): Promise<() => void> => {
    for (;;) {
      try {
        mkdirSync(lock);
        writeFileSync(path.join(lock, 'pid'), String(process.pid));
        return () => rmSync(lock, { recursive: true, force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      let gone = false;
      try {
        process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
      } catch (err) {
        gone = (err as NodeJS.ErrnoException).code === 'ESRCH';
      }
      if (gone) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };

  /** Runs `work` holding the lock for naming and removing builds (held for a few file operations only). */
  const withServingLock = async <T>(work: () => T): Promise<T> => {
    mkdirSync(buildsDir, { recursive: true });
    const release = await takeLock(path.join(buildsDir, SERVING_LOCK), 20);
    try {
      return work();
    } finally {
      release();
    }
  };

  /** The builds of the builds' folder this process serves or is about to. */
  const ownBuilds = () =>
    [current.dir, previousDir, pending && path.join(buildsDir, pending)].filter((dir): dir is string => !!dir && path.dirname(path.resolve(dir)) === path.resolve(buildsDir)).map((dir) => path.basename(dir));

  /** Writes which builds this process serves (whole or not at all: a clean-up may be reading it). */
  const sayServing = () => {
    if (stopped) return;
    const serving: Serving = { host: hostname(), pid: process.pid, builds: ownBuilds() };
    mkdirSync(servingDir, { recursive: true });
    const temp = `${servingFile}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(serving));
    renameSync(temp, servingFile);
  };

  /** The builds other live processes serve; the namings of processes gone are removed. (Under the serving lock.) */
  const servedByOthers = (): Set<string> => {
    const names = new Set<string>();
    let files: string[];
    try {
      files = readdirSync(servingDir);
    } catch {
      return names;
    }
    for (const name of files) {
      const file = path.join(servingDir, name);
      if (file === servingFile || !name.endsWith('.json')) continue;
      let serving: Serving;
      try {
        serving = JSON.parse(readFileSync(file, 'utf8')) as Serving;
      } catch {
        continue;
      }
      let live = true;
      if (serving.host === hostname()) {
        try {
          process.kill(serving.pid, 0);
        } catch (err) {
          live = (err as NodeJS.ErrnoException).code !== 'ESRCH';
        }
      } else {
        // Another host's process cannot be asked: its naming counts while it renews it.
        const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
        live = Date.now() - at < Math.max(OTHER_HOST_FRESH_MS, 3 * (options.followMs ?? 5_000));
      }
      if (live) for (const build of serving.builds) names.add(build);
      else rmSync(file, { force: true });
    }
    return names;
  };

  /** Names `version` as about to be served, then answers whether its build is on this disk (then no clean-up removes it). */
  const claim = (version: string) =>
    withServingLock(() => {
      pending = version;
      sayServing();
      return stampOf(path.join(buildsDir, version)) === version;
    });

  /** The checks a new build passes before it is served: every previous page still there (or removed on purpose), the page budgets. */
  const check = async (dir: string, content: string[]) => {
    if (!existsSync(path.join(dir, 'home', 'index.html'))) throw new PublishFailure({ message: 'The new build has no home page.' });
    const missing = pagesLost(htmlPages(current.dir), htmlPages(dir), current.content, content);
    if (missing.length > 0) {
      throw new PublishFailure({ message: `${missing.length} page(s) of the published site would be gone: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}` });
    }
    const budgets = await run(process.execPath, [path.join(root, 'scripts', 'check-budgets.mjs'), dir]);
    if (budgets.status !== 0) throw new PublishFailure({ message: `Page budgets: ${stripAnsi(budgets.output).trim().split('\n').slice(-6).join(' ')}` });
  };

  /** Builds `version` into its folder unless it is there already (built by another process): whether this one built it. */
  const buildInto = async (version: string, final: string, content: string[]): Promise<boolean> => {
    const release = await takeLock();
    const temp = path.join(buildsDir, `.tmp-${version.slice(0, 16)}-${process.pid}`);
    try {
      if (stampOf(final) === version) return false;
      rmSync(temp, { recursive: true, force: true });
      mkdirSync(buildsDir, { recursive: true });
      // Built for production whatever the server runs as (under a test runner NODE_ENV is "test": React's development build, twice the weight).
      const buildStarted = performance.now();
      const result = await run(process.execPath, [astroCommand(root), 'build', '--outDir', temp], { NODE_ENV: 'production' });
      if (result.status !== 0) throw new PublishFailure(buildFailure(result.output));
      // The inputs changed during the build: this build is of no version; the next publish builds them.
      if (siteInputsHash(root) !== version) {
        again ??= { trigger: 'watch', version: null };
        throw new PublishFailure({ message: 'The content changed during the build: it is built again.' });
      }
      writeFileSync(path.join(temp, '.content-files.json'), JSON.stringify(content));
      const checkStarted = performance.now();
      await check(temp, content);
      log.info(`[content] site ${version.slice(0, 12)}: built in ${((checkStarted - buildStarted) / 1000).toFixed(1)} s, checked in ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`);
      writeFileSync(path.join(temp, STAMP_NAME), version + '\n');
      rmSync(final, { recursive: true, force: true });
      renameSync(temp, final);
      return true;
    } finally {
      rmSync(temp, { recursive: true, force: true });
      release();
    }
  };

  /** Keeps this process's current and previous builds, those other processes serve, and the two newest on the disk. */
  const cleanUp = () => withServingLock(() => {
    let names: string[];
    try {
      names = readdirSync(buildsDir);
    } catch {
      return;
    }
    const complete = names
      .filter((name) => !name.startsWith('.') && stampOf(path.join(buildsDir, name)))
      .map((name) => ({ name, at: statSync(path.join(buildsDir, name, STAMP_NAME)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    const keep = new Set([...ownBuilds(), ...servedByOthers(), ...complete.slice(0, 2).map((c) => c.name)]);
    for (const { name } of complete) if (!keep.has(name)) rmSync(path.join(buildsDir, name), { recursive: true, force: true });
    for (const name of names) {
      const pid = /^\.tmp-[0-9a-f]+-(\d+)$/.exec(name)?.[1];
      if (!pid) continue;
      try {
        process.kill(Number(pid), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') rmSync(path.join(buildsDir, name), { recursive: true, force: true });
      }
    }
  });

  /** Publishes `wanted` (another process's publication) or, without it, the site's inputs as they are now. */
  const publishOnce = async (trigger: string, wanted: string | null) => {
    const version = wanted ?? siteInputsHash(root);
    if (version === current.version) return;
    // The same inputs failed already: only an explicit publish tries them again.
    if (version === lastFailed && trigger !== 'publish') return;
    const started = performance.now();
    building = true;
    let id: number | null = null;
    try {
      id = await beginPublish(db, { version, trigger, builder, at: now() });
      log.info(`[content] site ${version.slice(0, 12)}: ${wanted ? 'taken up' : 'building'} (${trigger}); the site ${current.version?.slice(0, 12) ?? 'served at start'} is served meanwhile`);
      const final = path.join(buildsDir, version);
      let content = contentFiles(root);
      let built = false;
      if (!(await claim(version))) {
        // Not on this disk: built here only from the same inputs (content/ may have moved on since).
        if (wanted && siteInputsHash(root) !== wanted) {
          throw new PublishFailure({ message: `The version ${wanted.slice(0, 12)} published by another server is not on this disk, and the site's files here are not those it was built from.` });
        }
        built = await buildInto(version, final, content);
      }
      if (!built) {
        // Built by another process: checked against what this one serves, with the content it was built from.
        try {
          content = JSON.parse(readFileSync(path.join(final, '.content-files.json'), 'utf8')) as string[];
        } catch {
          // a build without its list: the working copy's
        }
        await check(final, content);
      }
      // The API's content first, then the pages: a page of the new version never meets older answers.
      if (options.onPublished) {
        await options.onPublished().catch((err: unknown) => {
          log.error(`[content] site ${version.slice(0, 12)} published, but the API's copy of the content was not refreshed: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
      // The swap: from the next request on, pages come from the new folder.
      previousDir = current.dir;
      current = { dir: final, version, publishedAt: now(), content };
      pending = null;
      sayServing();
      lastFailed = null;
      await endPublish(db, id, { state: 'published', built, at: now() });
      log.info(`[content] site ${version.slice(0, 12)} published (${trigger}, ${built ? 'built' : 'found built by another process'}, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      await cleanUp();
    } catch (err) {
      const reason = err instanceof PublishFailure ? err.reason : { message: err instanceof Error ? err.message : String(err) };
      lastFailed = version;
      if (pending === version) {
        pending = null;
        sayServing();
      }
      const where = [reason.file, reason.field, reason.language].filter(Boolean).join(', ');
      log.error(`[content] site ${version.slice(0, 12)} not published, the previous one stays (${trigger}): ${where ? `${where}: ` : ''}${reason.message}`);
      if (id !== null) await endPublish(db, id, { state: 'failed', built: false, error: reason, at: now() }).catch(() => {});
    } finally {
      building = false;
    }
  };

  /**
   * Publishes the site's inputs as they are now, or the version `version` another process
   * published; a call during a publication is made after it (the last call only).
   */
  const publish = (trigger: string, version: string | null = null): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = { trigger, version };
      return running;
    }
    running = (async () => {
      let next: PublishRequest | null = { trigger, version };
      while (next && !stopped) {
        again = null;
        await publishOnce(next.trigger, next.version);
        next = again;
      }
    })().finally(() => (running = null));
    return running;
  };

  /** Looks once for the publication every process serves, and takes it up when it is not served here. */
  const catchUp = async () => {
    since ??= await lastPublishId(db);
    // Renewed: another host's clean-up counts on it.
    try {
      if (existsSync(servingFile)) utimesSync(servingFile, new Date(), new Date());
    } catch {
      // written again at the next publication
    }
    const found = await latestPublication(db, since).catch(() => null);
    if (!found || found.id === followed || found.version === current.version) return;
    followed = found.id;
    await publish('follow', found.version);
  };

  return {
    /** The folder pages are answered from, for this request. */
    currentDir: () => current.dir,
    /** The version served now. */
    currentVersion: () => current.version,
    publish,
    /** Answers once no publication is running. */
    settled: async () => {
      while (running) await running;
    },
    async status(): Promise<PublishStatus> {
      const publishes = await recentPublishes(db, 20);
      const lastEnded = publishes.find((p) => p.state !== 'building');
      return {
        version: current.version,
        publishedAt: current.publishedAt,
        building,
        lastError: lastEnded?.state === 'failed' ? lastEnded.error : null,
        publishes,
      };
    },
    /** Publishes on every change under content/ (a quiet `debounceMs` after the last). */
    watchContent(debounceMs = 500) {
      let timer: NodeJS.Timeout | undefined;
      watcher = watch(path.join(root, 'content'), { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void publish('watch'), debounceMs);
      });
      log.info('[content] watching content/: a change is published without a restart');
    },
    /** Takes up what other processes publish (from now on), looking every `followMs`. */
    async follow() {
      since ??= await lastPublishId(db);
      const every = options.followMs ?? 5_000;
      if (every <= 0) return;
      const look = async () => {
        await catchUp().catch((err: unknown) => log.warn(`[content] looking for publications: ${err instanceof Error ? err.message : String(err)}`));
        if (!stopped) follower = setTimeout(() => void look(), every);
      };
      follower = setTimeout(() => void look(), every);
    },
    /** Looks for the publication every process serves now (as `follow` does every `followMs`), answering once it is served here or failed. */
    catchUp,
    stop() {
      stopped = true;
      // This process serves nothing any more: its builds are free to go.
      rmSync(servingFile, { force: true });
      for (const child of children) child.kill('SIGTERM');
      clearTimeout(follower);
      watcher?.close();
    },
  };
}
