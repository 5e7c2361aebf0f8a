/**
 * A QR code (ISO/IEC 18004) of a pickup code for the workshop counter's scanner: numeric mode,
 * version 1 (21×21), error correction level M, so up to 34 digits. Written for this one use
 * because a general encoder would not fit the order page's JavaScript budget; the unit test
 * compares every mask with a complete, independent encoder.
 */

const SIZE = 21;
const DATA_CODEWORDS = 16;
const EC_CODEWORDS = 10;
export const QR_MAX_DIGITS = 34;

/** Multiplication in GF(2⁸) modulo x⁸ + x⁴ + x³ + x² + 1. */
function gfMul(a: number, b: number): number {
  let r = 0;
  for (let i = 7; i >= 0; i--) {
    r = (r << 1) ^ (r >> 7) * 0x11d;
    if ((b >> i) & 1) r ^= a;
  }
  return r;
}

/** Reed–Solomon error correction codewords of `data`. */
function errorCorrection(data: number[]): number[] {
  // The generator polynomial's coefficients, highest degree first, its leading 1 left out.
  const gen = new Array<number>(EC_CODEWORDS).fill(0);
  gen[EC_CODEWORDS - 1] = 1;
  for (let i = 0, root = 1; i < EC_CODEWORDS; i++, root = gfMul(root, 2)) {
    for (let j = 0; j < EC_CODEWORDS; j++) gen[j] = gfMul(gen[j]!, root) ^ (gen[j + 1] ?? 0);
  }
  const rem = new Array<number>(EC_CODEWORDS).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    gen.forEach((c, i) => (rem[i]! ^= gfMul(c, factor)));
  }
  return rem;
}

/** The 26 codewords of a digit string: mode, count, digits in groups of three, padding, then error correction. */
export function codewords(digits: string): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  put(1, 4);
  put(digits.length, 10);
  for (let i = 0; i < digits.length; i += 3) {
    const group = digits.slice(i, i + 3);
    put(Number(group), group.length * 3 + 1);
  }
  put(0, Math.min(4, DATA_CODEWORDS * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; data.length < DATA_CODEWORDS; pad ^= 0xec ^ 0x11) data.push(pad);
  return [...data, ...errorCorrection(data)];
}

const masks: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The modules (true: dark), rows of columns, with the mask given. */
export function qrWithMask(digits: string, mask: number): boolean[][] {
  const dark = Array.from({ length: SIZE }, () => new Array<boolean>(SIZE).fill(false));
  const fixed = Array.from({ length: SIZE }, () => new Array<boolean>(SIZE).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    dark[y]![x] = on;
    fixed[y]![x] = true;
  };
  // Finder patterns with their light separators.
  for (const [fx, fy] of [
    [3, 3],
    [SIZE - 4, 3],
    [3, SIZE - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = fx + dx;
        const y = fy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < SIZE && y >= 0 && y < SIZE) set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < SIZE - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Format information: level M (00) and the mask, BCH-protected, written twice.
  let rem = mask;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >> 9) * 0x537);
  const format = ((mask << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((format >> i) & 1) === 1;
  for (let i = 0; i < 15; i++) {
    if (i < 6) set(8, i, bit(i));
    else if (i < 8) set(8, i + 1, bit(i));
    else if (i === 8) set(7, 8, bit(i));
    else set(14 - i, 8, bit(i));
    if (i < 8) set(SIZE - 1 - i, 8, bit(i));
    else set(8, SIZE - 15 + i, bit(i));
  }
  set(8, SIZE - 8, true);
  // Data and error correction, two columns at a time from the right, up then down.
  const words = codewords(digits);
  let n = 0;
  for (let right = SIZE - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < SIZE; v++) {
      const y = upward ? SIZE - 1 - v : v;
      for (const x of [right, right - 1]) {
        if (fixed[y]![x]) continue;
        const on = n < words.length * 8 && ((words[n >> 3]! >> (7 - (n & 7))) & 1) === 1;
        dark[y]![x] = on !== masks[mask]!(x, y);
        n++;
      }
    }
  }
  return dark;
}

/** Penalty of rules 1, 2 and 4 of ISO/IEC 18004 (runs, blocks, balance): lower scans better. */
function penalty(m: boolean[][]): number {
  let score = 0;
  let darkCount = 0;
  for (let a = 0; a < SIZE; a++) {
    let rowRun = 0;
    let colRun = 0;
    for (let b = 0; b < SIZE; b++) {
      if (m[a]![b]) darkCount++;
      rowRun = b > 0 && m[a]![b] === m[a]![b - 1] ? rowRun + 1 : 1;
      colRun = b > 0 && m[b]![a] === m[b - 1]![a] ? colRun + 1 : 1;
      score += (rowRun === 5 ? 3 : rowRun > 5 ? 1 : 0) + (colRun === 5 ? 3 : colRun > 5 ? 1 : 0);
      if (a > 0 && b > 0) {
        const c = m[a]![b];
        if (c === m[a - 1]![b] && c === m[a]![b - 1] && c === m[a - 1]![b - 1]) score += 3;
      }
    }
  }
  return score + Math.floor(Math.abs(darkCount * 20 - SIZE * SIZE * 10) / (SIZE * SIZE)) * 10;
}

/** The QR code of a pickup code, with the mask that scans best; null for what is not 1 to 34 digits. */
export function pickupQr(digits: string): boolean[][] | null {
  if (!/^\d{1,34}$/.test(digits)) return null;
  let best: boolean[][] | null = null;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const m = qrWithMask(digits, mask);
    const score = penalty(m);
    if (score < bestScore) [best, bestScore] = [m, score];
  }
  return best;
}

/** The QR code of a pickup code as an SVG path of its dark modules, with a 4-module quiet zone. */
export function pickupQrSvg(digits: string): { size: number; path: string } | null {
  const qr = pickupQr(digits);
  if (!qr) return null;
  const quiet = 4;
  let path = '';
  qr.forEach((row, y) => row.forEach((on, x) => on && (path += `M${x + quiet} ${y + quiet}h1v1h-1z`)));
  return { size: qr.length + quiet * 2, path };
}
