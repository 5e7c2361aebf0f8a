import { describe, expect, test } from 'vitest';
import { randomId } from '../../../src/lib/device.ts';

describe('a device id without crypto.randomUUID (plain-HTTP origins)', () => {
  test('has the form of a version 4 UUID', () => {
    expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('comes from the random bytes it is given', () => {
    const ones = (b: Uint8Array) => b.fill(0xff);
    expect(randomId(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomId((b) => b.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
  });

  test('differs between browsers', () => {
    expect(new Set(Array.from({ length: 50 }, () => randomId())).size).toBe(50);
  });
});
