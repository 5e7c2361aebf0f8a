import { randomBytes } from 'node:crypto';
import { LIMITS, type DoubleClient, type DoubleSettings } from './options.ts';

/**
 * The identity service: client-credentials logins, bearer tokens with a lifetime, and the login
 * limit of 12 a minute per client (the 13th answers 429 with Retry-After).
 */

export type LoginAnswer =
  | { ok: true; token: string; expiresIn: number }
  | { ok: false; status: 400 | 403; error: string; description: string }
  | { ok: false; status: 429; retryAfterSeconds: number };

export class Identity {
  private readonly tokens = new Map<string, { client: DoubleClient; expiresAt: number }>();
  private readonly logins = new Map<string, number[]>();
  private readonly settings: DoubleSettings;

  constructor(settings: DoubleSettings) {
    this.settings = settings;
  }

  login(form: URLSearchParams): LoginAnswer {
    const clientId = form.get('client_id') ?? '';
    const clientSecret = form.get('client_secret') ?? '';
    if (form.get('grant_type') !== 'client_credentials') {
      return { ok: false, status: 400, error: 'unsupported_grant_type', description: 'grant_type must be client_credentials' };
    }
    const scope = form.get('scope');
    if (scope && scope !== 'InvoicingAPI') return { ok: false, status: 400, error: 'invalid_scope', description: `Unknown scope "${scope}"` };
    const client = this.settings.clients.find((c) => c.clientId === clientId);
    if (!client || client.clientSecret !== clientSecret) {
      return { ok: false, status: 403, error: 'invalid_client', description: 'Unknown client or wrong client secret' };
    }
    const now = this.settings.clock();
    const recent = (this.logins.get(clientId) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= LIMITS.loginsPerMinute) {
      this.logins.set(clientId, recent);
      return { ok: false, status: 429, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000)) };
    }
    recent.push(now);
    this.logins.set(clientId, recent);
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { client, expiresAt: now + this.settings.tokenSeconds * 1000 });
    return { ok: true, token, expiresIn: this.settings.tokenSeconds };
  }

  /** The client behind an `Authorization: Bearer …` header, or null when unknown or expired. */
  caller(authorization: string | undefined): DoubleClient | null {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const entry = this.tokens.get(token);
    if (!entry) return null;
    if (this.settings.clock() >= entry.expiresAt) {
      this.tokens.delete(token);
      return null;
    }
    return entry.client;
  }
}
