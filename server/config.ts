import path from 'node:path';
import type { DatabaseConfig } from './db/client.ts';

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Folder of the built site (Astro's dist). */
  siteDir: string;
  smsProvider: string;
  /** HMAC key for OTP codes; generated and kept in the database when not given. */
  secret: string | null;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** OTP codes one client address may ask for per hour. */
  sendsPerAddressPerHour: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const perAddress = Number(env.OTP_SENDS_PER_ADDRESS_PER_HOUR ?? 20);
  if (!Number.isInteger(perAddress) || perAddress < 1) {
    throw new Error(`OTP_SENDS_PER_ADDRESS_PER_HOUR must be a whole number above 0, not "${env.OTP_SENDS_PER_ADDRESS_PER_HOUR}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(root, env.DATA_DIR ?? 'data') },
    siteDir: path.resolve(root, env.SITE_DIR ?? 'dist'),
    smsProvider: env.SMS_PROVIDER ?? 'console',
    secret: env.SERVAUTO_SECRET || null,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    sendsPerAddressPerHour: perAddress,
  };
}
