import { readFileSync } from 'node:fs';
import { reviewChanged } from '../../server/modules/reviews/changes.ts';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { Envelope } from '../../contract/codes.ts';
import { toE164 } from '../../contract/rules/phone.ts';
import { createApi } from '../../server/app.ts';
import { openDatabase, type Database, type Db } from '../../server/db/client.ts';
import { syncContent } from '../../server/db/sync.ts';
import { topUpTestStock } from './test-stock.ts';
import { keepFilledContent, resetContent, statementsWritten } from './content-reset.ts';
import { loadIndexes, type Indexes } from '../../server/indexes.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import type { PaymentProvider } from '../../server/providers/payment/index.ts';
import type { SandboxProvider } from '../../dev/doubles/sandbox/provider.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';
import type { LocalEinvoiceProvider } from '../../dev/doubles/myinvois/local-provider.ts';
import { jobRegistry, outboxDeliverer } from '../../server/jobs/registry.ts';
import { outboxIdle } from '../../server/modules/notifications/outbox.ts';
import { sandboxProvider } from '../../dev/doubles/sandbox/provider.ts';
import { sandboxKey } from '../../dev/doubles/sandbox/signing.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { consoleEmail } from '../../server/providers/email/console.ts';
import type { SmsProvider } from '../../server/providers/sms/index.ts';
import { consoleWhatsApp } from '../../server/providers/whatsapp/console.ts';
import type { WhatsAppProvider } from '../../server/providers/whatsapp/index.ts';
import { configureWhatsApp } from '../../server/modules/notifications/whatsapp.ts';
import { storageFromEnv, type FileStorage } from '../../server/storage/index.ts';
import { contentSeller, einvoiceSeller, shopEinvoice, shopEinvoiceProvider } from '../../server/flows/einvoice-setup.ts';

/**
 * The API in-process, for tests: requests go through `app.request()` (no port), SMS codes
 * are captured from the console provider, and the clock only moves when a test moves it.
 *
 * Without DATABASE_URL the test files a worker runs share one in-memory PGlite (a copy of the
 * suite's template); with DATABASE_URL, the worker's database on that PostgreSQL
 * (worker-setup.ts). Either way `startApi()` and `reset()` empty its tables first and put back
 * what a test changed of content/.
 */

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));

/** Monday 2 June 2025, 10:00 in Kuala Lumpur: a plain working day. */
export const START = new Date('2025-06-02T02:00:00Z');

/** A Malaysian address (TM Unifi range) the requests come from unless a test names another. */
export const DEFAULT_ADDRESS = '175.139.20.11';

export const TEST_SECRET = 'servauto-test-secret';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The `language` header: en_us, zh_cn or ms_my. */
  language?: string;
  /** Sent as `Authorization`, as the site does. */
  userKey?: string;
  /** The client address, sent as X-Forwarded-For; null sends none. */
  address?: string | null;
}

export interface StartOptions {
  secret?: string;
  /** Another PostgreSQL address than DATABASE_URL (e.g. through a proxy a test can cut). */
  databaseUrl?: string;
  /**
   * A second API process beside `beside`: its own connection pool on the same PostgreSQL, the
   * same clock, nothing emptied or reloaded.
   */
  beside?: TestApi;
  /** PAYMENT_TIMEOUT_MINUTES (default 30). */
  paymentTimeoutMinutes?: number;
  /** DEMO_DATA: content/'s demo staff and coupons, which most tests use (default true). */
  demoData?: boolean;
  /** Where photos go (default: as the server reads it from the environment, DATA_DIR/uploads or S3_*). */
  storage?: FileStorage;
  /** Notices go through this provider (e.g. Twilio's adapter pointed at a double) instead of the console's. */
  sms?: SmsProvider;
  /** WhatsApp messages go through this provider (e.g. Twilio's adapter pointed at a double) instead of the console's; null: WHATSAPP_PROVIDER=off. */
  whatsapp?: WhatsAppProvider | null;
  /** TWILIO_AUTH_TOKEN: Twilio's callbacks signed with it are taken (default: none are). */
  twilioAuthToken?: string;
  /** PUBLIC_URL (default none: a callback's own address is signed; links start with http://servauto.test). */
  publicUrl?: string;
  /** The waits between a notice's tries (default: the server's). */
  noticeRetryDelaysMs?: readonly number[];
  /** Payments go through this provider (e.g. Curlec's pointed at a double) instead of the sandbox, in calls and jobs alike. */
  provider?: PaymentProvider;
  /**
   * false: a call's answer comes back as the server gives it, while the messages it wrote may
   * still be on their way. By default (true) it comes back once they have been tried, as a
   * customer finds them a moment later.
   */
  awaitMessages?: boolean;
}

export interface TestApi {
  /** The in-memory indexes the app serves from (cars, …). */
  readonly indexes: Indexes;
  /** POSTs `body` to `path` and returns the parsed envelope. A string body is sent as it is. */
  request<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** The raw `Response`, for checks on the transport itself. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Lines the console SMS provider wrote, oldest first. */
  readonly smsLines: string[];
  /** Lines the console WhatsApp provider wrote, oldest first. */
  readonly whatsappLines: string[];
  /** Lines the console e-mail provider wrote, oldest first. */
  readonly emailLines: string[];
  /** The last code sent to `phone` (any form the customer may type), or undefined. */
  lastCode(phone: string): string | undefined;
  /** Sends a code to `phone` and logs in with it. */
  login(phone: string, options?: RequestOptions): Promise<{ userKey: string; user: { id: string; phone: string } }>;
  /** Makes the next SMS sends fail (or work again). */
  failSms(failing: boolean): void;
  /** The server's clock. */
  now(): Date;
  advance(seconds: number): void;
  /** The routes the app has mounted, as Hono lists them. */
  readonly routes: { method: string; path: string }[];
  readonly db: Db;
  readonly secret: string;
  /** Empties every table, reloads content/, puts the clock back to START and forgets the SMS lines. */
  reset(): Promise<void>;
  /** The sandbox payment provider, its callbacks delivered to this app through app.request (tried once). */
  readonly payments: SandboxProvider;
  /**
   * From now on the sandbox's callbacks are lost for good (kept in lostCallbacks: a test delivers
   * them itself), or arrive again.
   */
  loseCallbacks(lost: boolean): void;
  /** From now on the shop does not answer the sandbox's callbacks (as while it is stopped): its delivery jobs send them later. */
  shopDown(down: boolean): void;
  readonly lostCallbacks: { body: string; headers: Record<string, string> }[];
  /** The local MyInvois double in this process, on the test clock, validating at once. */
  readonly einvoice: LocalEinvoiceProvider;
  /**
   * How many statements have written to the shop's tables (inserts, updates, deletes, truncates;
   * rolled back ones not counted) since the last reset: equal counts, nothing written between.
   */
  writes(): Promise<number>;
  /** One round of the job worker at the server's clock, and of the outbox's deliverer: the number of due jobs run. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

let template: Uint8Array<ArrayBuffer> | undefined;
/** The suite's migrated and filled PGlite (see global-setup.ts), read once per worker. */
export function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Uint8Array(readFileSync(file));
  return new Blob([template]);
}

let opened: Promise<Database> | undefined;
/**
 * This worker's PGlite: a copy of the template, opened by the first file that starts an app and
 * kept for the worker's next files (opening one takes a second or two), each starting with a
 * reset. It is in memory and goes with the worker.
 */
function workerDatabase(): Promise<Database> {
  opened ??= (async () => {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      from: pgliteTemplate(),
    });
    // The template was filled from content/ and nothing else (the doubles' tables included).
    await migrateDoubles(database.db);
    await keepFilledContent(database.db);
    return database;
  })();
  return opened;
}

/** Each app's clock; an app started beside another shares its clock. */
const clocks = new WeakMap<TestApi, { ms: number }>();

/**
 * Two app instances on two connection pools over one PostgreSQL, as two API processes behind a
 * load balancer: started (after `prepare`) before the calling block's tests, emptied before each
 * test, closed after them. Read `a` and `b` inside tests and hooks.
 */
export function twoApiProcesses(prepare?: () => void): {
  readonly a: TestApi;
  readonly b: TestApi;
} {
  const apis = {} as { a: TestApi; b: TestApi };
  beforeAll(async () => {
    prepare?.();
    apis.a = await startApi();
    apis.b = await startApi({ beside: apis.a });
  });
  afterAll(async () => {
    await apis.a?.close();
    await apis.b?.close();
  });
  beforeEach(() => apis.a.reset());
  return apis;
}

export async function startApi(options: StartOptions = {}): Promise<TestApi> {
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  if (options.beside && !url) throw new Error('a second API process on one database needs PostgreSQL (DATABASE_URL)');
  const demoData = options.demoData ?? true;
  // On PGlite the files of a worker share one database, a copy of the template (which holds the
  // demo data); without the demo data, a database of its own, closed with the app.
  const shared = !url && demoData;
  const database: Database = shared ? await workerDatabase() : await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
  const secret = options.secret ?? TEST_SECRET;
  // The doubles of the outside services, as npm start hands them to the server (dev/doubles/):
  // the Curlec double too when a test sets CURLEC_DOUBLE=1 before it starts the app.
  const doubles = createDoubles(process.env);
  if (!shared && !options.beside) await doubles.migrate(database.db);

  const clock = (options.beside && clocks.get(options.beside)) || {
    ms: START.getTime(),
  };
  const smsLines: string[] = [];
  const emailLines: string[] = [];
  const whatsappLines: string[] = [];
  const whatsapp = options.whatsapp === undefined ? consoleWhatsApp((line) => whatsappLines.push(line)) : options.whatsapp;
  configureWhatsApp({ enabled: whatsapp !== null, publicUrl: options.publicUrl ?? 'http://servauto.test' });
  let smsFailing = false;
  const lostCallbacks: { body: string; headers: Record<string, string> }[] = [];
  let losing = false;
  let down = false;
  const printed = consoleSms((line) => smsLines.push(line));
  const sms: SmsProvider = {
    name: 'console',
    async sendOtp(message) {
      if (smsFailing) throw new Error('SMS gateway unreachable');
      await printed.sendOtp(message);
    },
    send: (message) => (options.sms ? options.sms.send(message) : printed.send(message)),
  };

  async function reset() {
    const db = database.db;
    await resetContent(db, async () => {
      await syncContent(db, contentDir, { demoData, now: START });
      if (demoData) await topUpTestStock(db);
    });
    clock.ms = START.getTime();
    // Emptied tables are a change no call made: the shared review reads start over with them.
    reviewChanged();
    smsLines.length = 0;
    emailLines.length = 0;
    whatsappLines.length = 0;
    smsFailing = false;
    lostCallbacks.length = 0;
    losing = false;
    down = false;
  }
  if (!options.beside) await reset();
  const indexes = await loadIndexes(database.db);
  const now = () => new Date(clock.ms);
  const payments = sandboxProvider({
    db: database.db,
    key: sandboxKey(undefined, secret),
    callbackUrl: 'http://servauto.test/api/pay/callback/sandbox',
    async deliver(url, body, headers) {
      if (down) throw new Error('connect ECONNREFUSED');
      if (!losing)
        return answer(new URL(url).pathname, {
          method: 'POST',
          body,
          headers,
        });
      lostCallbacks.push({ body, headers });
      // Answered as refused for good, so neither the sandbox's quick tries nor its delivery job send it again.
      return new Response('lost on the way', { status: 410 });
    },
    now,
    // No retries on timers: a test decides when a lost callback arrives.
    retryDelaysMs: [],
    log: () => {},
  });
  const storage = options.storage ?? storageFromEnv();
  // A fresh double at each reset (documents, logins and tokens forgotten with the tables), behind one object the app keeps.
  const freshDouble = () => shopEinvoiceProvider(contentSeller(contentDir), { clock: () => clock.ms, validationDelayMs: 0, db: database.db, doubles }, {}) as LocalEinvoiceProvider;
  let double = freshDouble();
  const einvoice: LocalEinvoiceProvider = {
    get name() {
      return double.name;
    },
    get client() {
      return double.client;
    },
    get portalBase() {
      return double.portalBase;
    },
    get signing() {
      return double.signing;
    },
    get double() {
      return double.double;
    },
  };
  const app = createApi({
    db: database.db,
    indexes,
    sms,
    whatsapp,
    twilioAuthToken: options.twilioAuthToken ?? null,
    publicUrl: options.publicUrl ?? null,
    secret,
    trustProxy: true,
    now,
    payments: options.provider ?? payments,
    paymentTimeoutMinutes: options.paymentTimeoutMinutes,
    storage,
    einvoice,
    doubles,
  });
  const awaitMessages = options.awaitMessages ?? true;
  /** The app's answer, once the messages its call nudged have been tried (unless awaitMessages is false). */
  async function answer(path: string, init?: RequestInit): Promise<Response> {
    const res = await app.request(path, init);
    if (awaitMessages) await outboxIdle(database.db);
    return res;
  }
  const einvoicing = shopEinvoice(einvoice, () => contentSeller(contentDir));
  const jobServices = {
    db: database.db,
    indexes,
    sms,
    whatsapp,
    email: consoleEmail((line) => emailLines.push(line)),
    payments: options.provider ?? payments,
    storage,
    einvoice,
    einvoicing,
    einvoiceSeller: async () => einvoiceSeller(contentSeller(contentDir)),
    now,
    ...(options.noticeRetryDelaysMs ? { noticeRetryDelaysMs: options.noticeRetryDelaysMs } : {}),
    log: () => {},
    doubles,
  };
  const jobHandlers = jobRegistry(jobServices);
  const deliver = outboxDeliverer(jobServices);

  const api: TestApi = {
    async request(path, body, { headers = {}, language = 'en_us', userKey, address = DEFAULT_ADDRESS } = {}) {
      const res = await answer(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          channel: '8',
          version: '1.3.8',
          sys: '10',
          type: 'pc',
          language,
          ...(userKey !== undefined ? { Authorization: userKey } : {}),
          ...(address !== null ? { 'X-Forwarded-For': address } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${path} answered HTTP ${res.status}: ${await res.text()}`);
      return (await res.json()) as Envelope<any>;
    },
    async fetch(path, init) {
      return answer(path, init);
    },
    smsLines,
    whatsappLines,
    emailLines,
    lastCode(phone) {
      const prefix = `[sms] OTP for ${toE164(phone)}: `;
      const line = smsLines.findLast((l) => l.startsWith(prefix));
      return line?.slice(prefix.length);
    },
    async login(phone, options) {
      const sent = await api.request('/api/app/user/send/sms', { phone, type: 'login' }, options);
      if (sent.code !== 200) throw new Error(`send/sms for ${phone}: ${sent.code} ${sent.msg}`);
      const answer = await api.request('/api/app/user/client-login', { phone, code: api.lastCode(phone) }, options);
      if (answer.code !== 200) throw new Error(`client-login for ${phone}: ${answer.code} ${answer.msg}`);
      return answer.data;
    },
    failSms(failing) {
      smsFailing = failing;
    },
    now,
    advance(seconds) {
      clock.ms += seconds * 1000;
    },
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    db: database.db,
    indexes,
    secret,
    async reset() {
      // A callback the sandbox is still delivering (a refund's, say) writes when it lands: on
      // PostgreSQL it would deadlock with the emptying of the tables. Those waiting to be tried
      // again are dropped; those on their way are let land first.
      payments.stop();
      await payments.idle();
      await reset();
      double = freshDouble();
    },
    payments,
    loseCallbacks(lost) {
      losing = lost;
    },
    shopDown(isDown) {
      down = isDown;
    },
    lostCallbacks,
    einvoice,
    writes: () => statementsWritten(database.db),
    async runJobs() {
      await outboxIdle(database.db);
      const ran = await runDueJobs(database.db, jobHandlers, now());
      await outboxIdle(database.db);
      await deliver(now());
      // What the round's sends wrote in turn (a WhatsApp message's SMS instead) is tried with it.
      await outboxIdle(database.db);
      return ran;
    },
    close: async () => {
      payments.stop();
      // The worker's database stays open for its next files.
      if (!shared) await database.close();
    },
  };
  clocks.set(api, clock);
  return api;
}

/** Any 6-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export const DAY_SECONDS = 24 * 60 * 60;
