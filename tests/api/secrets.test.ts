import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { serverSecret } from '../../server/db/sync.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { hashOtp } from '../../server/modules/auth/otp.ts';
import { otpCodes, sessions, users } from '../../server/modules/auth/schema.ts';
import { otherCode, startApi, type TestApi } from './harness.ts';

const SEND = '/api/app/user/send/sms';
const LOGIN = '/api/app/user/client-login';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

describe('the login code', () => {
  test('never appears in the answer to send/sms', async () => {
    const answer = await api.request(SEND, { phone: '0123456789', type: 'login' });
    const code = api.lastCode('0123456789')!;
    // The phone number itself could contain the six digits by chance; look past it.
    const text = JSON.stringify(answer).replaceAll('+60123456789', '');
    expect(text).not.toContain(code);
  });

  test('never appears in the answer to a wrong try', async () => {
    await api.request(SEND, { phone: '0123456789' });
    const code = api.lastCode('0123456789')!;
    const answer = await api.request(LOGIN, { phone: '0123456789', code: otherCode(code) });
    expect(JSON.stringify(answer).replaceAll(otherCode(code), '')).not.toContain(code);
  });

  test('is kept only as a keyed hash', async () => {
    await api.request(SEND, { phone: '0123456789' });
    const code = api.lastCode('0123456789')!;
    const rows = await api.db.select().from(otpCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(hashOtp(api.secret, '+60123456789', code));
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  test('no column of otp_codes holds the plain code', async () => {
    await api.request(SEND, { phone: '0123456789' });
    const code = api.lastCode('0123456789')!;
    const [row] = await api.db.select().from(otpCodes);
    for (const [column, value] of Object.entries(row!)) {
      expect(String(value instanceof Date ? value.toISOString() : value), column).not.toBe(code);
    }
    expect(row).toMatchObject({ phone: '+60123456789', clientAddress: '175.139.20.11', wrongTries: 0, usedAt: null });
  });

  test('the same code for another number has another hash', () => {
    expect(hashOtp(api.secret, '+60123456789', '246810')).not.toBe(hashOtp(api.secret, '+60198765432', '246810'));
  });
});

describe('the user key', () => {
  test('sessions keep only its SHA-256', async () => {
    const { userKey } = await api.login('0123456789');
    const rows = await api.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(userKey).digest('hex'));
    for (const [column, value] of Object.entries(rows[0]!)) {
      expect(String(value), column).not.toContain(userKey);
    }
  });

  test('a copy of the token hash is not a key', async () => {
    await api.login('0123456789');
    const [row] = await api.db.select().from(sessions);
    const answer = await api.request('/api/app/user/info', {}, { userKey: row!.tokenHash });
    expect(answer.code).toBe(708);
  });

  test('users are stored with the +60 number', async () => {
    await api.login('0123456789');
    const rows = await api.db.select({ phone: users.phone }).from(users);
    expect(rows).toEqual([{ phone: '+60123456789' }]);
  });
});

describe('the server secret', () => {
  test('is generated once and then the same for every process', async () => {
    const first = await serverSecret(api.db, null);
    const second = await serverSecret(api.db, null);
    expect(second).toBe(first);
    expect(first).toMatch(/^[\w-]{43}$/);
  });

  test('a configured secret wins', async () => {
    expect(await serverSecret(api.db, 'from-SERVAUTO_SECRET')).toBe('from-SERVAUTO_SECRET');
  });

  test('a code checked under another secret does not log in', async () => {
    // Another server on the same database, wrongly configured with a different secret.
    const lines: string[] = [];
    const other = createApi({ db: api.db, indexes: api.indexes, sms: consoleSms((l) => lines.push(l)), secret: 'another-secret', now: () => api.now(), doubles: createDoubles({}) });
    await other.request(SEND, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '0123456789' }),
    });
    const code = lines[0]!.slice(-6);
    const answer = await api.request(LOGIN, { phone: '0123456789', code });
    expect(answer).toMatchObject({ code: 807, msg: 'The code is incorrect. 4 tries left.' });
  });
});
