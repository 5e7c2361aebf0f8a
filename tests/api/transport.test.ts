import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const SEND = '/api/app/user/send/sms';
const DICTIONARY = '/api/user/dictionary/dictionary-info';

/** The calls this change mounts; the OpenAPI test below checks against what is really mounted. */
const KNOWN_PATHS = [
  '/api/app/user/send/sms',
  '/api/app/user/client-login',
  '/api/app/user/info',
  '/api/app/user/logout',
  '/api/app/user/home/banner',
  '/api/user/dictionary/dictionary-info',
];

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

/** A POST with exactly these headers and body, answered as the envelope. */
async function post(path: string, body: BodyInit | undefined, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  const res = await api.fetch(path, { method: 'POST', headers, body });
  expect(res.status).toBe(200);
  return res.json();
}

describe('paths and methods', () => {
  test('an unknown path: 404 Resource does not exist', async () => {
    expect(await api.request('/api/app/user/register', {})).toEqual({ code: 404, msg: 'Resource does not exist', data: null });
  });

  test('a GET on an unknown path: 404', async () => {
    const res = await api.fetch('/api/app/order/vehicle/nothing-here');
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe(404);
  });

  test('the 404 message in Chinese', async () => {
    const answer = await api.request('/api/app/user/register', {}, { language: 'zh_cn' });
    expect(answer.msg).toBe('访问资源不存在');
  });

  test.each(['/api/%E0%A4%A', '/api/%', '/api/app/user/send/%zz', '/api/app/user/send/sms%'])(
    'a malformed escape in %s: 404 in the envelope',
    async (path) => {
      for (const method of ['GET', 'POST']) {
        const res = await api.fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ code: 404, msg: 'Resource does not exist', data: null });
      }
    },
  );

  test('a trailing slash is another path: 404', async () => {
    expect((await api.request(`${SEND}/`, { phone: '0123456789' })).code).toBe(404);
  });

  test.each(['GET', 'PUT', 'PATCH', 'DELETE'])('%s on a call: 405 asking for POST', async (method) => {
    const res = await api.fetch(SEND, { method });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 405, msg: 'Use POST for this call.', data: null });
  });

  test('every answer is JSON with HTTP 200', async () => {
    const res = await api.fetch('/api/nowhere', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('the request body', () => {
  test('malformed JSON: 400', async () => {
    expect(await post(SEND, '{"phone": "0123456789"')).toEqual({ code: 400, msg: 'The request body is not valid JSON.', data: null });
  });

  test.each([
    ['an array', '["0123456789"]'],
    ['a number', '60123456789'],
    ['a string', '"0123456789"'],
    ['null', 'null'],
    ['true', 'true'],
  ])('%s instead of an object: 400', async (_what, body) => {
    expect(await post(SEND, body)).toEqual({ code: 400, msg: 'The request body must be a JSON object.', data: null });
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'Content-Type %s: 415',
    async (type) => {
      const answer = await post(SEND, 'phone=0123456789', { 'Content-Type': type });
      expect(answer).toEqual({ code: 415, msg: 'The request body must be JSON (Content-Type: application/json).', data: null });
    },
  );

  test('application/json with a charset is JSON', async () => {
    const answer = await post(SEND, '{"phone":"0123456789"}', { 'Content-Type': 'application/json; charset=utf-8' });
    expect(answer.code).toBe(200);
  });

  test('a JSON body without any Content-Type is read as JSON', async () => {
    const answer = await post(SEND, new TextEncoder().encode('{"phone":"0123456789"}'), {});
    expect(answer.code).toBe(200);
  });

  test('a body over 64 KB: 413', async () => {
    const body = JSON.stringify({ phone: '0123456789', filler: 'x'.repeat(64 * 1024) });
    expect(await post(SEND, body)).toEqual({ code: 413, msg: 'The request body is too large (at most 64 KB).', data: null });
  });

  test('a declared Content-Length over 64 KB: 413 without reading the body', async () => {
    const answer = await post(SEND, '{}', { 'Content-Type': 'application/json', 'Content-Length': String(65 * 1024) });
    expect(answer.code).toBe(413);
  });

  test('a streamed body with no declared length is cut off past 64 KB: 413', async () => {
    const piece = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Endless unless the server stops reading.
        sent += 1;
        controller.enqueue(piece);
        if (sent > 1000) controller.close();
      },
    });
    const response = await api.fetch(SEND, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(await response.json()).toEqual({ code: 413, msg: 'The request body is too large (at most 64 KB).', data: null });
    expect(sent).toBeLessThan(10);
  });

  test('a body of exactly 64 KB is read', async () => {
    const head = '{"phone":"0123456789","filler":"';
    const body = head + 'x'.repeat(64 * 1024 - head.length - 2) + '"}';
    expect(body.length).toBe(64 * 1024);
    const answer = await post(SEND, body);
    expect(answer).toEqual({ code: 400, msg: 'filler is not a field of this call.', data: { field: 'filler' } });
  });

  test('the 413 message in Malay', async () => {
    const answer = await post(SEND, JSON.stringify({ filler: 'x'.repeat(70_000) }), { 'Content-Type': 'application/json', language: 'ms_my' });
    expect(answer.msg).toBe('Kandungan permintaan terlalu besar (maksimum 64 KB).');
  });
});

describe('fields', () => {
  test('a field of the wrong type: 400 naming the field and the type wanted', async () => {
    const answer = await api.request(SEND, { phone: 60123456789 });
    expect(answer).toEqual({ code: 400, msg: 'phone must be text.', data: { field: 'phone' } });
  });

  test('a number below its minimum: 400 saying the minimum', async () => {
    const answer = await api.request('/api/user/dictionary/dictionary-info', { companyId: -1, dictionaryId: 'CITY' });
    expect(answer).toEqual({ code: 400, msg: 'companyId must be at least 0.', data: { field: 'companyId' } });
  });

  test('a field the call does not have: 400 naming it', async () => {
    const answer = await api.request(SEND, { phone: '0123456789', email: 'aminah@example.com.my' });
    expect(answer).toEqual({ code: 400, msg: 'email is not a field of this call.', data: { field: 'email' } });
  });

  test('the unknown-field message in Chinese', async () => {
    const answer = await api.request(SEND, { phone: '0123456789', email: 'x' }, { language: 'zh_cn' });
    expect(answer.msg).toBe('email 不是此接口的字段。');
  });

  test('a __proto__ key is just an unknown field', async () => {
    const answer = await post(SEND, '{"__proto__":{"admin":true},"phone":"0123456789"}');
    expect(answer).toEqual({ code: 400, msg: '__proto__ is not a field of this call.', data: { field: '__proto__' } });
  });
});

describe('headers', () => {
  test.each([
    ['zh-CN', '请输入手机号码以获取验证码登录'],
    ['ms', 'Masukkan nombor telefon anda untuk log masuk dengan OTP'],
    ['fr_fr', 'Enter your phone number to get otp login'],
    ['', 'Enter your phone number to get otp login'],
  ])('language %j', async (language, msg) => {
    const answer = await api.request(SEND, { phone: '' }, { language });
    expect(answer.msg).toBe(msg);
  });

  // The header is part of the client's header set, but its value is the client's own business.
  test('a request signed for another body is served', async () => {
    const signature = createHash('sha256').update(`${SEND}\n{"phone":"0198765432"}`).digest('hex');
    const answer = await api.request(SEND, { phone: '0123456789', type: 'login' }, { headers: { signature } });
    expect(answer.code).toBe(200);
    expect(api.lastCode('0123456789')).toMatch(/^\d{6}$/);
  });

  test.each([
    ['any other text', 'not-a-hash'],
    ['an empty signature', ''],
  ])('a signature of %s is served', async (_what, signature) => {
    const answer = await api.request(SEND, { phone: '0123456789' }, { headers: { signature } });
    expect(answer.code).toBe(200);
  });

  test('a request without a signature is served', async () => {
    const answer = await api.request('/api/user/dictionary/dictionary-info', { dictionaryId: 'CITY' });
    expect(answer.code).toBe(200);
  });
});

describe('never a 500', () => {
  const badBodies: [string, BodyInit, Record<string, string>][] = [
    ['malformed JSON', '{"phone":', { 'Content-Type': 'application/json' }],
    ['an array', '[1,2,3]', { 'Content-Type': 'application/json' }],
    ['a number', '42', { 'Content-Type': 'application/json' }],
    ['null', 'null', { 'Content-Type': 'application/json' }],
    ['form data', 'phone=0123456789', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['too large', `{"x":"${'y'.repeat(70_000)}"}`, { 'Content-Type': 'application/json' }],
    ['deeply nested arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`, { 'Content-Type': 'application/json' }],
    ['deeply nested objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, { 'Content-Type': 'application/json' }],
    ['wrong types everywhere', '{"phone":[],"code":{},"type":7,"model":false,"dictionaryId":null,"companyId":"1"}', { 'Content-Type': 'application/json' }],
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), { 'Content-Type': 'application/json' }],
    ['a hostile key and an unknown field', '{"surprise":1}', { 'Content-Type': 'application/json', Authorization: "' or 1=1 --" }],
  ];

  test.each(KNOWN_PATHS)('%s refuses every bad request with a code and a message', async (path) => {
    for (const [what, body, headers] of badBodies) {
      const res = await api.fetch(path, { method: 'POST', headers, body });
      expect(res.status, what).toBe(200);
      const answer = await res.json();
      expect(answer.code, what).not.toBe(500);
      expect(answer.code, what).not.toBe(200);
      expect(answer.msg, what).not.toBe('');
    }
  });
});

describe('the OpenAPI document', () => {
  async function document() {
    const res = await api.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    return res.json();
  }

  test('is served at GET /api/openapi.json as OpenAPI 3.1', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Servauto API');
  });

  test('lists every mounted call with POST, and nothing else', async () => {
    const doc = await document();
    // Not calls: payment providers' and Twilio's callbacks (answered in the provider's own format, orders
    // docs/contracts/shop.md §3, running-the-business.md §3), the sandbox gateway's own pages, and the operations' routes (listed apart below).
    const notCalls = (path: string) => !path.startsWith('/api/') || path.startsWith('/api/pay/callback/') || path.startsWith('/api/messages/twilio/') || path.startsWith('/api/ops/');
    const mounted = api.routes.filter((r) => r.method === 'POST' && !notCalls(r.path)).map((r) => r.path);
    const calls = Object.keys(doc.paths).filter((path) => !path.startsWith('/api/ops/'));
    expect(calls.sort()).toEqual([...new Set(mounted)].sort());
    for (const path of calls) expect(Object.keys(doc.paths[path])).toEqual(['post']);
    // The operations' routes in the document: publishing the content, with its bearer token.
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/ops/')).map((path) => `${Object.keys(doc.paths[path]).join()} ${path}`).sort()).toEqual([
      'get /api/ops/content/status',
      'post /api/ops/content/publish',
    ]);
    expect(doc.paths['/api/ops/content/publish'].post.security).toEqual([{ operationsToken: [] }]);
  });

  test('includes the login, home and dictionary calls', async () => {
    const doc = await document();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(KNOWN_PATHS));
  });

  test('every listed path answers POST', async () => {
    const doc = await document();
    for (const path of Object.keys(doc.paths).filter((p) => !p.startsWith('/api/ops/'))) {
      const answer = await api.request(path, {});
      expect([404, 405], `${path} answered ${answer.code}`).not.toContain(answer.code);
    }
  });

  test('marks the calls that need login', async () => {
    const doc = await document();
    expect(doc.paths['/api/app/user/info'].post.security).toEqual([{ userKey: [] }]);
    expect(doc.paths[SEND].post.security).toEqual([]);
  });

  test('describes the request body from the contract', async () => {
    const doc = await document();
    const schema = doc.paths[DICTIONARY].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['dictionaryId']);
    expect(schema.additionalProperties).toBe(false);
  });
});
