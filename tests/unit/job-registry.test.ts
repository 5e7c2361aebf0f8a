import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { jobRegistry, type JobServices } from '../../server/jobs/registry.ts';
import { createDoubles } from '../../dev/doubles/index.ts';

/**
 * Every kind of job the server's code and the doubles' can enqueue (each `scheduleJob(…, { kind:
 * X, … })` in server/ and dev/, X resolved to its string) has a handler in the one registry the
 * server and the tests run, with the doubles handed in: a job nobody handles would wait in the
 * queue for ever, failing every round.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return rel.endsWith('migrations') ? [] : sources(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

const files = [...sources('server'), ...sources('dev')].map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** Every `const NAME = 'value'` in server/ and dev/, by name. */
const constants = new Map(files.flatMap(({ text }) => [...text.matchAll(/\bconst ([A-Z][A-Z0-9_]*)\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const)));

/** The kinds the code enqueues, with where. */
const enqueued = files.flatMap(({ file, text }) =>
  [...text.matchAll(/scheduleJob\(\s*\w+\s*,\s*\{\s*kind:\s*([A-Za-z_$][\w$]*|'[^']+')/g)].map((m) => {
    const named = m[1]!;
    return { file, named, kind: named.startsWith("'") ? named.slice(1, -1) : constants.get(named) };
  }),
);

const stub = {} as never;
/** With the sandbox gateway, whose callback deliveries are jobs of the shop's queue. */
const services: JobServices = {
  db: stub,
  indexes: stub,
  sms: stub,
  whatsapp: null,
  email: null,
  payments: { name: 'sandbox', callbackJob: async () => {} } as never,
  storage: stub,
  einvoice: stub,
  einvoicing: stub,
  einvoiceSeller: async () => stub,
  now: () => new Date(),
  doubles: createDoubles({}),
};

describe('the job registry', () => {
  test('every kind of job the code enqueues has a handler', () => {
    // The scan itself finds the enqueuing places (a broken pattern would find none and prove nothing).
    expect(enqueued.length).toBeGreaterThanOrEqual(15);
    const unresolved = enqueued.filter((e) => e.kind === undefined).map((e) => `${e.file}: ${e.named}`);
    expect(unresolved, 'job kinds named by a constant this scan cannot find').toEqual([]);
    const handled = new Set(Object.keys(jobRegistry(services)));
    const missing = [...new Set(enqueued.filter((e) => !handled.has(e.kind!)).map((e) => `${e.kind} (${e.file})`))];
    expect(missing, 'kinds enqueued with no handler').toEqual([]);
  });

  test('the payment time-out is among them', () => {
    expect(enqueued.map((e) => e.kind)).toContain('payment.timeout');
    expect(Object.keys(jobRegistry(services))).toContain('payment.timeout');
  });
});
