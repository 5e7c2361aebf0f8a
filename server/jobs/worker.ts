import type { Db } from '../db/client.ts';
import { errorMessage } from '../db/loggable.ts';
import { runDueJobs, type JobHandler } from './queue.ts';
import { log as logged } from '../ops/log.ts';

export interface Worker {
  /** Waits for the round under way, then runs no more. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** How often to look for due jobs. */
  intervalMs: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** false: a process that leaves every job to another (JOB_WORKER=0). */
  enabled?: boolean;
}

/**
 * The job runner in an API process: every `intervalMs` it runs what is due. Any number of
 * processes may run one on the same PostgreSQL (jobs are claimed with SKIP LOCKED).
 */
export function startWorker({ db, handlers, intervalMs, now = () => new Date(), log = (line) => logged.error(line), enabled = true }: WorkerOptions): Worker {
  if (!enabled) return { stop: async () => {} };
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    round = runDueJobs(db, handlers, now())
      .then(() => undefined)
      .catch((err: unknown) => log(`[jobs] could not look for due jobs: ${errorMessage(err)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
