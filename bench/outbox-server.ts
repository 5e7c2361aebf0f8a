// The API as `npm start` builds it, on a fresh PGlite, with an SMS provider that takes
// BENCH_SMS_MS (2 s) to answer each message, for bench/outbox.mjs. Bench-only routes: the login
// code last sent to a phone, messages written to the outbox as a move writes them (then nudged),
// how many the provider has taken, and how long each payment webhook (the sandbox's callback)
// took to be answered.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApi } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { serverSecret, syncContent } from '../server/db/sync.ts';
import { loadIndexes } from '../server/indexes.ts';
import { recordMessage } from '../server/modules/notifications/outbox.ts';
import type { SmsProvider } from '../server/providers/sms/index.ts';

const SMS_MS = Number(process.env.BENCH_SMS_MS ?? 2000);
const database = await openDatabase({ kind: 'pglite', dataDir: mkdtempSync(path.join(tmpdir(), 'servauto-bench-outbox-')) });
await syncContent(database.db, path.resolve('content'), { demoData: true });
const codes = new Map<string, string>();
let taken = 0;
const sms: SmsProvider = {
  name: 'bench',
  async sendOtp({ phone, code }) {
    codes.set(phone, code);
  },
  async send() {
    await sleep(SMS_MS);
    taken++;
  },
};
const indexes = await loadIndexes(database.db);
const api = createApi({ db: database.db, indexes, sms, secret: await serverSecret(database.db, null), sendsPerAddressPerHour: 100_000 });

const webhookMs: number[] = [];
const app = new Hono();
app.use('/api/pay/callback/*', async (c, next) => {
  const started = performance.now();
  await next();
  webhookMs.push(performance.now() - started);
});
app.post('/bench/otp', async (c) => c.json({ code: codes.get((await c.req.json()).phone) ?? null }));
app.post('/bench/messages', async (c) => {
  const { count } = (await c.req.json()) as { count: number };
  const now = new Date();
  const nudges = await database.db.transaction(async (tx) => {
    const written = [];
    for (let i = 0; i < count; i++) written.push(await recordMessage(tx, { db: database.db, sms }, { channel: 'sms', to: '+60123456789', text: `RM0 Servauto: bench ${i}` }, now));
    return written;
  });
  for (const nudge of nudges) await nudge();
  return c.json({ written: count });
});
app.post('/bench/stats', (c) => c.json({ taken, webhookMs }));
app.route('/', api);

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3902), hostname: '127.0.0.1' }, (info) => {
  console.log(`ready ${info.port}`);
});
