import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

// A query that fails must be diagnosable from the log without the log keeping what the
// customer sent: phone numbers and key hashes are bound values, not part of the statement.
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.reset();
  await api.close();
});

test('a failed query is logged with its statement and cause, without the values bound to it', async () => {
  await api.db.execute(sql`alter table otp_codes rename to otp_codes_away`);
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
  });
  try {
    const answer = await api.request('/api/app/user/send/sms', { phone: '0123456789', type: 'login' });
    expect(answer.code).toBe(500);
    expect(JSON.stringify(answer)).not.toContain('otp_codes');
  } finally {
    spy.mockRestore();
    await api.db.execute(sql`alter table otp_codes_away rename to otp_codes`);
  }
  const text = logged.join('\n');
  expect(text).toContain('/api/app/user/send/sms failed');
  expect(text).toMatch(/otp_codes/);
  expect(text).not.toContain('123456789');
});
