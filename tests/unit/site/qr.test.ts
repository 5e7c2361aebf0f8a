import { correction, generate, mode } from 'lean-qr';
import { describe, expect, test } from 'vitest';
import { pickupQr, qrWithMask } from '../../../contract/qr.ts';

/** lean-qr, a complete ISO/IEC 18004 encoder, as the reference: version 1, level M, numeric, the same mask. */
function reference(digits: string, mask: number): boolean[][] {
  const code = generate(mode.numeric(digits), { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.M, minVersion: 1, maxVersion: 1, mask: mask as 0 });
  return Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
}

describe('the pickup code’s QR code', () => {
  const codes = ['0', '42', '123', '483920', '00000000', '98765432', '1234567890123456789012345678901234'];
  test.each(codes)('%s is encoded module for module as a complete encoder does, with every mask', (digits) => {
    for (let mask = 0; mask < 8; mask++) expect(qrWithMask(digits, mask)).toEqual(reference(digits, mask));
  });
  test('the chosen code is one of those, 21 modules square', () => {
    const qr = pickupQr('483920')!;
    expect(qr).toHaveLength(21);
    expect([0, 1, 2, 3, 4, 5, 6, 7].some((mask) => JSON.stringify(reference('483920', mask)) === JSON.stringify(qr))).toBe(true);
  });
  test('what is not 1 to 34 digits gets no QR code (the code is still shown in large print)', () => {
    expect(pickupQr('')).toBeNull();
    expect(pickupQr('12a4')).toBeNull();
    expect(pickupQr('1'.repeat(35))).toBeNull();
  });
});
