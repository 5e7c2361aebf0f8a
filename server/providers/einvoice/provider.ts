import path from 'node:path';
import { createMyInvoisClient, type MyInvoisClient } from './client.ts';
import type { HttpSettings } from './client/http.ts';
import type { Db } from '../../db/client.ts';
import { createMyInvoisDouble, inProcessFetch, type MyInvoisDouble, type SignatureVerifier } from './double/index.ts';

/**
 * EINVOICE_PROVIDER=local (the default): the project's own MyInvois double, in this process,
 * with one client acting for the seller's TIN; myinvois: LHDN's preprod or production API with
 * MYINVOIS_BASE_URL, MYINVOIS_CLIENT_ID, MYINVOIS_CLIENT_SECRET, MYINVOIS_CERT_PATH and
 * MYINVOIS_KEY_PATH (optional: MYINVOIS_IDENTITY_URL when the identity service has its own
 * base, MYINVOIS_PORTAL_URL for validation links).
 */

export interface EinvoiceProvider {
  name: 'local' | 'myinvois';
  client: MyInvoisClient;
  /** The base of validation links: `{portalBase}/{uuid}/share/{longId}`. */
  portalBase: string;
  /** The certificate and key the shop signs documents with. */
  signing: { certPath: string; keyPath: string };
  /** local: the double itself; its app serves the share pages when mounted at LOCAL_PORTAL_PATH. */
  double?: MyInvoisDouble;
}

export interface EinvoiceProviderOptions {
  /** The seller's TIN (content/seller.json): the local double's client acts for it. */
  sellerTin: string;
  sellerName?: string;
  /** local: validation links' base (default LOCAL_PORTAL_PATH, where the shop may mount the double). */
  portalBase?: string;
  /** local: how long documents stay Submitted (default 1500 ms). */
  validationDelayMs?: number;
  /** local: the signature check the double runs (default: its parts are present). */
  verifySignature?: SignatureVerifier;
  /** local: the database the double keeps its books in (its own tables); in memory without one. */
  db?: Db;
  /** local: the double's clock (tests move it), also the client's. */
  clock?: () => number;
  /** The client's own settings: e.g. `maxRetryAfterSeconds: 0` for a caller that schedules its own retry. */
  client?: Pick<HttpSettings, 'maxRetryAfterSeconds' | 'sleep' | 'now'>;
}

/** Where the shop may mount the local double's app (`app.route(LOCAL_PORTAL_PATH, double.app)`). */
export const LOCAL_PORTAL_PATH = '/myinvois-local';

const DEMO_DIR = path.join(import.meta.dirname, 'demo');
const LOCAL_BASE = 'http://myinvois.local';
const LOCAL_CLIENT = { clientId: 'servauto-local', clientSecret: 'local-double-secret' };

const REQUIRED = ['MYINVOIS_BASE_URL', 'MYINVOIS_CLIENT_ID', 'MYINVOIS_CLIENT_SECRET', 'MYINVOIS_CERT_PATH', 'MYINVOIS_KEY_PATH'] as const;

/** LHDN's portal for its API host: preprod-api.myinvois… → preprod.myinvois…, api.myinvois… → myinvois…. */
export function portalFor(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  if (url.hostname === 'preprod-api.myinvois.hasil.gov.my') return 'https://preprod.myinvois.hasil.gov.my';
  if (url.hostname === 'api.myinvois.hasil.gov.my') return 'https://myinvois.hasil.gov.my';
  return null;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]!.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute https address such as https://preprod-api.myinvois.hasil.gov.my, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must start with https://, not "${value}"`);
  return value.replace(/\/+$/, '');
}

export function einvoiceProviderFromEnv(name: string, options: EinvoiceProviderOptions, env: NodeJS.ProcessEnv = process.env): EinvoiceProvider {
  if (name === 'local') {
    const double = createMyInvoisDouble({
      clients: [{ ...LOCAL_CLIENT, tin: options.sellerTin, ...(options.sellerName ? { name: options.sellerName } : {}) }],
      portalBase: options.portalBase ?? LOCAL_PORTAL_PATH,
      ...(options.validationDelayMs !== undefined ? { validationDelayMs: options.validationDelayMs } : {}),
      ...(options.verifySignature ? { verifySignature: options.verifySignature } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.db ? { db: options.db } : {}),
    });
    return {
      name: 'local',
      client: createMyInvoisClient({ baseUrl: LOCAL_BASE, ...LOCAL_CLIENT, fetch: inProcessFetch(double), ...(options.clock ? { now: options.clock } : {}), ...options.client }),
      portalBase: double.settings.portalBase,
      signing: { certPath: path.join(DEMO_DIR, 'demo-signing-cert.pem'), keyPath: path.join(DEMO_DIR, 'demo-signing-key.pem') },
      double,
    };
  }
  if (name === 'myinvois') {
    const missing = REQUIRED.filter((variable) => !env[variable]?.trim());
    if (missing.length > 0) throw new Error(`EINVOICE_PROVIDER=myinvois needs ${missing.join(', ')}`);
    const baseUrl = httpUrl(env, 'MYINVOIS_BASE_URL');
    const identityUrl = env.MYINVOIS_IDENTITY_URL?.trim() ? httpUrl(env, 'MYINVOIS_IDENTITY_URL') : baseUrl;
    const portalBase = env.MYINVOIS_PORTAL_URL?.trim() ? httpUrl(env, 'MYINVOIS_PORTAL_URL') : portalFor(baseUrl);
    if (!portalBase) throw new Error(`MYINVOIS_PORTAL_URL is needed: no known MyInvois portal for MYINVOIS_BASE_URL ${baseUrl}`);
    return {
      name: 'myinvois',
      client: createMyInvoisClient({ baseUrl, identityUrl, clientId: env.MYINVOIS_CLIENT_ID!.trim(), clientSecret: env.MYINVOIS_CLIENT_SECRET!.trim(), ...options.client }),
      portalBase,
      signing: { certPath: env.MYINVOIS_CERT_PATH!.trim(), keyPath: env.MYINVOIS_KEY_PATH!.trim() },
    };
  }
  throw new Error(`Unknown EINVOICE_PROVIDER "${name}": use local or myinvois`);
}
