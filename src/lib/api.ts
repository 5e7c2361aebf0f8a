import { createFetchError, ofetch, type FetchContext, type FetchOptions } from 'ofetch';
import type { Call, RequestOf, ResponseOf } from '../../contract/call.ts';
import type { Endpoint } from './endpoints.ts';
import { Code, type Envelope } from '../../contract/codes.ts';
import { languageHeader } from '../../contract/rules/language.ts';
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

/** The spec's header set; Content-Type is ofetch's for a JSON body and the browser's for a form. */
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
const callOptions = (context: FetchContext) => context.options as CallOptions;

function timedOut(): never {
  $timeoutAlert.set(true);
  throw new ApiFailure(Code.TIMEOUT, errorTexts().timeout);
}

/** No answer, or an HTTP error without the envelope (a proxy's 502…): worded with what went wrong. */
function networkFailure(context: FetchContext): never {
  const text = fill(errorTexts().network, { message: createFetchError(context).message });
  if (!callOptions(context).quiet) notify('error', text, { ms: NETWORK_ERROR_MS });
  throw new ApiFailure(0, text);
}

/** The error catalogue (spec §8) applied to an answer's envelope: success passes, anything else is shown and thrown. */
function applyCatalogue(context: FetchContext, envelope: Envelope<unknown>) {
  const options = callOptions(context);
  const locale = currentLocale();
  const outcome = classify(envelope.code, envelope.msg, context.options.headers.get('userKey') !== '', dictionary(locale).errors);
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
 * The shop's API: every call a POST under /api with the spec's headers, two minutes to answer,
 * never retried (a payment or an order must not go twice), and what comes back through the
 * error catalogue in one place.
 */
const shopApi = ofetch.create({
  baseURL: '/api',
  method: 'POST',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  onRequest({ options }) {
    for (const [name, value] of Object.entries(headers($session.get()?.userKey ?? ''))) options.headers.set(name, value);
  },
  onRequestError(context) {
    if (context.error.name === 'TimeoutError') timedOut();
    networkFailure(context);
  },
  onResponse(context) {
    if (context.response.ok) applyCatalogue(context, context.response._data as Envelope<unknown>);
  },
  onResponseError(context) {
    if (context.response.status === Code.TIMEOUT) timedOut();
    networkFailure(context);
  },
});

/**
 * Calls one contract path: a JSON body, or the one multipart call's form (app/upload/image,
 * whose content type the browser sets). Fails with an ApiFailure already worded for the customer.
 */
export async function callApi<C extends Call>(call: Endpoint<C>, body: RequestOf<C> | FormData, options: CallOptions = {}): Promise<ResponseOf<C>> {
  const request: FetchOptions<'json'> & CallOptions = { body: body ?? {}, ...options };
  const envelope = await shopApi<Envelope<ResponseOf<C>>>(call.path, request);
  return envelope.data;
}
