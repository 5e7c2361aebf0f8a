import type { Envelope } from '../../contract/codes.ts';
import { $session } from '../stores/user.ts';
import { applyCatalogue, headers, networkFailure, REQUEST_TIMEOUT_MS, timedOut, type CallOptions } from './api.ts';

// Apart from api.ts, which every page carries: only a dialog that downloads a file loads this.

/** The name in `Content-Disposition: attachment; filename="…"` (the browser keeps a path out of it), or null. */
export const attachmentName = (disposition: string | null): string | null => (disposition && /filename="([^"]+)"/.exec(disposition)?.[1]) || null;

/**
 * A file the API answers to a GET with the customer's key (the customer's data,
 * docs/contracts/running-the-business.md §5): its bytes and the name the server gave it
 * (`fallbackName` when none). A refusal comes in the envelope, with an HTTP status a tool
 * understands (401, 429), and goes through the error catalogue as a call's would: the session
 * expiry flow on 708/800, the warning's words on 807. Two minutes to answer, never retried.
 */
export async function fetchFile(path: string, fallbackName: string, options: CallOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const url = `/api${path}`;
  const userKey = $session.get()?.userKey ?? '';
  const failed = (what: string): never => networkFailure(options, url, what, 'GET');
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', headers: new Headers(headers(userKey)), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (response.ok) return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) ?? fallbackName };
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') timedOut();
    return failed(`<no response> ${err instanceof Error ? err.message : String(err)}`);
  }
  const status = `${response.status} ${response.statusText}`.trim();
  // An answer that is not the envelope (a proxy's page) is as good as none.
  const envelope = (await response.json().catch(() => failed(status))) as Envelope<unknown>;
  applyCatalogue(options, envelope, userKey !== '');
  // An envelope that says OK with an HTTP error is no file.
  return failed(status);
}
