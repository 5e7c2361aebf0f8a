import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiFailure, callApi, REQUEST_TIMEOUT_MS } from '../../../src/lib/api.ts';
import { sendSms, userInfo } from '../../../src/lib/endpoints.ts';
import { uploadImage } from '../../../src/lib/order-endpoints.ts';
import { $loginDialog, $notices, $timeoutAlert } from '../../../src/stores/ui.ts';
import { $session, type Session } from '../../../src/stores/user.ts';

/**
 * The site's API client with the network replaced: what it sends, and what the customer sees
 * for each kind of answer (docs/contracts/shop.md §8: 708/800, 807, 408, network errors).
 */

const session: Session = {
  userKey: 'key-1',
  user: { id: '1', name: 'Aina', realName: '', phone: '+60123456789', avatar: '', useType: 1, companyId: 0, createdAt: '2026-01-01T00:00:00Z' },
};

let sent: { url: string; init: RequestInit }[] = [];
let reply: (init: RequestInit) => Promise<Response>;
const envelope = (code: number, msg: string, data: unknown = null) => async () =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });
const assign = vi.fn();

beforeEach(() => {
  sent = [];
  assign.mockReset();
  vi.stubGlobal('location', { pathname: '/pc/ms/myorder-status', search: '?status=all', assign });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), init });
    return reply(init);
  });
  $notices.set([]);
  $timeoutAlert.set(false);
  $loginDialog.set({ open: false });
  $session.set(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable(), (err: unknown) => err as ApiFailure);
const header = (name: string) => new Headers(sent[0]!.init.headers).get(name);

describe("the site's API client", () => {
  test('posts JSON under /api with the spec headers and the session key, and answers data', async () => {
    $session.set(session);
    reply = envelope(200, 'OK', { id: '1' });
    expect(await callApi(userInfo, {})).toEqual({ id: '1' });
    expect(sent[0]!.url).toBe('/api/app/user/info');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.body).toBe('{}');
    expect(header('content-type')).toBe('application/json');
    expect(header('userKey')).toBe('key-1');
    expect(header('Authorization')).toBe('key-1');
    expect(header('language')).toBe('ms_my');
    expect(header('channel')).toBe('8');
    expect(header('type')).toBe('pc');
    expect(header('sys')).toBe('10');
  });

  test('sends a form as it is, with the browser choosing its content type', async () => {
    reply = envelope(200, 'OK', { url: '/x' });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.png');
    await callApi(uploadImage, form as never);
    expect(sent[0]!.init.body).toBe(form);
    expect(header('content-type')).toBeNull();
  });

  test('807 is a warning with the server message, shown unless the caller shows it itself', async () => {
    reply = envelope(807, 'Please wait 42 seconds.', { field: 'phone' });
    const err = await failure(callApi(sendSms, { phone: '0123456789' }));
    expect(err).toBeInstanceOf(ApiFailure);
    expect([err.code, err.message, err.data]).toEqual([807, 'Please wait 42 seconds.', { field: 'phone' }]);
    expect($notices.get().map((n) => [n.kind, n.text])).toEqual([['warning', 'Please wait 42 seconds.']]);
    $notices.set([]);
    await failure(callApi(sendSms, { phone: '0123456789' }, { quiet: true }));
    expect($notices.get()).toEqual([]);
  });

  test('708 with a session: the notice, the session cleared, then the home page', async () => {
    vi.useFakeTimers();
    $session.set(session);
    reply = envelope(708, 'expired');
    const err = await failure(callApi(userInfo, {}));
    expect(err.code).toBe(708);
    expect($session.get()).toBeNull();
    expect($notices.get()[0]!.kind).toBe('warning');
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(assign).toHaveBeenCalledWith('/pc/ms/home');
  });

  test('800 without a session asks to log in and comes back to the page', async () => {
    reply = envelope(800, 'revoked');
    expect((await failure(callApi(userInfo, {}))).code).toBe(800);
    expect($loginDialog.get()).toEqual({ open: true, then: '/pc/ms/myorder-status?status=all' });
  });

  test('keepSession leaves the session alone on 708', async () => {
    $session.set(session);
    reply = envelope(708, 'expired');
    expect((await failure(callApi(userInfo, {}, { keepSession: true }))).code).toBe(708);
    expect($session.get()).toEqual(session);
    expect($notices.get()).toEqual([]);
  });

  test('408 in the envelope or as the HTTP status raises the time-out alert', async () => {
    reply = envelope(408, 'late');
    expect((await failure(callApi(userInfo, {}))).code).toBe(408);
    expect($timeoutAlert.get()).toBe(true);
    $timeoutAlert.set(false);
    reply = async () => new Response('late', { status: 408 });
    expect((await failure(callApi(userInfo, {}))).code).toBe(408);
    expect($timeoutAlert.get()).toBe(true);
  });

  test('a call still unanswered after two minutes times out', async () => {
    vi.useFakeTimers();
    reply = (init) =>
      new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject((init.signal as AbortSignal).reason as Error)));
    const pending = failure(callApi(userInfo, {}));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((await pending).code).toBe(408);
    expect($timeoutAlert.get()).toBe(true);
  });

  test('a network failure is code 0 with the reason, shown unless quiet', async () => {
    reply = async () => {
      throw new TypeError('Failed to fetch');
    };
    const err = await failure(callApi(userInfo, {}));
    expect(err.code).toBe(0);
    expect(err.message).toBe('Ralat rangkaian: [POST] "/api/app/user/info": <no response> Failed to fetch');
    expect($notices.get().map((n) => n.kind)).toEqual(['error']);
    $notices.set([]);
    await failure(callApi(userInfo, {}, { quiet: true }));
    expect($notices.get()).toEqual([]);
  });

  test('an HTTP error without the envelope is a network failure too', async () => {
    reply = async () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' });
    const err = await failure(callApi(userInfo, {}));
    expect(err.code).toBe(0);
    expect(err.message).toBe('Ralat rangkaian: [POST] "/api/app/user/info": 502 Bad Gateway');
  });
});
