import { afterAll, beforeAll, expect, test } from 'vitest';
import { scheduleJob, type JobHandler } from '../../server/jobs/queue.ts';
import { startWorker } from '../../server/jobs/worker.ts';
import { startApi, type TestApi } from './harness.ts';

/**
 * The server's job worker: a job whose provider call, after its commit, is slow to answer does
 * not hold the jobs behind it (an SMS, a payment time-out); stopping waits for that call.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ demoData: false });
});
afterAll(() => api?.close());

test('a provider call that hangs after its job’s commit holds neither the next jobs nor the job’s own commit; stop() waits for it', async () => {
  const now = new Date();
  const ran: string[] = [];
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const handlers: Record<string, JobHandler> = {
    // An e-invoice submission whose MyInvois keeps the connection open.
    'test.slow': async () => async () => {
      ran.push('slow call started');
      await answered;
      ran.push('slow call answered');
    },
    'test.sms': async (_tx, job) => {
      ran.push(`sms ${String(job.payload.n)}`);
    },
  };
  await scheduleJob(api.db, { kind: 'test.slow', runAt: new Date(now.getTime() - 2000), payload: {} }, now);
  for (const n of [1, 2]) await scheduleJob(api.db, { kind: 'test.sms', runAt: new Date(now.getTime() - 1000), payload: { n } }, now);

  const worker = startWorker({ db: api.db, handlers, intervalMs: 60_000, now: () => now });
  await expect.poll(() => ran, { timeout: 5000 }).toEqual(['slow call started', 'sms 1', 'sms 2']);

  let stopped = false;
  const stopping = worker.stop().then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(stopped).toBe(false);
  answer();
  await stopping;
  expect(ran).toEqual(['slow call started', 'sms 1', 'sms 2', 'slow call answered']);
});

test('at most `alongside` calls run at once: the next job waits for one of them', async () => {
  const now = new Date();
  const started: number[] = [];
  const answers: (() => void)[] = [];
  const handlers: Record<string, JobHandler> = {
    'test.call': async (_tx, job) => async () => {
      started.push(job.payload.n as number);
      await new Promise<void>((resolve) => answers.push(resolve));
    },
  };
  for (const n of [1, 2, 3]) await scheduleJob(api.db, { kind: 'test.call', runAt: new Date(now.getTime() - 1000 + n), payload: { n } }, now);
  const worker = startWorker({ db: api.db, handlers, intervalMs: 60_000, now: () => now, alongside: 2 });
  await expect.poll(() => started, { timeout: 5000 }).toEqual([1, 2]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(started).toEqual([1, 2]);
  answers[0]!();
  await expect.poll(() => started, { timeout: 5000 }).toEqual([1, 2, 3]);
  for (const answer of answers) answer();
  await worker.stop();
});
