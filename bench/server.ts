// The API as `npm start` builds it (PGlite, content synced, indexes in memory), plus a bare
// Hono route answering a constant envelope: the yardstick for our own endpoints.
import { serve } from '@hono/node-server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApi } from '../server/app.ts';
import { createDoubles } from '../dev/doubles/index.ts';
import { openDatabase } from '../server/db/client.ts';
import { serverSecret, syncContent } from '../server/db/sync.ts';
import { loadIndexes } from '../server/indexes.ts';
import { consoleSms } from '../server/providers/sms/console.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: mkdtempSync(path.join(tmpdir(), 'servauto-bench-')) });
await syncContent(database.db, path.resolve('content'), { demoData: true });
// The sandbox gateway and the MyInvois double, as `npm start` hands them to the server.
const doubles = createDoubles();
await doubles.migrate(database.db);
const app = createApi({
  db: database.db,
  doubles,
  indexes: await loadIndexes(database.db),
  sms: consoleSms(() => {}),
  secret: await serverSecret(database.db, null),
});
app.post('/bare', (c) => c.json({ code: 200, msg: 'OK', data: [] }));
// The same route answering a constant body as large as a product page: what the bytes alone cost.
let samePayload = '';
app.post('/bare-same-size', (c) => c.body(samePayload, 200, { 'Content-Type': 'application/json' }));
app.post('/bench/same-size', async (c) => {
  samePayload = await c.req.text();
  return c.body(null, 204);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3900), hostname: '127.0.0.1' }, (info) => {
  console.log(`ready ${info.port}`);
});
