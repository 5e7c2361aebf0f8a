import { FetchError, ofetch } from 'ofetch';
import type { Call, RequestOf, ResponseOf } from '../../contract/call.ts';
import type { Endpoint } from './endpoints.ts';
import { Code, type Envelope } from '../../contract/codes.ts';
import { languageHeader } from '../../contract/language.ts';
import { dictionary, fill, href, localeOfPath } from '../i18n/index.ts';
import { $session, clearSession } from '../stores/user.ts';
import { $timeoutAlert, askToLogIn, notify } from '../stores/ui.ts';
import { deviceId } from './device.ts';
import { classify, NETWORK_ERROR_MS, SESSION_NOTICE_MS } from './error-catalogue.ts';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const APP_CHANNEL = '8';
export const APP_VERSION = '1.3.8';

/** A call that did not succeed; `message` is already worded for the customer. */
export class ApiFailure extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

export interface CallOptions {
  /** Do not show warnings and errors: the caller shows them in place. Session expiry is still handled. */
  quiet?: boolean;
  /** Do not run the session-expiry flow on 708/800 (logging out handles that itself). */
  keepSession?: boolean;
}

const currentLocale = () => localeOfPath(location.pathname);

function headers(userKey: string) {
  return {
    userKey,
    Authorization: userKey,
    identify: deviceId(),
    channel: APP_CHANNEL,
    version: APP_VERSION,
    // Part of the spec's header set, left empty: a hash would need crypto.subtle, which
    // browsers offer only on secure origins, and the shop must work at http://192.168.x.x too.
    signature: '',
    language: languageHeader(currentLocale()),
    sys: '10',
    type: 'pc',
    'Content-Type': 'application/json',
  };
}

/** Calls one contract path and applies the error catalogue (spec §8) to what comes back. */
export async function callApi<C extends Call>(call: Endpoint<C>, body: RequestOf<C> | FormData, options: CallOptions = {}): Promise<ResponseOf<C>> {
  const locale = currentLocale();
  const t = dictionary(locale).errors;
  const userKey = $session.get()?.userKey ?? '';
  const path = `/api${call.path}`;
  // The one multipart call (app/upload/image) sends a form; the browser sets its content type.
  const form = typeof FormData !== 'undefined' && body instanceof FormData ? body : null;
  const sent = form ?? JSON.stringify(body ?? {});
  const sentHeaders: Record<string, string> = headers(userKey);
  if (form) delete sentHeaders['Content-Type'];
  let envelope: Envelope<ResponseOf<C>>;
  try {
    envelope = await ofetch<Envelope<ResponseOf<C>>>(path, {
      method: 'POST',
      body: sent,
      headers: sentHeaders,
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
    });
  } catch (err) {
    const timedOut = err instanceof FetchError && (err.cause as Error | undefined)?.name === 'TimeoutError';
    if (timedOut || (err instanceof FetchError && err.statusCode === 408)) {
      $timeoutAlert.set(true);
      throw new ApiFailure(Code.TIMEOUT, t.timeout);
    }
    const text = fill(t.network, { message: (err as Error).message });
    if (!options.quiet) notify('error', text, { ms: NETWORK_ERROR_MS });
    throw new ApiFailure(0, text);
  }
  const outcome = classify(envelope.code, envelope.msg, userKey !== '', t);
  if (options.keepSession && (outcome.kind === 'sessionExpired' || outcome.kind === 'needLogin')) {
    throw new ApiFailure(envelope.code, outcome.reason);
  }
  switch (outcome.kind) {
    case 'ok':
      return envelope.data;
    case 'sessionExpired':
      notify('warning', outcome.notice, { ms: SESSION_NOTICE_MS });
      clearSession();
      setTimeout(() => location.assign(href(locale, 'home')), SESSION_NOTICE_MS);
      throw new ApiFailure(envelope.code, outcome.reason);
    case 'needLogin':
      askToLogIn(location.pathname + location.search);
      throw new ApiFailure(envelope.code, outcome.reason);
    case 'timeout':
      $timeoutAlert.set(true);
      throw new ApiFailure(envelope.code, outcome.text);
    case 'warning':
      if (!options.quiet) notify('warning', outcome.text);
      throw new ApiFailure(envelope.code, outcome.text, envelope.data);
    case 'error':
      if (!options.quiet) notify('error', outcome.text);
      throw new ApiFailure(envelope.code, outcome.text, envelope.data);
  }
}
