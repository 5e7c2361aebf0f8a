import { describe, expect, it } from 'vitest';
import { RESEND_WAIT_SECONDS, secondsLeft, sentAtFor } from '../../../src/islands/login/countdown.ts';

describe('the resend countdown', () => {
  const sentAt = Date.UTC(2026, 10, 22, 2, 0, 0);

  it('waits 60 seconds', () => {
    expect(RESEND_WAIT_SECONDS).toBe(60);
    expect(secondsLeft(sentAt, sentAt)).toBe(60);
  });

  it('counts down in whole seconds, rounding up', () => {
    expect(secondsLeft(sentAt, sentAt + 1)).toBe(60);
    expect(secondsLeft(sentAt, sentAt + 1000)).toBe(59);
    expect(secondsLeft(sentAt, sentAt + 59_001)).toBe(1);
  });

  it('is over at 60 seconds and stays over', () => {
    expect(secondsLeft(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsLeft(sentAt, sentAt + 3_600_000)).toBe(0);
  });

  it('has nothing to wait for before any code was sent', () => {
    expect(secondsLeft(null, sentAt)).toBe(0);
  });

  it('follows the seconds the server says are left', () => {
    const now = sentAt + 5000;
    expect(secondsLeft(sentAtFor(42, now), now)).toBe(42);
  });
});
