import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { downloadMyData } from '../../../src/islands/account/MyData.tsx';
import { attachmentName } from '../../../src/lib/file-download.ts';
import { $notices } from '../../../src/stores/ui.ts';
import { $session, type Session } from '../../../src/stores/user.ts';

/**
 * "Download my data" in the Me dialog (docs/contracts/running-the-business.md §5): the file is fetched with a
 * GET and the customer's key, and saved under the name the server gave it; a refusal is shown
 * as any call's is, in the server's words.
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
  test("GETs the file with the customer's key and the page's language, and saves it under the server's name", async () => {
    const document = JSON.stringify({ format: 'servauto-export-1', orders: [] });
    reply = async () =>
      new Response(document, { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="servauto-export-2025-06-02.json"' } });
    await downloadMyData(save);
    await vi.waitFor(() => expect(saved).toEqual([{ text: document, filename: 'servauto-export-2025-06-02.json' }]));
    expect(sent[0]!.url).toBe('/api/app/user/data/export.json');
    expect(sent[0]!.init.method).toBe('GET');
    const headers = new Headers(sent[0]!.init.headers);
    expect([headers.get('Authorization'), headers.get('language')]).toEqual(['key-1', 'ms_my']);
  });

  test("the 4th within the hour: the server's words as a warning, as for any call, and nothing saved", async () => {
    const words = 'Anda boleh memuat turun data anda paling banyak 3 kali sejam. Anda boleh memuat turunnya lagi dalam 30 minit.';
    reply = envelope(429, 807, words, { retryAt: '2025-06-02T03:00:00.000Z' });
    await downloadMyData(save);
    expect($notices.get().map((n) => [n.kind, n.text])).toEqual([['warning', words]]);
    expect(saved).toEqual([]);
  });

  test('a session that expired: the session is cleared and the customer sent home, as for any call', async () => {
    vi.useFakeTimers();
    reply = envelope(401, 708, 'expired');
    await downloadMyData(save);
    expect($session.get()).toBeNull();
    expect($notices.get()[0]!.kind).toBe('warning');
    vi.advanceTimersByTime(5000);
    expect(assign).toHaveBeenCalledWith('/pc/ms/home');
  });

  test("a proxy's error page is a network failure, named with the GET", async () => {
    reply = async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } });
    await downloadMyData(save);
    expect($notices.get().map((n) => [n.kind, n.text])).toEqual([['error', 'Ralat rangkaian: [GET] "/api/app/user/data/export.json": 502 Bad Gateway']]);
    expect(saved).toEqual([]);
  });

  test('the file name comes from Content-Disposition', () => {
    expect(attachmentName('attachment; filename="servauto-export-2025-06-02.json"')).toBe('servauto-export-2025-06-02.json');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
