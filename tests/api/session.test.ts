import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';

const INFO = '/api/app/user/info';
const LOGOUT = '/api/app/user/logout';

const EXPIRED = {
  code: 708,
  msg: 'Invalid session, or session has expired, please log in again.',
  data: null,
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

describe('the logged-in user', () => {
  test('the key from login, as Authorization, gives the user', async () => {
    const { userKey, user } = await api.login('0123456789');
    const answer = await api.request(INFO, {}, { userKey });
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({ ...user, role: null, storeId: null });
    expect(answer.data.phone).toBe('+60123456789');
  });

  test('the key works in the Bearer form', async () => {
    const { userKey, user } = await api.login('0123456789');
    const answer = await api.request(INFO, {}, { headers: { Authorization: `Bearer ${userKey}` } });
    expect(answer.data.id).toBe(user.id);
  });

  test('the key works in the userKey header', async () => {
    const { userKey, user } = await api.login('0123456789');
    const answer = await api.request(INFO, {}, { headers: { userKey } });
    expect(answer.data.id).toBe(user.id);
  });

  test('an empty Authorization falls back to the userKey header, as the site sends both', async () => {
    const { userKey, user } = await api.login('0123456789');
    const answer = await api.request(INFO, {}, { headers: { Authorization: '', userKey } });
    expect(answer.data.id).toBe(user.id);
  });

  test('an empty body is enough', async () => {
    const { userKey } = await api.login('0123456789');
    const answer = await api.request(INFO, undefined, { userKey });
    expect(answer.code).toBe(200);
  });

  test('each key gives its own user', async () => {
    const aminah = await api.login('0123456789');
    const rajesh = await api.login('0198765432');
    expect((await api.request(INFO, {}, { userKey: aminah.userKey })).data.phone).toBe('+60123456789');
    expect((await api.request(INFO, {}, { userKey: rajesh.userKey })).data.phone).toBe('+60198765432');
  });
});

describe('a session that is not there', () => {
  test('no key: 708', async () => {
    expect(await api.request(INFO, {})).toEqual(EXPIRED);
  });

  test('empty key headers, as the site sends before login: 708', async () => {
    expect(await api.request(INFO, {}, { headers: { Authorization: '', userKey: '' } })).toEqual(EXPIRED);
  });

  test('an unknown key: 708', async () => {
    await api.login('0123456789');
    expect(await api.request(INFO, {}, { userKey: 'x4Kp9s2QmWvR7tYb3NcL8dHf6Gj1ZaEo5Ui0Xe' })).toEqual(EXPIRED);
  });

  test('the session is checked before the body', async () => {
    expect(await api.request(INFO, { surprise: 1 })).toEqual(EXPIRED);
  });

  test('the 708 message in Chinese', async () => {
    const answer = await api.request(INFO, {}, { language: 'zh_cn' });
    expect(answer.msg).toBe('会话无效或已过期，请重新登录。');
  });
});

describe('session lifetime', () => {
  test('a session unused for 31 days has expired: 708', async () => {
    const { userKey } = await api.login('0123456789');
    api.advance(31 * DAY_SECONDS);
    expect(await api.request(INFO, {}, { userKey })).toEqual(EXPIRED);
  });

  test('a session still works on day 29', async () => {
    const { userKey } = await api.login('0123456789');
    api.advance(29 * DAY_SECONDS);
    expect((await api.request(INFO, {}, { userKey })).code).toBe(200);
  });

  test('using a session slides its expiry: used on day 20, still valid on day 40', async () => {
    const { userKey } = await api.login('0123456789');
    api.advance(20 * DAY_SECONDS);
    expect((await api.request(INFO, {}, { userKey })).code).toBe(200);
    api.advance(20 * DAY_SECONDS);
    expect((await api.request(INFO, {}, { userKey })).code).toBe(200);
  });

  test('a slid session ends 30 days after its last use', async () => {
    const { userKey } = await api.login('0123456789');
    api.advance(20 * DAY_SECONDS);
    await api.request(INFO, {}, { userKey });
    api.advance(31 * DAY_SECONDS);
    expect(await api.request(INFO, {}, { userKey })).toEqual(EXPIRED);
  });
});

describe('logging out', () => {
  test('answers loggedOut', async () => {
    const { userKey } = await api.login('0123456789');
    expect(await api.request(LOGOUT, {}, { userKey })).toEqual({ code: 200, msg: 'OK', data: { loggedOut: true } });
  });

  test('the key is then revoked: 800', async () => {
    const { userKey } = await api.login('0123456789');
    await api.request(LOGOUT, {}, { userKey });
    expect(await api.request(INFO, {}, { userKey })).toEqual({
      code: 800,
      msg: 'You have logged out on this device. Please log in again.',
      data: null,
    });
  });

  test('logging out twice: 800', async () => {
    const { userKey } = await api.login('0123456789');
    await api.request(LOGOUT, {}, { userKey });
    expect((await api.request(LOGOUT, {}, { userKey })).code).toBe(800);
  });

  test('only that key is revoked: a second login of the same user still works', async () => {
    const phone = await api.login('0123456789');
    api.advance(61);
    const laptop = await api.login('0123456789');
    await api.request(LOGOUT, {}, { userKey: phone.userKey });
    const answer = await api.request(INFO, {}, { userKey: laptop.userKey });
    expect(answer.code).toBe(200);
    expect(answer.data.id).toBe(phone.user.id);
  });

  test('without a key: 708', async () => {
    expect(await api.request(LOGOUT, {})).toEqual(EXPIRED);
  });

  test('with an unknown key: 708', async () => {
    expect(await api.request(LOGOUT, {}, { userKey: 'not-a-key-anyone-was-given' })).toEqual(EXPIRED);
  });

  test('logging in again after logout gives a working key', async () => {
    const first = await api.login('0123456789');
    await api.request(LOGOUT, {}, { userKey: first.userKey });
    api.advance(61);
    const again = await api.login('0123456789');
    expect((await api.request(INFO, {}, { userKey: again.userKey })).code).toBe(200);
  });
});
