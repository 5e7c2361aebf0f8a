import path from 'node:path';
import type { DatabaseConfig } from './db/client.ts';

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Folder of the built site (Astro's dist). */
  siteDir: string;
  smsProvider: string;
  /** WHATSAPP_PROVIDER: console (default), twilio or off. */
  whatsappProvider: string;
  /** EMAIL_PROVIDER: console (default outside production) or off (the default in production, which has no real provider yet). */
  emailProvider: string;
  /** HMAC key for OTP codes; generated and kept in the database when not given. */
  secret: string | null;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** OTP codes one client address may ask for per hour. */
  sendsPerAddressPerHour: number;
  /** Seconds before another code may go to the same phone (OTP_RESEND_SECONDS, spec: 60; shorter only outside production). */
  otpResendSeconds: number;
  /** How long a placed order waits for payment, holding its time, before it is cancelled. */
  paymentTimeoutMinutes: number;
  /** How often the job worker looks for due work (payment time-outs). */
  jobIntervalMs: number;
  /** A failed job's (or a missed webhook's) first retry, doubling after (JOB_RETRY_SECONDS, default 30). */
  jobFirstRetryMs: number;
  /** How long a message being sent is left to the process that claimed it (OUTBOX_LEASE_SECONDS). */
  outboxLeaseMs: number;
  /** This process runs due jobs (JOB_WORKER=1, the default); 0 leaves them to another process. */
  jobWorker: boolean;
  /** How long an e-invoice submission's answer is awaited before another try looks for it at MyInvois. */
  einvoiceAnswerWaitMs: number;
  /** The public origin customers reach the shop at, for links sent out; null: the request's. */
  publicUrl: string | null;
  /** Load the demo staff and coupons of content/ (DEMO_DATA). */
  demoData: boolean;
  /** GET /metrics answers only with this bearer token when set (METRICS_TOKEN; required in production). */
  metricsToken: string | null;
  /** POST /api/ops/content/publish answers only this bearer token (CONTENT_PUBLISH_TOKEN); null: publishing by call is off. */
  contentPublishToken: string | null;
  /** Republish the site on every change under content/ (CONTENT_WATCH=1; `npm run content` sets it). */
  contentWatch: boolean;
  /** How often a process looks for a version another process published (CONTENT_FOLLOW_SECONDS, default 5). */
  contentFollowMs: number;
  /** Where republished builds go (SITE_BUILDS_DIR, default site-builds). */
  siteBuildsDir: string;
  /** Days the shop's clock runs ahead of the real one (CLOCK_OFFSET_DAYS, default 0): staging and outside testers only. */
  clockOffsetDays: number;
  /** How long a stopping server waits for the requests in flight before it exits anyway (STOP_SECONDS, default 10). */
  stopMs: number;
}

/** A setting the start cannot use: its message is the one line the start prints before it stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole number from `min` to `max`, or the start stops naming the variable. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${env[name]}"`);
  return value;
}

/**
 * Minutes, a fraction allowed (0.5 is 30 s), from `min` to `max`: a short wait to pay serves
 * trials and tests. Plain decimal notation only, so "1e3" or "0x10" is refused.
 */
function minutes(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim() ?? String(fallback);
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new ConfigError(`${name} must be a number of minutes from ${min} to ${max} (e.g. 30 or 0.5), not "${env[name]}"`);
  return value;
}

function origin(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name];
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) address such as https://www.servauto.my, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must start with http:// or https://, not "${value}"`);
  return url.origin;
}

/** A switch: 1 or 0 (true or false), null when unset; anything else stops the start, saying what each means. */
function oneOrZero(env: NodeJS.ProcessEnv, name: string, meansOne: string, meansZero: string): boolean | null {
  const value = env[name]?.trim() ?? '';
  if (value === '') return null;
  if (value !== '0' && value !== '1') throw new ConfigError(`${name} must be 1 (${meansOne}) or 0${meansZero ? ` (${meansZero})` : ''}, not "${env[name]}"`);
  return value === '1';
}

/**
 * DEMO_DATA: 1 loads the demo staff and coupons, 0 does not; unset, the embedded database gets
 * them (`npm start` as a demo) and PostgreSQL does not. Refused in production: the demo admin
 * logs in with a phone number anyone can read.
 */
function demoData(env: NodeJS.ProcessEnv): boolean {
  const value = oneOrZero(env, 'DEMO_DATA', 'load the demo staff and coupons', '');
  const production = env.NODE_ENV === 'production';
  if (value === true && production) throw new ConfigError('DEMO_DATA=1 is refused with NODE_ENV=production: the demo staff log in with published phone numbers');
  return value ?? (!env.DATABASE_URL && !production);
}

/** The wait between two codes to one phone: the spec's 60 s, or longer; a test server may wait less. */
function otpResendSeconds(env: NodeJS.ProcessEnv): number {
  const seconds = wholeNumber(env, 'OTP_RESEND_SECONDS', 60, 1, 3600);
  if (seconds < 60 && env.NODE_ENV === 'production') throw new ConfigError('OTP_RESEND_SECONDS below 60 is refused with NODE_ENV=production: it is for test servers');
  return seconds;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`);
  const perAddress = Number(env.OTP_SENDS_PER_ADDRESS_PER_HOUR ?? 20);
  if (!Number.isInteger(perAddress) || perAddress < 1) {
    throw new ConfigError(`OTP_SENDS_PER_ADDRESS_PER_HOUR must be a whole number above 0, not "${env.OTP_SENDS_PER_ADDRESS_PER_HOUR}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(root, env.DATA_DIR ?? 'data') },
    siteDir: path.resolve(root, env.SITE_DIR ?? 'dist'),
    smsProvider: env.SMS_PROVIDER ?? 'console',
    whatsappProvider: env.WHATSAPP_PROVIDER?.trim() || 'console',
    emailProvider: env.EMAIL_PROVIDER?.trim() || (env.NODE_ENV === 'production' ? 'off' : 'console'),
    secret: env.SERVAUTO_SECRET || null,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    sendsPerAddressPerHour: perAddress,
    otpResendSeconds: otpResendSeconds(env),
    paymentTimeoutMinutes: minutes(env, 'PAYMENT_TIMEOUT_MINUTES', 30, 0.1, 24 * 60),
    jobIntervalMs: wholeNumber(env, 'JOB_INTERVAL_SECONDS', 5, 1, 3600) * 1000,
    jobFirstRetryMs: wholeNumber(env, 'JOB_RETRY_SECONDS', 30, 1, 3600) * 1000,
    outboxLeaseMs: wholeNumber(env, 'OUTBOX_LEASE_SECONDS', 300, 1, 24 * 3600) * 1000,
    stopMs: wholeNumber(env, 'STOP_SECONDS', 10, 1, 600) * 1000,
    einvoiceAnswerWaitMs: wholeNumber(env, 'EINVOICE_ANSWER_WAIT_SECONDS', 600, 1, 24 * 3600) * 1000,
    // 1 (or unset): this process runs due jobs; 0 leaves them to another.
    jobWorker: oneOrZero(env, 'JOB_WORKER', 'this process runs due jobs', 'another process does') ?? true,
    publicUrl: origin(env, 'PUBLIC_URL'),
    demoData: demoData(env),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    contentPublishToken: env.CONTENT_PUBLISH_TOKEN?.trim() || null,
    contentWatch: oneOrZero(env, 'CONTENT_WATCH', 'republish the site on every change under content/', 'only at start or when asked') ?? false,
    contentFollowMs: wholeNumber(env, 'CONTENT_FOLLOW_SECONDS', 5, 1, 3600) * 1000,
    siteBuildsDir: path.resolve(root, env.SITE_BUILDS_DIR ?? 'site-builds'),
    clockOffsetDays: wholeNumber(env, 'CLOCK_OFFSET_DAYS', 0, 0, 3650),
  };
}

/** loadConfig for the commands (npm run staff, reconcile): a setting they cannot use is one line and exit status 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
