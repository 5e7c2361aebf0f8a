import type { Call, RequestOf, ResponseOf } from '../../contract/call.ts';
import type { Endpoint } from './endpoints.ts';
import { Code, type Envelope } from '../../contract/codes.ts';
import { languageHeader } from '../../contract/rules/language.ts';
import { dictionary, fill, href, localeOfPath } from '../i18n/index.ts';
import { $session, clearSession } from '../stores/user.ts';
import { $timeoutAlert, askToLogIn, notify } from '../stores/ui.ts';
import { deviceId } from './device.ts';
import { classify, NETWORK_ERROR_MS, SESSION_NOTICE_MS } from './error-catalogue.ts';

/** docs/contracts/shop.md §9. */
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

/** The spec's header set; Content-Type is set for a JSON body and left to the browser for a form. */
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
  };
}

const errorTexts = () => dictionary(currentLocale()).errors;

function timedOut(): never {
  $timeoutAlert.set(true);
  throw new ApiFailure(Code.TIMEOUT, errorTexts().timeout);
}

/** No answer, or an HTTP error without the envelope (a proxy's 502…): worded with what went wrong. */
function networkFailure(options: CallOptions, path: string, what: string): never {
  const text = fill(errorTexts().network, { message: `[POST] "${path}": ${what}` });
  if (!options.quiet) notify('error', text, { ms: NETWORK_ERROR_MS });
  throw new ApiFailure(0, text);
}

/** The error catalogue (docs/contracts/shop.md §8) applied to an answer's envelope: success passes, anything else is shown and thrown. */
function applyCatalogue(options: CallOptions, envelope: Envelope<unknown>, withSession: boolean) {
  const locale = currentLocale();
  const outcome = classify(envelope.code, envelope.msg, withSession, dictionary(locale).errors);
  if (options.keepSession && (outcome.kind === 'sessionExpired' || outcome.kind === 'needLogin')) {
    throw new ApiFailure(envelope.code, outcome.reason);
  }
  switch (outcome.kind) {
    case 'ok':
      return;
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

/**
 * Calls one contract path, as the shop's API wants every call: a POST under /api with the
 * spec's headers, a JSON body (or the one multipart call's form, app/upload/image, whose
 * content type the browser sets), two minutes to answer, never retried (a payment or an order
 * must not go twice), and what comes back through the error catalogue in one place. Fails
 * with an ApiFailure already worded for the customer. The browser's own fetch: a page carries
 * no HTTP library.
 */
export async function callApi<C extends Call>(call: Endpoint<C>, body: RequestOf<C> | FormData, options: CallOptions = {}): Promise<ResponseOf<C>> {
  const path = `/api${call.path}`;
  const userKey = $session.get()?.userKey ?? '';
  const form = body instanceof FormData;
  const sent = new Headers(headers(userKey));
  sent.set('accept', 'application/json');
  if (!form) sent.set('content-type', 'application/json');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException('The call took too long', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  let response: Response | undefined;
  let envelope: Envelope<ResponseOf<C>>;
  try {
    response = await fetch(path, { method: 'POST', headers: sent, body: form ? body : JSON.stringify(body ?? {}), signal: abort.signal });
    if (!response.ok) {
      if (response.status === Code.TIMEOUT) timedOut();
      networkFailure(options, path, `${response.status} ${response.statusText}`.trim());
    }
    envelope = (await response.json()) as Envelope<ResponseOf<C>>;
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    if (err instanceof Error && err.name === 'TimeoutError') timedOut();
    const reason = err instanceof Error ? err.message : String(err);
    // An answer that is not the envelope (a proxy's page) is as good as none.
    networkFailure(options, path, response ? `${response.status} ${reason}` : `<no response> ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  applyCatalogue(options, envelope, userKey !== '');
  return envelope.data;
}
