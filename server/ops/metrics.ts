import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorMessage } from '../db/loggable.ts';
import { log } from './log.ts';

/** The job queue as a scrape reads it, one row per kind of job waiting. */
export interface QueueRow {
  kind: string;
  /** Waiting and due now. */
  due: number;
  /** Waiting for a later time (reminders, retries). */
  scheduled: number;
  /** Waiting after failing at least once (a provider out of reach, a bug). */
  retrying: number;
  /** Seconds the oldest due job has waited past its time; 0 when none is due. */
  oldestDueSeconds: number;
}

/** What a scrape reads from the database, at scrape time only. */
export interface MetricsSources {
  queue(): Promise<QueueRow[]>;
  refundsByState(): Promise<{ status: string; count: number }[]>;
}

export type CallbackOutcome = 'processed' | 'duplicate' | 'refused' | 'ignored' | 'failed';

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (never a raw path), status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  paymentCallback(provider: string, outcome: CallbackOutcome): void;
  /** The text a Prometheus scrape reads. */
  scrape(): Promise<string>;
}

/** Seconds: most calls answer in milliseconds; the slow end shows the slot query and uploads. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's metrics on a registry of their own (several apps may live in one process, as in
 * tests). Counting a request is two label look-ups; the database is read only when scraped.
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'servauto_' });

  const requests = new Counter({
    name: 'servauto_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'servauto_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const callbacks = new Counter({
    name: 'servauto_payment_callbacks_total',
    help: 'Payment provider callbacks, by provider and outcome (processed, duplicate, refused, ignored, failed: not recorded, the provider retries).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });

  // Read at scrape time, one grouped query each on indexed columns; the three queue gauges share one.
  let queue: Promise<QueueRow[]> | undefined;
  const queueNow = () => (queue ??= sources.queue().finally(() => (queue = undefined)));
  const queueGauge = (name: string, help: string, value: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await readOrNothing('the job queue', queueNow)) this.set({ kind: row.kind }, value(row));
      },
    });
  queueGauge('servauto_jobs_due', 'Jobs due now and not yet run, by kind.', (row) => row.due);
  queueGauge('servauto_jobs_scheduled', 'Jobs waiting for a later time, by kind.', (row) => row.scheduled);
  queueGauge('servauto_jobs_retrying', 'Jobs waiting to be tried again after failing, by kind.', (row) => row.retrying);
  queueGauge('servauto_jobs_oldest_due_age_seconds', 'How long the oldest due job has waited past its time, by kind.', (row) => row.oldestDueSeconds);
  new Gauge({
    name: 'servauto_refunds',
    help: 'Refunds by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readOrNothing('refunds', () => sources.refundsByState())) this.set({ state: row.status }, row.count);
    },
  });

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    paymentCallback(provider, outcome) {
      callbacks.inc({ provider, outcome });
    },
    scrape: () => registry.metrics(),
  };
}

/** A database out of reach leaves its gauges empty for this scrape; the request metrics still answer. */
async function readOrNothing<T>(what: string, read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (err) {
    log.warn(`[metrics] could not read ${what}: ${errorMessage(err)}`);
    return [];
  }
}
