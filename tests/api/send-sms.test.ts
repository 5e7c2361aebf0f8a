import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const SEND = '/api/app/user/send/sms';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

describe('sending a login code', () => {
  test('answers with the stored number, the resend wait and the code lifetime', async () => {
    const answer = await api.request(SEND, { phone: '0123456789', type: 'login' });
    expect(answer).toEqual({ code: 200, msg: 'OK', data: { phone: '+60123456789', resendAfter: 60, expiresIn: 300 } });
  });

  test('prints a 6-digit code for that phone in the server log', async () => {
    await api.request(SEND, { phone: '0123456789', type: 'login' });
    expect(api.smsLines).toHaveLength(1);
    expect(api.smsLines[0]).toMatch(/^\[sms\] OTP for \+60123456789: \d{6}$/);
    expect(api.lastCode('0123456789')).toMatch(/^\d{6}$/);
  });

  test.each(['+60123456789', '60123456789', '0123456789', '123456789', ' 0123456789 '])(
    'stores %s as +60123456789',
    async (typed) => {
      const answer = await api.request(SEND, { phone: typed });
      expect(answer.data.phone).toBe('+60123456789');
    },
  );

  test('takes an 11-digit 011 number', async () => {
    const answer = await api.request(SEND, { phone: '01123456789' });
    expect(answer.data.phone).toBe('+601123456789');
  });

  test('takes "login" as the default type', async () => {
    const answer = await api.request(SEND, { phone: '0198765432' });
    expect(answer.code).toBe(200);
  });
});

describe('a phone number the shop cannot use', () => {
  test.each([
    ['empty', { phone: '' }],
    ['blank', { phone: '   ' }],
    ['missing', {}],
  ])('%s: asks for the phone number', async (_what, body) => {
    const answer = await api.request(SEND, body);
    expect(answer).toEqual({ code: 400, msg: 'Enter your phone number to get otp login', data: { field: 'phone' } });
  });

  test('fewer than six digits: asks for at least six', async () => {
    const answer = await api.request(SEND, { phone: '12345' });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('Please enter at least six digits.');
  });

  test.each(['abcdefgh', '012-345 6789', '01234567a9'])('%s: asks for digits only', async (phone) => {
    const answer = await api.request(SEND, { phone });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('Please enter digits only.');
  });

  test.each([
    ['a Kuala Lumpur landline', '0312345678'],
    ['a Singapore mobile', '+6591234567'],
    ['a 015 internet number', '0154123456'],
    ['a mobile number one digit short', '012345678'],
  ])('%s: asks for a Malaysian mobile number', async (_what, phone) => {
    const answer = await api.request(SEND, { phone });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('Please enter a valid Malaysian mobile number.');
  });

  test('sends no SMS for a rejected number', async () => {
    await api.request(SEND, { phone: '0312345678' });
    expect(api.smsLines).toEqual([]);
  });

  test('a type other than login or close is refused, naming the field', async () => {
    const answer = await api.request(SEND, { phone: '0123456789', type: 'register' });
    expect(answer).toEqual({ code: 400, msg: 'type must be one of: login, close.', data: { field: 'type' } });
  });
});

describe('the resend wait', () => {
  test('a second code within 60 s is refused with the seconds left', async () => {
    await api.request(SEND, { phone: '0123456789' });
    api.advance(20);
    const answer = await api.request(SEND, { phone: '0123456789' });
    expect(answer).toEqual({
      code: 807,
      msg: 'Please wait 40 seconds before requesting another code.',
      data: { resendAfter: 40 },
    });
  });

  test('the wait counts the number however it is typed', async () => {
    await api.request(SEND, { phone: '0123456789' });
    const answer = await api.request(SEND, { phone: '+60123456789' });
    expect(answer.code).toBe(807);
  });

  test('after 61 s a new code is sent', async () => {
    await api.request(SEND, { phone: '0123456789' });
    api.advance(61);
    const answer = await api.request(SEND, { phone: '0123456789' });
    expect(answer.code).toBe(200);
    expect(api.smsLines).toHaveLength(2);
  });

  test('two sends at the same moment: one code and one wait', async () => {
    const answers = await Promise.all([api.request(SEND, { phone: '0123456789' }), api.request(SEND, { phone: '0123456789' })]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 807]);
    expect(api.smsLines).toHaveLength(1);
  });

  test('another number is not kept waiting', async () => {
    await api.request(SEND, { phone: '0123456789' });
    const answer = await api.request(SEND, { phone: '0198765432' });
    expect(answer.code).toBe(200);
  });
});

describe('hourly limits', () => {
  async function sendFiveCodes(phone: string) {
    for (let i = 0; i < 5; i++) {
      const answer = await api.request(SEND, { phone });
      expect(answer.code).toBe(200);
      api.advance(61);
    }
  }

  test('a sixth code for one number within the hour is refused with the minutes left', async () => {
    await sendFiveCodes('0123456789');
    // First send at 0 s, now 305 s: it leaves the hour in 3295 s, so 55 minutes.
    const answer = await api.request(SEND, { phone: '0123456789' });
    expect(answer.code).toBe(807);
    expect(answer.msg).toBe('Too many codes were requested for this number. Please try again in 55 minutes.');
  });

  test('the number limit holds whatever address asks', async () => {
    await sendFiveCodes('0123456789');
    const answer = await api.request(SEND, { phone: '0123456789' }, { address: '60.54.1.2' });
    expect(answer.code).toBe(807);
  });

  test('a number may get codes again once its first code is an hour old', async () => {
    await sendFiveCodes('0123456789');
    api.advance(3600 - 5 * 61);
    const answer = await api.request(SEND, { phone: '0123456789' });
    expect(answer.code).toBe(200);
  });

  test('a 21st code from one address within the hour is refused, even for a new number', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await api.request(SEND, { phone: `0172${String(i).padStart(6, '0')}` });
      expect(answer.code).toBe(200);
    }
    const answer = await api.request(SEND, { phone: '0198765432' });
    expect(answer.code).toBe(807);
    expect(answer.msg).toBe('Too many codes were requested from this network. Please try again in 60 minutes.');
  });

  test('addresses a client writes into X-Forwarded-For do not escape the limit', async () => {
    for (let i = 0; i < 20; i++) {
      await api.request(SEND, { phone: `0172${String(i).padStart(6, '0')}` }, { address: `10.0.0.${i}, 60.53.7.7` });
    }
    const answer = await api.request(SEND, { phone: '0198765432' }, { address: '10.9.9.9, 60.53.7.7' });
    expect(answer.code).toBe(807);
  });

  test('the address limit does not stop another address', async () => {
    for (let i = 0; i < 20; i++) await api.request(SEND, { phone: `0172${String(i).padStart(6, '0')}` });
    const answer = await api.request(SEND, { phone: '0198765432' }, { address: '60.54.1.2' });
    expect(answer.code).toBe(200);
  });
});

describe('an SMS gateway failure', () => {
  test('answers 503 and does not count the send', async () => {
    // The server logs the gateway's failure; keep it out of the test output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    api.failSms(true);
    const failed = await api.request(SEND, { phone: '0123456789' });
    expect(failed.code).toBe(503);
    expect(failed.msg).toBe('We could not send the SMS. Please try again in a moment.');

    api.failSms(false);
    const retried = await api.request(SEND, { phone: '0123456789' });
    expect(retried.code).toBe(200);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe('messages in the request language', () => {
  test('zh_cn: an empty phone', async () => {
    const answer = await api.request(SEND, { phone: '' }, { language: 'zh_cn' });
    expect(answer.msg).toBe('请输入手机号码以获取验证码登录');
  });

  test('zh_cn: the resend wait', async () => {
    await api.request(SEND, { phone: '0123456789' }, { language: 'zh_cn' });
    const answer = await api.request(SEND, { phone: '0123456789' }, { language: 'zh_cn' });
    expect(answer.msg).toBe('请等待 60 秒后再获取新的验证码。');
  });

  test('ms_my: too few digits', async () => {
    const answer = await api.request(SEND, { phone: '12345' }, { language: 'ms_my' });
    expect(answer.msg).toBe('Sila masukkan sekurang-kurangnya enam digit.');
  });

  test('ms_my: the resend wait', async () => {
    await api.request(SEND, { phone: '0123456789' }, { language: 'ms_my' });
    api.advance(45);
    const answer = await api.request(SEND, { phone: '0123456789' }, { language: 'ms_my' });
    expect(answer.msg).toBe('Sila tunggu 15 saat sebelum meminta kod baharu.');
  });

  test('ms_my: success says Berjaya', async () => {
    const answer = await api.request(SEND, { phone: '0123456789' }, { language: 'ms_my' });
    expect(answer.msg).toBe('Berjaya');
  });
});
