import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { downloadMyData } from '../../../src/islands/account/MyData.tsx';
import { $notices } from '../../../src/stores/ui.ts';
import { $session, type Session } from '../../../src/stores/user.ts';

/**
 * "Download my data" on the page of the customer's data (docs/contracts/running-the-business.md §5): the
 * document is fetched as any call is, with the customer's key, and saved as the file the GET
 * would give; a refusal is shown as any call's is, in the server's words.
 */

const session: Session = {
  userKey: 'key-1',
  user: { id: '1', name: 'Aina', realName: '', phone: '+60123456789', avatar: '', useType: 1, companyId: 0, createdAt: '2026-01-01T00:00:00Z' },
};

let sent: { url: string; init: RequestInit }[] = [];
let reply: () => Promise<Response>;
const assign = vi.fn();
const saved: { text: string; filename: string }[] = [];
const save = (blob: Blob, filename: string) => {
  void blob.text().then((text) => saved.push({ text, filename }));
};
const envelope = (status: number, code: number, msg: string, data: unknown = null) => async () =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  saved.length = 0;
  assign.mockReset();
  vi.stubGlobal('location', { pathname: '/pc/ms/home', search: '', assign });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), init });
    return reply();
  });
  $notices.set([]);
  $session.set(session);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Download my data', () => {
  test("calls for the document with the customer's key and the page's language, and saves it as a dated file", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T17:30:00Z')); // 01:30 on 2 June in Kuala Lumpur
    const document = { format: 'servauto-export-1', orders: [] };
    reply = envelope(200, 200, 'OK', document);
    await downloadMyData(save);
    await vi.waitFor(() => expect(saved).toEqual([{ text: JSON.stringify(document, null, 2), filename: 'servauto-export-2025-06-02.json' }]));
    expect(sent[0]!.url).toBe('/api/app/user/data/export');
    expect(sent[0]!.init.method).toBe('POST');
    const headers = new Headers(sent[0]!.init.headers);
    expect([headers.get('Authorization'), headers.get('language')]).toEqual(['key-1', 'ms_my']);
  });

  test("the 4th within the hour: the server's words as a warning, as for any call, and nothing saved", async () => {
    const words = 'Anda boleh memuat turun data anda paling banyak 3 kali sejam. Anda boleh memuat turunnya lagi dalam 30 minit.';
    reply = envelope(200, 807, words, { retryAt: '2025-06-02T03:00:00.000Z' });
    await downloadMyData(save);
    expect($notices.get().map((n) => [n.kind, n.text])).toEqual([['warning', words]]);
    expect(saved).toEqual([]);
  });

  test('a session that expired: the session is cleared and the customer sent home, as for any call', async () => {
    vi.useFakeTimers();
    reply = envelope(200, 708, 'expired');
    await downloadMyData(save);
    expect($session.get()).toBeNull();
    expect($notices.get()[0]!.kind).toBe('warning');
    vi.advanceTimersByTime(5000);
    expect(assign).toHaveBeenCalledWith('/pc/ms/home');
  });

  test("a proxy's error page is a network failure, named with the call", async () => {
    reply = async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } });
    await downloadMyData(save);
    expect($notices.get().map((n) => n.kind)).toEqual(['error']);
    expect($notices.get()[0]!.text).toContain('/api/app/user/data/export');
    expect(saved).toEqual([]);
  });
});
