import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One server per PGlite folder: two would write the same files and corrupt them. The lock is a
 * file beside the database naming its holder. A holder killed without a chance to remove it
 * (kill -9, power cut) is recognised as gone, even when its PID has since been given to another
 * process, and exactly one of the servers starting after it takes its place.
 */
export const LOCK_FILE = 'servauto.lock';

/** Who holds a lock: enough to tell a live holder from a dead one whose PID came back. */
export interface Holder {
  pid: number;
  host: string;
  /** The kernel's boot id: PIDs and start times only mean something within one boot. */
  boot: string | null;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat, field 22). */
  started: string | null;
  /** The command line, NUL-separated arguments joined with spaces. */
  command: string | null;
  /** Tells this lock from any other the same process may ever write. */
  nonce: string;
}

/** What can be seen of a process now; null fields could not be read (no /proc). */
export interface Seen {
  exists: boolean;
  boot: string | null;
  started: string | null;
  command: string | null;
}

export class FolderInUseError extends Error {
  readonly holder: Holder;
  constructor(folder: string, holder: Holder) {
    const elsewhere = holder.host !== hostname();
    super(
      `The data folder ${shownFolder(folder)} is in use by another Servauto server (pid ${holder.pid}${elsewhere ? ` on ${holder.host}` : ''}). ` +
        'Stop it first, or set DATA_DIR to another folder.' +
        // A server on another host (or in an earlier container) cannot be checked from here.
        (elsewhere ? ` If it is no longer running, delete ${shownFolder(folder)}/${LOCK_FILE}.` : ''),
    );
    this.name = 'FolderInUseError';
    this.holder = holder;
  }
}

/** `./data` for a folder under the working directory, the full path otherwise. */
export function shownFolder(folder: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, path.resolve(folder));
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(folder) : `./${relative}`;
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
export function startTimeFromStat(stat: string): string | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at 3 (state), so field 22 is the 20th of them.
  return /^\d+$/.test(fields[19] ?? '') ? fields[19]! : null;
}

/**
 * Is the recorded holder still the process it was? Not when no process has its PID, when the
 * machine has booted since, or when the process with its PID started at another time or runs
 * another command (the PID was reused). A holder on another host cannot be checked: it counts
 * as alive.
 */
export function holderAlive(holder: Holder, seen: Seen, here: { host: string }): boolean {
  if (holder.host !== here.host) return true;
  if (!seen.exists) return false;
  const differs = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;
  return !differs(holder.boot, seen.boot) && !differs(holder.started, seen.started) && !differs(holder.command, seen.command);
}

const readOrNull = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

function see(pid: number): Seen {
  let exists = true;
  try {
    process.kill(pid, 0);
  } catch (err) {
    exists = (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = readOrNull(`/proc/${pid}/stat`);
  return {
    exists,
    boot: readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
    started: stat ? startTimeFromStat(stat) : null,
    command: readOrNull(`/proc/${pid}/cmdline`)?.replace(/\0+$/, '').replaceAll('\0', ' ') ?? null,
  };
}

/** Nonces of the locks this process holds. */
const held = new Set<string>();

function alive(holder: Holder): boolean {
  if (!(holder.pid > 0)) return false;
  // A lock naming this very process is live only if this process took it: otherwise it was left
  // by an earlier process that had the same PID (a container restarted, say).
  if (holder.pid === process.pid && holder.host === hostname()) return held.has(holder.nonce);
  return holderAlive(holder, see(holder.pid), { host: hostname() });
}

interface Found {
  holder: Holder;
  /** Names this lock (or an unreadable file) in the takeover markers. */
  id: string;
}

function readLock(file: string): Found | null {
  const text = readOrNull(file);
  if (text === null) return null;
  try {
    const holder = JSON.parse(text) as Holder;
    if (Number.isInteger(holder.pid) && typeof holder.nonce === 'string' && /^[0-9a-f]+$/.test(holder.nonce)) {
      return { holder, id: holder.nonce };
    }
  } catch {
    /* unreadable: a file nobody can be holding through */
  }
  const id = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { holder: { pid: 0, host: hostname(), boot: null, started: null, command: null, nonce: id }, id };
}

/** Creates `file` with the draft's content, or fails when it exists: never a half-written file. */
function linkNew(draft: string, file: string): boolean {
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Wins the sole right to remove the dead lock `staleId`: the first to create its marker. When
 * the winner died before finishing, the right passes to whoever first marks the winner as dead
 * in turn. Only a right-holder removes a lock it has checked is still `staleId`, so two servers
 * can never both remove a lock and both go on believing they hold the folder.
 */
function winTakeover(folder: string, draft: string, staleId: string): boolean {
  let marker = `${LOCK_FILE}.${staleId}`;
  for (let depth = 0; depth < 8; depth++) {
    if (linkNew(draft, path.join(folder, `${marker}.takeover`))) return true;
    const other = readLock(path.join(folder, `${marker}.takeover`));
    if (!other) continue;
    if (alive(other.holder)) return false;
    marker = `${marker}.${other.id}`;
  }
  return false;
}

/** How long a draft that cannot be read yet is left alone: another starter may be writing it. */
const DRAFT_GRACE_MS = 60_000;

/** A draft left by a starter that is gone. One being written reads as empty, so it is spared. */
function deadDraft(file: string): boolean {
  const found = readLock(file);
  if (!found) return false;
  if (found.holder.pid > 0) return !alive(found.holder);
  try {
    return Date.now() - statSync(file).mtimeMs > DRAFT_GRACE_MS;
  } catch {
    return false;
  }
}

/** Markers and drafts of earlier takeovers: they name locks gone for good. */
function tidy(folder: string, own: string) {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(`${LOCK_FILE}.`) || name === own) continue;
    const file = path.join(folder, name);
    if (name.endsWith('.takeover') || (name.endsWith('.new') && deadDraft(file))) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  }
}

export interface FolderLock {
  readonly file: string;
  /** Removes the lock if it is still this process's. */
  release(): void;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Takes the folder for this process, or throws FolderInUseError naming the live holder. */
export function lockDataFolder(folder: string): FolderLock {
  const file = path.join(folder, LOCK_FILE);
  const { boot, started, command } = see(process.pid);
  const me: Holder = { pid: process.pid, host: hostname(), boot, started, command, nonce: randomBytes(8).toString('hex') };
  const draftName = `${LOCK_FILE}.${me.nonce}.new`;
  const draft = path.join(folder, draftName);
  writeFileSync(draft, JSON.stringify(me) + '\n', { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      if (linkNew(draft, file)) {
        held.add(me.nonce);
        tidy(folder, draftName);
        return lockHandle(file, me.nonce);
      }
      const found = readLock(file);
      if (!found) continue;
      if (alive(found.holder)) throw new FolderInUseError(folder, found.holder);
      if (winTakeover(folder, draft, found.id)) {
        // Still the dead lock? Only the right-holder may remove it, so it cannot change meanwhile.
        if (readLock(file)?.id === found.id) unlinkSync(file);
      } else {
        sleep(10); // another starter is taking it over: see who wins
      }
    }
    throw new Error(`Could not take the lock ${file}: it keeps changing hands.`);
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      /* already gone */
    }
  }
}

function lockHandle(file: string, nonce: string): FolderLock {
  const release = () => {
    if (!held.delete(nonce)) return;
    process.off('exit', release);
    if (readLock(file)?.id === nonce) unlinkSync(file);
  };
  // Also on process.exit() and fatal errors: only kill -9 and power cuts leave the file behind.
  process.on('exit', release);
  return { file, release };
}
