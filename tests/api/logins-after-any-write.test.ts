import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

// A login may be answered from memory (on PGlite): whatever changes a session or its user, in
// whatever SQL, the very next call sees the change.

const INFO = '/api/app/user/info';
const LOGOUT = '/api/app/user/logout';

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
  // Asked twice: the second answer may come from memory.
  for (let i = 0; i < 2; i++) expect((await api.request(INFO, {}, { userKey })).code).toBe(200);
});

const info = () => api.request(INFO, {}, { userKey });

describe('a login after a write in SQL', () => {
  test('a session revoked in SQL is refused at once (800)', async () => {
    await api.db.execute(sql`update sessions set revoked_at = now()`);
    expect((await info()).code).toBe(800);
  });

  test('a session expired in SQL is refused at once (708)', async () => {
    await api.db.execute(sql`update sessions set expires_at = ${new Date(api.now().getTime() - 60_000)}`);
    expect((await info()).code).toBe(708);
  });

  test('a session deleted, or all of them truncated, is refused at once (708)', async () => {
    await api.db.execute(sql`delete from sessions`);
    expect((await info()).code).toBe(708);
    ({ userKey } = await api.login('0125550000'));
    for (let i = 0; i < 2; i++) expect((await info()).code).toBe(200);
    await api.db.execute(sql`truncate sessions`);
    expect((await info()).code).toBe(708);
  });

  test('a name changed in SQL shows in the next answer', async () => {
    await api.db.execute(sql`update users set name = 'Aminah'`);
    expect((await info()).data.name).toBe('Aminah');
  });

  test('after logging out, the key is refused at once, and another customer’s key still works', async () => {
    const other = await api.login('0129876543');
    expect((await api.request(INFO, {}, { userKey: other.userKey })).code).toBe(200);
    expect((await api.request(LOGOUT, {}, { userKey })).code).toBe(200);
    expect((await info()).code).toBe(800);
    expect((await api.request(INFO, {}, { userKey: other.userKey })).data.phone).toBe('+60129876543');
  });
});
