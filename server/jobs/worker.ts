import type { Db } from '../db/client.ts';
import { errorMessage } from '../db/loggable.ts';
import { runDueJobs, type AfterWork, type JobHandler } from './queue.ts';
import { log as logged } from '../ops/log.ts';

export interface Worker {
  /** Waits for the round under way and the work still running after its jobs, then runs no more. */
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
  /** How many jobs' after-commit work (provider calls) may run at once; the next job waits beyond it. */
  alongside?: number;
  /**
   * A round run beside the jobs' on the same interval, on its own (the outbox's deliverer: a slow
   * provider holds up neither the jobs nor the next look at the queue).
   */
  beside?: (now: Date) => Promise<unknown>;
}

/**
 * The job runner in an API process: every `intervalMs` it runs what is due. Any number of
 * processes may run one on the same PostgreSQL (jobs are claimed with SKIP LOCKED).
 */
export function startWorker({ db, handlers, intervalMs, now = () => new Date(), log = (line) => logged.error(line), enabled = true, alongside = 8, beside }: WorkerOptions): Worker {
  if (!enabled) return { stop: async () => {} };
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  // Provider calls after their jobs' commits run alongside the next jobs, a few at a time.
  const running = new Set<Promise<void>>();
  const limit = Math.max(1, alongside);
  const afterWork: AfterWork = async (work) => {
    const call = work().finally(() => running.delete(call));
    running.add(call);
    while (running.size >= limit) await Promise.race(running);
  };

  const tick = () => {
    round = runDueJobs(db, handlers, now(), 100, afterWork)
      .then(() => undefined)
      .catch((err: unknown) => log(`[jobs] could not look for due jobs: ${errorMessage(err)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  let besideRound: Promise<void> = Promise.resolve();
  let besideTimer: NodeJS.Timeout | undefined;
  const besideTick = () => {
    besideRound = beside!(now())
      .then(() => undefined)
      .catch((err: unknown) => log(`[outbox] could not look for messages to send: ${errorMessage(err)}`))
      .finally(() => {
        if (!stopped) besideTimer = setTimeout(besideTick, intervalMs);
      });
  };
  if (beside) besideTimer = setTimeout(besideTick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(besideTimer);
      await round;
      await besideRound;
      await Promise.all(running);
    },
  };
}
