import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

/**
 * NUL and half a surrogate pair cannot be stored by PostgreSQL; every call refuses them with
 * a 400 naming the field, before anything reaches the database or an SMS is sent. The bodies
 * are JSON text, as a client would send the escapes.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

const SEND = '/api/app/user/send/sms';
const LOGIN = '/api/app/user/client-login';
const PRODUCTS = '/api/app/order/vehicle/product/app/page';
const PICKER = '/api/app/order/vehicle/car/size/chose';
const STORES = '/api/app/order/vehicle/door/store/list';
const DICTIONARY = '/api/user/dictionary/dictionary-info';
const GARAGE_ADD = '/api/export/user/vehicle/car/info/add';

const refused = (field: string) => ({ code: 400, msg: `${field} contains a character that is not allowed.`, data: { field } });

describe('a NUL character', () => {
  test('in the login phone: 400 naming phone, and no SMS', async () => {
    expect(await api.request(SEND, '{"phone":"0123456789\\u0000","type":"login"}')).toEqual(refused('phone'));
    expect(api.smsLines).toEqual([]);
  });

  test('in the login code: 400 naming code', async () => {
    await api.request(SEND, { phone: '0123456789' });
    expect(await api.request(LOGIN, `{"phone":"0123456789","code":"${api.lastCode('0123456789')}\\u0000"}`)).toEqual(refused('code'));
  });

  test('in a product search keyword: 400 naming keyword', async () => {
    expect(await api.request(PRODUCTS, '{"category":"auto-wiper-blade","keyword":"bosch\\u0000"}')).toEqual(refused('keyword'));
  });

  test('in a workshop service: 400 naming service', async () => {
    expect(await api.request(STORES, '{"service":"Tyres\\u0000"}')).toEqual(refused('service'));
  });

  test('in a dictionary name: 400 naming dictionaryId', async () => {
    expect(await api.request(DICTIONARY, '{"dictionaryId":"\\u0000CITY"}')).toEqual(refused('dictionaryId'));
  });

  test('deep in a body: named by its path', async () => {
    const answer = await api.request(DICTIONARY, '{"dictionaryId":"CITY","extra":{"lines":[{"notes":"ok"},{"notes":"a\\u0000b"}]}}');
    expect(answer).toEqual(refused('extra.lines.1.notes'));
  });

  test('in a field name: the field is named', async () => {
    expect(await api.request(SEND, '{"ph\\u0000one":"0123456789"}')).toEqual(refused('ph\uFFFDone'));
  });

  test('on a call that needs login, for a logged-in customer', async () => {
    const { userKey } = await api.login('0123456789');
    expect(await api.request(GARAGE_ADD, '{"brandId":"perodua\\u0000","modelId":"myvi"}', { userKey })).toEqual(refused('brandId'));
  });

  test('in Chinese and Malay', async () => {
    const body = '{"phone":"\\u0000"}';
    expect((await api.request(SEND, body, { language: 'zh_cn' })).msg).toBe('phone 含有不允许的字符。');
    expect((await api.request(SEND, body, { language: 'ms_my' })).msg).toBe('phone mengandungi aksara yang tidak dibenarkan.');
  });
});

describe('half a surrogate pair', () => {
  test.each([
    ['a high half', '\\ud800'],
    ['a low half', '\\udc00'],
    ['the halves swapped', '\\ude97\\ud83d'],
  ])('%s in the login phone: 400 naming phone, and no SMS', async (_what, escape) => {
    expect(await api.request(SEND, `{"phone":"0123456789${escape}"}`)).toEqual(refused('phone'));
    expect(api.smsLines).toEqual([]);
  });

  test('in the car picker keyword: 400 naming keyword', async () => {
    expect(await api.request(PICKER, '{"level":"brand","keyword":"per\\udbff"}')).toEqual(refused('keyword'));
  });

  test('a whole pair (an emoji) is ordinary text', async () => {
    const answer = await api.request(PRODUCTS, '{"category":"auto-wiper-blade","keyword":"\\ud83d\\ude97"}');
    expect(answer.code).toBe(200);
  });
});
