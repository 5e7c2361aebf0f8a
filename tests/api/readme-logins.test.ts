import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { typedPhone } from '../../src/islands/login/form.ts';
import { startApi, type TestApi } from './harness.ts';

/**
 * The logins the README's first screen gives a newcomer (before "Using the shop") work as it
 * says: the digits typed after +60, the code in the server's output as printed there, and the
 * demo staff reaching the console as admin and as the Segambut workshop's staff.
 */

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const firstScreen = readme.slice(0, readme.indexOf('\n## '));

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

/** The sentence of the first screen that starts with `label`, up to the next item. */
function item(label: string): string {
  const start = firstScreen.indexOf(`**${label}`);
  expect(start, `the first screen has "${label}"`).toBeGreaterThan(-1);
  const end = firstScreen.indexOf('\n- ', start);
  return firstScreen.slice(start, end < 0 ? undefined : end);
}
/** The numbers written in code quotes (`12 345 6789`). */
const digitsIn = (text: string) => [...text.matchAll(/`(\d[\d -]{6,})`/g)].map((m) => m[1]!);

async function stores(userKey: string) {
  return api.request('/api/console/stores/list', {}, { userKey });
}

describe('the README’s first screen', () => {
  test('says what the engine warnings of npm install on Node 20 are', () => {
    expect(item('`npm warn EBADENGINE')).toMatch(/harmless/);
  });

  test('a customer logs in with the digits it gives after +60, the code printed as it shows', async () => {
    const text = item('Log in as a customer');
    const [typed] = digitsIn(text);
    const printed = /`(\[sms\] OTP for (\+60\d+): )\d{6}`/.exec(text);
    expect(typed).toBeDefined();
    expect(printed).not.toBeNull();
    const { userKey, user } = await api.login(typedPhone(typed!));
    expect(user.phone).toBe(printed![2]);
    expect(api.smsLines.some((line) => line.startsWith(printed![1]!))).toBe(true);
    expect((await stores(userKey)).code).not.toBe(200);
  });

  test('the demo admin and the demo workshop staff reach the console with the digits it gives', async () => {
    const [admin, workshop] = digitsIn(item('Log in as the demo staff'));
    const asAdmin = await stores((await api.login(typedPhone(admin!), { address: '10.0.0.1' })).userKey);
    expect(asAdmin.code).toBe(200);
    expect(asAdmin.data.length).toBeGreaterThan(1);
    const asStaff = await stores((await api.login(typedPhone(workshop!), { address: '10.0.0.2' })).userKey);
    expect(asStaff.code).toBe(200);
    expect(asStaff.data.map((s: { id: string }) => s.id)).toEqual(['kuala-lumpur-segambut-maju-jaya']);
  });
});
