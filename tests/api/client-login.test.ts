import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { otherCode, startApi, START, type TestApi } from './harness.ts';

const SEND = '/api/app/user/send/sms';
const LOGIN = '/api/app/user/client-login';
const PHONE = '0123456789';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

async function sendCode(phone = PHONE) {
  const answer = await api.request(SEND, { phone, type: 'login' });
  expect(answer.code).toBe(200);
  return api.lastCode(phone)!;
}

describe('logging in with the right code', () => {
  test('answers with a user key, its expiry and the user', async () => {
    const code = await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer.code).toBe(200);
    expect(answer.data.userKey).toMatch(/^[\w-]{40,}$/);
    expect(answer.data.expiresAt).toBe(new Date(START.getTime() + 30 * 24 * 3600 * 1000).toISOString());
    expect(answer.data.user).toMatchObject({ phone: '+60123456789', name: '', useType: 1, companyId: 0 });
    expect(answer.data.user.createdAt).toBe(START.toISOString());
  });

  test('the first login creates the user and the second finds the same one', async () => {
    const first = await api.request(LOGIN, { phone: PHONE, code: await sendCode() });
    api.advance(61);
    const second = await api.request(LOGIN, { phone: PHONE, code: await sendCode() });
    expect(second.data.user.id).toBe(first.data.user.id);
    expect(second.data.userKey).not.toBe(first.data.userKey);
  });

  test('the number may be typed differently at login than when sending', async () => {
    const code = await sendCode('0123456789');
    const answer = await api.request(LOGIN, { phone: '+60123456789', code });
    expect(answer.code).toBe(200);
  });

  test('two numbers are two users', async () => {
    const aminah = await api.login('0123456789');
    const weiMing = await api.login('0167654321');
    expect(weiMing.user.id).not.toBe(aminah.user.id);
    expect(weiMing.user.phone).toBe('+60167654321');
  });

  test('spaces around the code are ignored', async () => {
    const code = await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code: ` ${code} ` });
    expect(answer.code).toBe(200);
  });

  test('a code just under 5 minutes old still works', async () => {
    const code = await sendCode();
    api.advance(299);
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer.code).toBe(200);
  });
});

describe('logging in with a code that does not work', () => {
  test('a wrong code is refused with the tries left', async () => {
    const code = await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    expect(answer).toEqual({ code: 807, msg: 'The code is incorrect. 4 tries left.', data: null });
  });

  test('each wrong code lowers the tries left', async () => {
    const code = await sendCode();
    await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    const answer = await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    expect(answer.msg).toBe('The code is incorrect. 3 tries left.');
  });

  test('after a wrong code the right one still works', async () => {
    const code = await sendCode();
    await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer.code).toBe(200);
  });

  test('the fifth wrong code uses up the code', async () => {
    const code = await sendCode();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await api.request(LOGIN, { phone: PHONE, code: otherCode(code) }));
    expect(answers.map((a) => a.msg)).toEqual([
      'The code is incorrect. 4 tries left.',
      'The code is incorrect. 3 tries left.',
      'The code is incorrect. 2 tries left.',
      'The code is incorrect. 1 try left.',
      'Too many wrong tries. Please request a new code.',
    ]);
  });

  test('after five wrong codes even the right code is refused', async () => {
    const code = await sendCode();
    for (let i = 0; i < 5; i++) await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer).toEqual({ code: 807, msg: 'Too many wrong tries. Please request a new code.', data: null });
  });

  test('after five wrong codes a new code works', async () => {
    const code = await sendCode();
    for (let i = 0; i < 5; i++) await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    api.advance(61);
    const answer = await api.request(LOGIN, { phone: PHONE, code: await sendCode() });
    expect(answer.code).toBe(200);
  });

  test('a code older than 5 minutes has expired', async () => {
    const code = await sendCode();
    api.advance(301);
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer).toEqual({ code: 807, msg: 'This code has expired. Please request a new one.', data: null });
  });

  test('without a code sent there is nothing to log in with', async () => {
    const answer = await api.request(LOGIN, { phone: PHONE, code: '123456' });
    expect(answer).toEqual({ code: 807, msg: 'Please request a code first.', data: null });
  });

  test('a code sent to another number does not log this one in', async () => {
    const code = await sendCode('0167654321');
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer.code).toBe(807);
    expect(answer.msg).toBe('Please request a code first.');
  });

  test('a code can be used only once', async () => {
    const code = await sendCode();
    await api.request(LOGIN, { phone: PHONE, code });
    const again = await api.request(LOGIN, { phone: PHONE, code });
    expect(again).toEqual({ code: 807, msg: 'Please request a code first.', data: null });
  });

  test('the same code sent twice at once logs in once', async () => {
    const code = await sendCode();
    const answers = await Promise.all([api.request(LOGIN, { phone: PHONE, code }), api.request(LOGIN, { phone: PHONE, code })]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 807]);
  });

  test('a newer code replaces the older one', async () => {
    const older = await sendCode();
    api.advance(61);
    const newer = await sendCode();
    // One chance in a million that the two codes are equal; then there is nothing to test.
    if (older === newer) return;
    const withOlder = await api.request(LOGIN, { phone: PHONE, code: older });
    expect(withOlder.code).toBe(807);
    expect(withOlder.msg).toBe('The code is incorrect. 4 tries left.');
    const withNewer = await api.request(LOGIN, { phone: PHONE, code: newer });
    expect(withNewer.code).toBe(200);
  });

  test('wrong tries on the older code do not count against the newer one', async () => {
    const older = await sendCode();
    for (let i = 0; i < 5; i++) await api.request(LOGIN, { phone: PHONE, code: otherCode(older) });
    api.advance(61);
    const newer = await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code: otherCode(newer) });
    expect(answer.msg).toBe('The code is incorrect. 4 tries left.');
  });
});

describe('a code in the wrong shape', () => {
  test.each(['12a456', '123', '1234567', '12 456'])('%s: asks for a 6-digit OTP', async (code) => {
    await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code });
    expect(answer).toEqual({ code: 400, msg: 'Please enter 6-digit OTP', data: { field: 'code' } });
  });

  test('an empty code asks for the OTP', async () => {
    const answer = await api.request(LOGIN, { phone: PHONE, code: '' });
    expect(answer).toEqual({ code: 400, msg: 'Please enter 6-digit OTP', data: { field: 'code' } });
  });

  test('a missing code asks for the OTP', async () => {
    const answer = await api.request(LOGIN, { phone: PHONE });
    expect(answer).toEqual({ code: 400, msg: 'Please enter 6-digit OTP', data: { field: 'code' } });
  });

  test('a badly shaped code does not use up a try', async () => {
    const code = await sendCode();
    await api.request(LOGIN, { phone: PHONE, code: '12a456' });
    const answer = await api.request(LOGIN, { phone: PHONE, code: otherCode(code) });
    expect(answer.msg).toBe('The code is incorrect. 4 tries left.');
  });

  test('a landline number is refused before the code is looked at', async () => {
    const answer = await api.request(LOGIN, { phone: '0312345678', code: '123456' });
    expect(answer).toEqual({ code: 400, msg: 'Please enter a valid Malaysian mobile number.', data: { field: 'phone' } });
  });

  test('the OTP message in Chinese', async () => {
    const answer = await api.request(LOGIN, { phone: PHONE, code: '123' }, { language: 'zh_cn' });
    expect(answer.msg).toBe('请输入 6 位验证码');
  });

  test('the wrong-code warning in Malay', async () => {
    const code = await sendCode();
    const answer = await api.request(LOGIN, { phone: PHONE, code: otherCode(code) }, { language: 'ms_my' });
    expect(answer.msg).toBe('Kod tidak betul. Tinggal 4 cubaan lagi.');
  });
});
