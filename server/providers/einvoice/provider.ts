import { createMyInvoisClient, type MyInvoisClient } from './client.ts';
import type { HttpSettings } from './client/http.ts';
import type { Db } from '../../db/client.ts';
import { needsDoubles, type Doubles } from '../../doubles.ts';

/**
 * EINVOICE_PROVIDER=local (the default): the project's own MyInvois double (dev/doubles/myinvois/,
 * handed in by `npm start` and the tests; a production start has none), in this process,
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
}

/** A signature check the local double runs on a submitted document (the parsed UBL JSON). */
export type SignatureVerifier = (document: unknown) => { ok: true } | { ok: false; reason: string };

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

export function einvoiceProviderFromEnv(name: string, options: EinvoiceProviderOptions, env: NodeJS.ProcessEnv = process.env, doubles: Doubles | null = null): EinvoiceProvider {
  if (name === 'local') {
    const local = doubles?.einvoice(name, options);
    if (!local) throw needsDoubles('EINVOICE_PROVIDER=local (the MyInvois double)');
    return local;
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
