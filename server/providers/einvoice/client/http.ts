import { failure, success, type LhdnErrorDetail, type MyInvoisError, type Result } from './types.ts';

/**
 * Talks to MyInvois: one login shared by every call until shortly before its token expires (and
 * by callers who ask at the same time), one fresh login and one retry on 401, and 429 waited
 * out when its Retry-After is short enough, otherwise reported with the seconds to wait.
 */

export interface HttpSettings {
  /** The API's base, e.g. https://preprod-api.myinvois.hasil.gov.my. */
  baseUrl: string;
  /** The identity service's base (the real service may have its own); defaults to baseUrl. */
  identityUrl?: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The longest Retry-After waited before retrying; longer ones are reported (default 30 s). */
  maxRetryAfterSeconds?: number;
  /** How long one call may take, answer included, before it counts as a time-out (default 60 s). */
  requestTimeoutMs?: number;
  /** Log in again this long before the token expires (default 60 s, at most half its life). */
  tokenMarginSeconds?: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const MAX_WAITS = 3;

/** `Retry-After` as seconds (a number or an HTTP date). */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** LHDN's error body (`{error: {code, message, …}}`, the older `errorCode`/`error` names, or OAuth's). */
async function errorOf(response: Response, kind: MyInvoisError['kind'], now: number): Promise<MyInvoisError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; error_description?: string } | null;
  const raw = body?.error;
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'), now);
  const base = { kind, status: response.status, ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) };
  if (raw && typeof raw === 'object') {
    const e = raw as Record<string, unknown>;
    const details = (e.details ?? e.innerError) as LhdnErrorDetail[] | null | undefined;
    return {
      ...base,
      code: String(e.code ?? e.errorCode ?? ''),
      message: String(e.message ?? e.error ?? `MyInvois answered ${response.status}`),
      ...(Array.isArray(details) ? { details } : {}),
    };
  }
  if (typeof raw === 'string') return { ...base, code: raw, message: body?.error_description ?? raw };
  return { ...base, message: `MyInvois answered ${response.status}` };
}

function kindOf(status: number, code: string | undefined): MyInvoisError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 422 && code === 'DuplicateSubmission') return 'duplicate-submission';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

export class MyInvoisHttp {
  private readonly settings: HttpSettings;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private token: { value: string; renewAt: number } | null = null;
  private login: Promise<Result<string>> | null = null;
  /** How many logins this client made (one per token, whatever the number of calls). */
  logins = 0;

  constructor(settings: HttpSettings) {
    this.settings = settings;
    this.fetch = settings.fetch ?? globalThis.fetch;
    this.now = settings.now ?? Date.now;
    this.sleep = settings.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** A 429's wait, when short enough to wait here. */
  private async waitOut(response: Response, attempt: number): Promise<boolean> {
    const seconds = retryAfterSeconds(response.headers.get('retry-after'), this.now()) ?? 1;
    if (attempt >= MAX_WAITS || seconds > (this.settings.maxRetryAfterSeconds ?? 30)) return false;
    await this.sleep(seconds * 1000);
    return true;
  }

  /** The answer, or why there was none (no instanceof Response: servers may replace the global class). */
  private async send(url: string, init: RequestInit): Promise<{ response: Response } | { error: MyInvoisError }> {
    const limitMs = this.settings.requestTimeoutMs ?? 60_000;
    try {
      // A call MyInvois never answers ends as a time-out: the job's next try looks for what it may have received.
      return { response: await this.fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(limitMs) }) };
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') return { error: { kind: 'timeout', message: `MyInvois did not answer within ${limitMs < 1000 ? `${limitMs} ms` : `${Math.round(limitMs / 1000)} s`}` } };
      return { error: { kind: 'unavailable', message: `MyInvois could not be reached: ${(err as Error).message}` } };
    }
  }

  private async logIn(): Promise<Result<string>> {
    const url = `${trimSlash(this.settings.identityUrl ?? this.settings.baseUrl)}/connect/token`;
    const form = new URLSearchParams({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, grant_type: 'client_credentials', scope: 'InvoicingAPI' });
    for (let attempt = 0; ; attempt++) {
      const sent = await this.send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
      if ('error' in sent) return failure(sent.error);
      const { response } = sent;
      if (response.status === 429 && (await this.waitOut(response, attempt))) continue;
      if (!response.ok) {
        const kind = response.status === 429 ? 'rate-limited' : response.status >= 500 ? 'unavailable' : 'credentials-refused';
        return failure(await errorOf(response, kind, this.now()));
      }
      const body = (await response.json()) as { access_token: string; expires_in: number };
      const life = Number(body.expires_in) * 1000;
      const margin = Math.min((this.settings.tokenMarginSeconds ?? 60) * 1000, life / 2);
      this.token = { value: body.access_token, renewAt: this.now() + life - margin };
      this.logins++;
      return success(body.access_token);
    }
  }

  /** The cached token, or one login shared by everyone asking now. */
  private accessToken(fresh = false): Promise<Result<string>> {
    if (!fresh && this.token && this.now() < this.token.renewAt) return Promise.resolve(success(this.token.value));
    this.login ??= this.logIn().finally(() => {
      this.login = null;
    });
    return this.login;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<Result<T>> {
    const url = `${trimSlash(this.settings.baseUrl)}${path}`;
    let relogged = false;
    let token = await this.accessToken();
    for (let attempt = 0; ; attempt++) {
      if (!token.ok) return token;
      const sent = await this.send(url, {
        method,
        headers: { authorization: `Bearer ${token.value}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if ('error' in sent) return failure(sent.error);
      const { response } = sent;
      if (response.status === 401 && !relogged) {
        relogged = true;
        if (this.token?.value === token.value) this.token = null;
        token = await this.accessToken(true);
        continue;
      }
      if (response.status === 429 && (await this.waitOut(response, attempt))) continue;
      if (!response.ok) {
        const error = await errorOf(response, 'refused', this.now());
        return failure({ ...error, kind: kindOf(response.status, error.code) });
      }
      return success((await response.json()) as T);
    }
  }
}
