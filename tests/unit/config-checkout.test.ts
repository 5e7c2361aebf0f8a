import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('checkout settings from the environment', () => {
  test('defaults: 30 minutes to pay, the worker looks every 5 s, links from the request', () => {
    expect(loadConfig({})).toMatchObject({ paymentTimeoutMinutes: 30, jobIntervalMs: 5000, publicUrl: null });
  });

  test('set by PAYMENT_TIMEOUT_MINUTES, JOB_INTERVAL_SECONDS and PUBLIC_URL', () => {
    expect(loadConfig({ PAYMENT_TIMEOUT_MINUTES: '45', JOB_INTERVAL_SECONDS: '2', PUBLIC_URL: 'https://www.servauto.my/' })).toMatchObject({
      paymentTimeoutMinutes: 45,
      jobIntervalMs: 2000,
      publicUrl: 'https://www.servauto.my',
    });
  });

  test('a short time to pay for trials: a fraction of a minute', () => {
    expect(loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0.1' }).paymentTimeoutMinutes).toBe(0.1);
    expect(loadConfig({ PAYMENT_TIMEOUT_MINUTES: ' 0.5 ' }).paymentTimeoutMinutes).toBe(0.5);
    expect(loadConfig({ PAYMENT_TIMEOUT_MINUTES: '1440' }).paymentTimeoutMinutes).toBe(1440);
  });

  test('a value that makes no sense stops the start, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow('PAYMENT_TIMEOUT_MINUTES must be a number of minutes from 0.1 to 1440 (e.g. 30 or 0.5), not "0"');
    for (const bad of ['half an hour', '0.05', '-1', '1441', '1e3', '0x10', '', 'Infinity', '.5']) {
      expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: bad }), bad).toThrow('PAYMENT_TIMEOUT_MINUTES');
    }
    expect(() => loadConfig({ JOB_INTERVAL_SECONDS: '1.5' })).toThrow('JOB_INTERVAL_SECONDS');
    expect(() => loadConfig({ PUBLIC_URL: 'servauto.my' })).toThrow('PUBLIC_URL must be an absolute http(s) address');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://servauto.my' })).toThrow('PUBLIC_URL must start with http:// or https://');
  });
});

describe('which processes run due jobs', () => {
  test('every process by default; JOB_WORKER=0 leaves them to another', () => {
    expect(loadConfig({}).jobWorker).toBe(true);
    expect(loadConfig({ JOB_WORKER: '1' }).jobWorker).toBe(true);
    expect(loadConfig({ JOB_WORKER: '0' }).jobWorker).toBe(false);
  });

  test('anything else stops the start, naming the variable', () => {
    for (const bad of ['yes', 'off', '2', '-1', '1.0']) {
      expect(() => loadConfig({ JOB_WORKER: bad }), bad).toThrow(`JOB_WORKER must be 1 (this process runs due jobs) or 0 (another process does), not "${bad}"`);
    }
  });
});

describe("the shop's clock for testers", () => {
  test('CLOCK_OFFSET_DAYS: 0 by default, a whole number of days ahead up to 3650', () => {
    expect(loadConfig({}).clockOffsetDays).toBe(0);
    expect(loadConfig({ CLOCK_OFFSET_DAYS: '31' }).clockOffsetDays).toBe(31);
    for (const bad of ['-1', '1.5', 'a month', '3651']) {
      expect(() => loadConfig({ CLOCK_OFFSET_DAYS: bad }), bad).toThrow(`CLOCK_OFFSET_DAYS must be a whole number from 0 to 3650, not "${bad}"`);
    }
  });
});

describe('stopping', () => {
  test('STOP_SECONDS: requests in flight get 10 s by default, a whole number from 1 to 600', () => {
    expect(loadConfig({}).stopMs).toBe(10_000);
    expect(loadConfig({ STOP_SECONDS: '30' }).stopMs).toBe(30_000);
    for (const bad of ['0', '2.5', 'soon', '601']) {
      expect(() => loadConfig({ STOP_SECONDS: bad }), bad).toThrow(`STOP_SECONDS must be a whole number from 1 to 600, not "${bad}"`);
    }
  });
});

describe('the wait between two codes to one phone', () => {
  test('OTP_RESEND_SECONDS: the spec’s 60 by default; shorter for a test server, never in production', () => {
    expect(loadConfig({}).otpResendSeconds).toBe(60);
    expect(loadConfig({ OTP_RESEND_SECONDS: '20' }).otpResendSeconds).toBe(20);
    expect(loadConfig({ OTP_RESEND_SECONDS: '90', NODE_ENV: 'production', SERVAUTO_SECRET: 'x'.repeat(32) }).otpResendSeconds).toBe(90);
    expect(() => loadConfig({ OTP_RESEND_SECONDS: '20', NODE_ENV: 'production' })).toThrow('OTP_RESEND_SECONDS below 60 is refused with NODE_ENV=production: it is for test servers');
    for (const bad of ['0', '1.5', 'soon']) expect(() => loadConfig({ OTP_RESEND_SECONDS: bad }), bad).toThrow(`OTP_RESEND_SECONDS must be a whole number from 1 to 3600, not "${bad}"`);
  });
});
