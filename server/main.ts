import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApi } from './app.ts';
import { loadIndexes, refreshIndexes } from './indexes.ts';
import { openDatabase } from './db/client.ts';
import { serverSecret, syncContent } from './db/sync.ts';
import type { AppEnv } from './http/env.ts';
import { log } from './ops/log.ts';
import { preflight } from './ops/preflight.ts';
import type { SellerDetails } from './modules/seller/details.ts';
import { gracefulStop } from './http/shutdown.ts';
import { smsProviderFromEnv } from './providers/sms/index.ts';
import { whatsappProviderFromEnv } from './providers/whatsapp/index.ts';
import { configureWhatsApp, whatsappTemplates } from './modules/notifications/whatsapp.ts';
import { TWILIO_STATUS_PATH } from './routes/messages.ts';
import { emailProviderFromEnv } from './providers/email/index.ts';
import { setFirstRetryDelay } from './jobs/queue.ts';
import { startWorker } from './jobs/worker.ts';
import { jobRegistry, outboxDeliverer } from './jobs/registry.ts';
import { outboxIdle, setOutboxLease } from './modules/notifications/outbox.ts';
import { scheduleCarReminders } from './jobs/car-reminders.ts';
import { scheduleReconcile } from './jobs/reconcile.ts';
import { scheduleUploadSweep } from './jobs/upload-sweep.ts';
import { scheduleEinvoiceConsolidation } from './jobs/einvoice-consolidation.ts';
import { paymentProviderFromEnv } from './providers/payment/index.ts';
import { installedDoubles } from './doubles.ts';
import { productReviewPages } from './pages/product-reviews.ts';
import { mountSite } from './static.ts';
import { contentDataHash } from './modules/publishing/inputs.ts';
import { sitePublisher } from './modules/publishing/publisher.ts';
import { findCategory } from '../contract/rules/categories.ts';
import { storageFromEnv, StorageSettingError, type FileStorage } from './storage/index.ts';
import { einvoiceSeller, shopEinvoice, shopEinvoiceProvider } from './flows/einvoice-setup.ts';
import { securityHeaders } from './http/security-headers.ts';

/** The photos' storage (S3_* or DATA_DIR/uploads); a wrong S3_* setting stops the start in one line. */
function uploadStorage(): FileStorage {
  try {
    return storageFromEnv();
  } catch (err) {
    if (!(err instanceof StorageSettingError)) throw err;
    log.error(err.message);
    process.exit(1);
  }
}

// Settings, seller details and a production start's safety, before anything opens: a refusal
// is one line per problem and exit status 1.
const { config, seller } = await preflight();
const storage = uploadStorage();
const started = performance.now();
// The shop's clock: the real one, or CLOCK_OFFSET_DAYS ahead of it for testers (never in production).
// Payment providers keep the real one: a gateway's signatures and expiries are in its time.
const offsetMs = config.clockOffsetDays * 24 * 60 * 60 * 1000;
const now = () => new Date(Date.now() + offsetMs);
const database = await openDatabase(config.database);
// The doubles of the outside services, when the start script handed them in (npm start,
// dev/start.ts; never a production start): their own tables first.
const doubles = installedDoubles();
await doubles?.migrate(database.db);
// What the API read of content/, so that a republish of the pages alone does not read it again.
let contentRead = contentDataHash();
await syncContent(database.db, path.resolve('content'), { demoData: config.demoData });
const secret = await serverSecret(database.db, config.secret);
const indexes = await loadIndexes(database.db);
const payments = paymentProviderFromEnv(process.env, { db: database.db, secret }, doubles);
// Twilio posts each message's status here when the shop's public address is known.
const statusCallback = config.publicUrl ? `${config.publicUrl}/api${TWILIO_STATUS_PATH}` : null;
const sms = smsProviderFromEnv(config.smsProvider, process.env, statusCallback);
const whatsapp = whatsappProviderFromEnv(config.whatsappProvider, process.env, statusCallback);
// Links in WhatsApp messages: PUBLIC_URL, else this server's own address (development).
configureWhatsApp({ enabled: whatsapp !== null, publicUrl: config.publicUrl ?? `http://localhost:${config.port}` });
whatsappTemplates();
const email = emailProviderFromEnv(config.emailProvider);
// e-Invoices: LHDN MyInvois (EINVOICE_PROVIDER=myinvois) or the local double, for the seller's TIN.
const einvoice = shopEinvoiceProvider(seller as SellerDetails, { db: database.db, doubles });
const einvoicing = shopEinvoice(einvoice, () => seller as SellerDetails);
// The daily reconciliation: one job per day whatever the number of servers (its key is its day).
await scheduleReconcile(database.db, now());
// Photos attached to nothing for a day: swept every hour, one job per hour however many servers.
await scheduleUploadSweep(database.db, now());
// Garage reminders, planned every hour: one job per hour however many servers.
await scheduleCarReminders(database.db, now());
// A month's consolidated e-invoice, looked for every hour from the 1st to the 7th: one job per hour however many servers.
await scheduleEinvoiceConsolidation(database.db, now());
// Every process runs due jobs unless told not to (JOB_WORKER=0): the queue hands each job to one.
setFirstRetryDelay(config.jobFirstRetryMs);
// A message claimed by a process that died is claimed again once its lease has passed.
setOutboxLease(config.outboxLeaseMs);
const worker = startWorker({
  db: database.db,
  handlers: jobRegistry({
    db: database.db,
    indexes,
    sms,
    whatsapp,
    email,
    payments,
    storage,
    einvoice,
    einvoicing,
    einvoiceSeller: async () => einvoiceSeller(seller as SellerDetails),
    now,
    einvoiceAnswerWaitMs: config.einvoiceAnswerWaitMs,
    doubles,
  }),
  // The outbox's messages, sent beside the jobs: a slow SMS provider holds up no job.
  beside: outboxDeliverer({ db: database.db, sms, whatsapp, email }),
  intervalMs: config.jobIntervalMs,
  enabled: config.jobWorker,
  now,
});

// The site is served from its current build; a republish (a change under content/ with
// CONTENT_WATCH=1, POST /api/ops/content/publish, or another process's publication) swaps in a new one.
// After a publication the API reads the content again, as a start does, so that the products
// and workshops it answers with are those the pages show.
const publisher = sitePublisher({
  db: database.db,
  root: process.cwd(),
  initialDir: config.siteDir,
  buildsDir: config.siteBuildsDir,
  followMs: config.contentFollowMs,
  onPublished: async () => {
    // Only when what the API reads changed (a product's text, say; not a page's Markdown).
    const now = contentDataHash();
    if (now === contentRead) return;
    await syncContent(database.db, path.resolve('content'), { demoData: config.demoData });
    await refreshIndexes(database.db, indexes);
    contentRead = now;
  },
});
await publisher.follow();
if (config.contentWatch) publisher.watchContent();

const app = new Hono<AppEnv>();
// The site's answers too (its pages set their own policy): server/http/security-headers.ts.
app.use(securityHeaders());
app.route(
  '/',
  createApi({
    db: database.db,
    indexes,
    sms,
    whatsapp,
    twilioAuthToken: process.env.TWILIO_AUTH_TOKEN?.trim() || null,
    secret,
    trustProxy: config.trustProxy,
    sendsPerAddressPerHour: config.sendsPerAddressPerHour,
    otpResendSeconds: config.otpResendSeconds,
    payments,
    paymentTimeoutMinutes: config.paymentTimeoutMinutes,
    publicUrl: config.publicUrl,
    requestLog: log,
    metricsToken: config.metricsToken,
    storage,
    seller: seller!,
    einvoice,
    doubles,
    publisher,
    contentPublishToken: config.contentPublishToken,
    now,
  }),
);
mountSite(app, {
  siteDir: publisher.currentDir,
  productPage: (id) => {
    const product = indexes.catalog.byId.get(id);
    const slug = product && findCategory(product.category)?.slug;
    return slug ? `products/${slug}/${product.id}` : undefined;
  },
  // Product pages carry their reviews in the HTML, read again at most every ten minutes.
  fillPage: productReviewPages({ db: database.db, indexes, now, secret }).fill,
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = `${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${(config.database as { dataDir: string }).dataDir}`}${config.demoData ? ' with the demo staff and coupons' : ''}`;
  log.info(
    `Servauto is ready at http://localhost:${info.port}/pc/home (data: ${where}, SMS: ${config.smsProvider}, WhatsApp: ${config.whatsappProvider}, payments: ${payments.name}${config.jobWorker ? '' : ', jobs left to another process'}${offsetMs ? `, clock ${config.clockOffsetDays} days ahead (CLOCK_OFFSET_DAYS)` : ''}, ${Math.round(performance.now() - started)} ms)`,
  );
});

// The worker finishes its round and the sandbox drops its pending callbacks before the database closes.
const stop = gracefulStop(server as Server, {
  limitMs: config.stopMs,
  close: async () => {
    publisher.stop();
    await worker.stop();
    // Messages a call's nudge is sending are recorded before the database closes.
    await outboxIdle(database.db);
    (payments as { stop?: () => void }).stop?.();
    await database.close();
  },
});
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
