import { describe, expect, test } from 'vitest';
import {
  codeVerdict,
  hashOtp,
  MAX_WRONG_TRIES,
  newOtp,
  OTP_TTL_SECONDS,
  otpMatches,
  RESEND_WAIT_SECONDS,
  SENDS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_PHONE_PER_HOUR,
  sendVerdict,
} from '../../server/modules/auth/otp.ts';

const NOW = new Date('2025-06-02T02:00:00Z');
const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000);
const minutesAgo = (m: number) => secondsAgo(m * 60);
const secondsAhead = (s: number) => new Date(NOW.getTime() + s * 1000);

describe('the OTP rules', () => {
  test('match docs/architecture.md and docs/contracts/shop.md §9', () => {
    expect({ OTP_TTL_SECONDS, RESEND_WAIT_SECONDS, MAX_WRONG_TRIES, SENDS_PER_PHONE_PER_HOUR, SENDS_PER_ADDRESS_PER_HOUR }).toEqual({
      OTP_TTL_SECONDS: 300,
      RESEND_WAIT_SECONDS: 60,
      MAX_WRONG_TRIES: 5,
      SENDS_PER_PHONE_PER_HOUR: 5,
      SENDS_PER_ADDRESS_PER_HOUR: 20,
    });
  });
});

describe('sendVerdict: may a code be sent now?', () => {
  test('the first code is sent', () => {
    expect(sendVerdict(NOW, [], [])).toEqual({ ok: true });
  });

  test('20 s after the last code: wait 40 s', () => {
    expect(sendVerdict(NOW, [secondsAgo(20)], [secondsAgo(20)])).toEqual({ ok: false, reason: 'wait', seconds: 40 });
  });

  test('part of a second left still counts as a whole second', () => {
    expect(sendVerdict(NOW, [secondsAgo(59.5)], [])).toEqual({ ok: false, reason: 'wait', seconds: 1 });
  });

  test('exactly 60 s after the last code: sent', () => {
    expect(sendVerdict(NOW, [secondsAgo(60)], [secondsAgo(60)])).toEqual({ ok: true });
  });

  test('a test server’s shorter wait (OTP_RESEND_SECONDS) counts the same way', () => {
    expect(sendVerdict(NOW, [secondsAgo(5)], [], 20, 20)).toEqual({ ok: false, reason: 'wait', seconds: 15 });
    expect(sendVerdict(NOW, [secondsAgo(20)], [], 20, 20)).toEqual({ ok: true });
  });

  test('the wait runs from the newest code, whatever the order given', () => {
    expect(sendVerdict(NOW, [minutesAgo(10), secondsAgo(30), minutesAgo(5)], [])).toEqual({ ok: false, reason: 'wait', seconds: 30 });
  });

  test('only this phone’s codes make it wait', () => {
    expect(sendVerdict(NOW, [], [secondsAgo(5)])).toEqual({ ok: true });
  });

  test('four codes to a phone in the hour: a fifth is sent', () => {
    expect(sendVerdict(NOW, [minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)], [])).toEqual({ ok: true });
  });

  test('five codes to a phone in the hour: refused until the oldest is an hour old', () => {
    const sends = [minutesAgo(50), minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    expect(sendVerdict(NOW, sends, sends)).toEqual({ ok: false, reason: 'phoneLimit', minutes: 10 });
  });

  test('minutes until free are rounded up', () => {
    const sends = [secondsAgo(3590), minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    expect(sendVerdict(NOW, sends, [])).toEqual({ ok: false, reason: 'phoneLimit', minutes: 1 });
  });

  test('with more codes than the limit, the phone is free when enough have aged out', () => {
    const sends = [minutesAgo(55), minutesAgo(50), minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    expect(sendVerdict(NOW, sends, [])).toEqual({ ok: false, reason: 'phoneLimit', minutes: 10 });
  });

  test('codes older than an hour do not count', () => {
    const sends = [minutesAgo(65), minutesAgo(64), minutesAgo(63), minutesAgo(62), minutesAgo(61)];
    expect(sendVerdict(NOW, sends, sends)).toEqual({ ok: true });
  });

  test('a code exactly an hour old no longer counts', () => {
    const sends = [minutesAgo(60), minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    expect(sendVerdict(NOW, sends, [])).toEqual({ ok: true });
  });

  test('the resend wait is reported before the hourly limit', () => {
    const sends = [minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10), secondsAgo(10)];
    expect(sendVerdict(NOW, sends, [])).toEqual({ ok: false, reason: 'wait', seconds: 50 });
  });

  test('19 codes from an address in the hour: a 20th is sent', () => {
    const fromAddress = Array.from({ length: 19 }, (_, i) => minutesAgo(i + 1));
    expect(sendVerdict(NOW, [], fromAddress)).toEqual({ ok: true });
  });

  test('20 codes from an address in the hour: refused until the oldest is an hour old', () => {
    const fromAddress = Array.from({ length: 20 }, (_, i) => minutesAgo(i + 1));
    expect(sendVerdict(NOW, [], fromAddress)).toEqual({ ok: false, reason: 'addressLimit', minutes: 40 });
  });

  test('20 codes from an address just now: 60 minutes', () => {
    const fromAddress = Array.from({ length: 20 }, () => NOW);
    expect(sendVerdict(NOW, [], fromAddress)).toEqual({ ok: false, reason: 'addressLimit', minutes: 60 });
  });

  test('the phone limit is reported before the address limit', () => {
    const sends = [minutesAgo(50), minutesAgo(40), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    const fromAddress = Array.from({ length: 20 }, (_, i) => minutesAgo(i + 1));
    expect(sendVerdict(NOW, sends, fromAddress)).toMatchObject({ ok: false, reason: 'phoneLimit' });
  });
});

describe('codeVerdict: what a login attempt does with the latest code', () => {
  const fresh = { expiresAt: secondsAhead(120), wrongTries: 0, usedAt: null };

  test('the right code in time: ok', () => {
    expect(codeVerdict(NOW, fresh, true)).toBe('ok');
  });

  test('a wrong code: wrong', () => {
    expect(codeVerdict(NOW, fresh, false)).toBe('wrong');
  });

  test('no code sent: none', () => {
    expect(codeVerdict(NOW, undefined, false)).toBe('none');
  });

  test('a code already used: used, even if it matches', () => {
    expect(codeVerdict(NOW, { ...fresh, usedAt: secondsAgo(10) }, true)).toBe('used');
  });

  test('four wrong tries: the right code still works', () => {
    expect(codeVerdict(NOW, { ...fresh, wrongTries: MAX_WRONG_TRIES - 1 }, true)).toBe('ok');
  });

  test('five wrong tries: exhausted, even with the right code', () => {
    expect(codeVerdict(NOW, { ...fresh, wrongTries: MAX_WRONG_TRIES }, true)).toBe('exhausted');
  });

  test('past its expiry: expired, even with the right code', () => {
    expect(codeVerdict(NOW, { ...fresh, expiresAt: secondsAgo(1) }, true)).toBe('expired');
  });

  test('at the very moment of expiry: expired', () => {
    expect(codeVerdict(NOW, { ...fresh, expiresAt: NOW }, true)).toBe('expired');
  });

  test('a millisecond before expiry: ok', () => {
    expect(codeVerdict(NOW, { ...fresh, expiresAt: new Date(NOW.getTime() + 1) }, true)).toBe('ok');
  });

  test('used wins over exhausted and expired', () => {
    expect(codeVerdict(NOW, { expiresAt: secondsAgo(1), wrongTries: 5, usedAt: secondsAgo(2) }, false)).toBe('used');
  });

  test('exhausted wins over expired', () => {
    expect(codeVerdict(NOW, { expiresAt: secondsAgo(1), wrongTries: 5, usedAt: null }, false)).toBe('exhausted');
  });
});

describe('codes and their hashes', () => {
  test('codes are six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, newOtp);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  test('a code matches its own hash', () => {
    const hash = hashOtp('secret', '+60123456789', '482913');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otpMatches('secret', '+60123456789', '482913', hash)).toBe(true);
  });

  test('another code, phone or secret does not match', () => {
    const hash = hashOtp('secret', '+60123456789', '482913');
    expect(otpMatches('secret', '+60123456789', '482914', hash)).toBe(false);
    expect(otpMatches('secret', '+60198765432', '482913', hash)).toBe(false);
    expect(otpMatches('other secret', '+60123456789', '482913', hash)).toBe(false);
  });

  test('a damaged hash does not match and does not throw', () => {
    expect(otpMatches('secret', '+60123456789', '482913', '')).toBe(false);
    expect(otpMatches('secret', '+60123456789', '482913', 'not hex at all')).toBe(false);
  });
});
