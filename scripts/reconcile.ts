/**
 * npm run reconcile -- [--days N]
 *
 * Compares the shop's ledger with the payment provider's own books (PAYMENT_PROVIDER) for the
 * last N days (default 7) and prints every difference (then the refunds paid outside the provider,
 * which are no difference); exits 1 when there is any. Works on the
 * database `npm start` uses (DATABASE_URL, else the PGlite folder DATA_DIR, refused in one line
 * while a server holds it).
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { serverSecret } from '../server/db/sync.ts';
import { DAY_MS, reconcileSince, reportText } from '../server/modules/reconcile/service.ts';
import { paymentProviderFromEnv } from '../server/providers/payment/index.ts';

function fail(problem: string): never {
  console.error(`reconcile: ${problem}\nusage: npm run reconcile -- [--days N]`);
  process.exit(2);
}

let days = 7;
try {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { days: { type: 'string' } } });
  if (values.days !== undefined) days = Number(values.days);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
if (!Number.isInteger(days) || days < 1 || days > 366) fail('--days must be a whole number of days from 1 to 366');

const config = loadConfigOrExit();
const database = await openDatabase(config.database);
try {
  const secret = await serverSecret(database.db, config.secret);
  // Outside production the sandbox gateway is a double (dev/doubles/), loaded for it alone. Its
  // callbacks are the server's to deliver: this command only reads.
  const doubles = process.env.NODE_ENV === 'production' ? null : (await import('../dev/doubles/index.ts')).createDoubles(process.env);
  const payments = paymentProviderFromEnv(process.env, { db: database.db, secret, log: () => {} }, doubles);
  const report = await reconcileSince(database.db, payments, new Date(Date.now() - days * DAY_MS));
  console.log(reportText(report));
  if (report.differences.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
