import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { errorMessage } from '../db/loggable.ts';
import { migrationsBehind, shippedMigrations } from '../db/migration-state.ts';
import { log } from './log.ts';

/** Storage that can say whether it is reachable (an object store does; the data folder need not). */
interface CheckableStorage {
  check(): Promise<void>;
}

const checkable = (storage: object): storage is CheckableStorage => 'check' in storage && typeof storage.check === 'function';

export interface Readiness {
  ready: boolean;
  /** Each check: "ok", or why it failed (short: the load balancer's log, not a diagnosis). */
  checks: Record<string, string>;
  failed: string[];
  /** Checks that pass but need doing soon (the signing certificate's end within 30 days, or its problems): still ready. */
  warnings: string[];
}

/** A load balancer waits a few seconds at most; a check that takes longer has failed. */
const CHECK_TIMEOUT_MS = 2_000;

class TimedOut extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve: the database answers, its migrations are those this build
 * ships, and the bucket answers when storage can be checked. The reasons go to the log once
 * per change, not once per probe. The signing certificate's state is told beside them, as a
 * warning when it ends within 30 days or MyInvois would refuse it.
 */
export function readinessCheck(deps: { db: Db; storage: object; timeoutMs?: number; signingCertificate?: () => Promise<{ state: 'ok' | 'expiring' | 'problem'; line: string }> }) {
  const shipped = shippedMigrations();
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  let lastFailed = '';

  const run = async (name: string, work: () => Promise<string | null>, checks: Record<string, string>, why: Record<string, string>) => {
    try {
      const problem = await within(work(), timeoutMs);
      checks[name] = problem ?? 'ok';
      if (problem) why[name] = problem;
    } catch (err) {
      checks[name] = err instanceof TimedOut ? 'timed out' : 'unreachable';
      why[name] = errorMessage(err);
    }
  };

  return async (): Promise<Readiness> => {
    const checks: Record<string, string> = {};
    const why: Record<string, string> = {};
    await run('database', async () => (await deps.db.execute(sql`select 1`), null), checks, why);
    if (checks.database === 'ok') await run('migrations', () => migrationsBehind(deps.db, shipped), checks, why);
    else checks.migrations = 'not checked';
    const storage = deps.storage;
    if (checkable(storage)) await run('storage', async () => (await storage.check(), null), checks, why);
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok' && checks[name] !== 'not checked');
    // The certificate only signs e-invoices: the shop serves whatever it says, so it warns, never fails.
    const warnings: string[] = [];
    if (deps.signingCertificate) {
      try {
        const certificate = await deps.signingCertificate();
        checks.signingCertificate = certificate.line;
        if (certificate.state !== 'ok') warnings.push('signingCertificate');
      } catch (err) {
        checks.signingCertificate = `not checked: ${errorMessage(err)}`;
        warnings.push('signingCertificate');
      }
    }
    const now = failed.join(',');
    if (now !== lastFailed) {
      if (failed.length) log.warn(`[ready] not ready: ${failed.map((name) => `${name} ${why[name]}`).join('; ')}`);
      else log.info('[ready] ready again');
      lastFailed = now;
    }
    return { ready: failed.length === 0, checks, failed, warnings };
  };
}
