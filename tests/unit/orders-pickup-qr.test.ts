import { describe, expect, test } from 'vitest';
import { pickupQrSvg } from '../../server/modules/orders/pickup-qr.ts';

/**
 * The pickup QR code as app/find answers it, read back the way a counter's scanner reads it
 * (ISO/IEC 18004, version 1): the modules from the SVG path, the format information, the mask,
 * the data codewords in their zigzag, the error correction checked, and the digits decoded.
 */

const QUIET = 4;
const SIZE = 21;

/** The dark modules drawn by the path, as rows of booleans inside the quiet zone. */
function modulesOf(svg: { size: number; path: string }): boolean[][] {
  const grid = Array.from({ length: SIZE }, () => new Array<boolean>(SIZE).fill(false));
  for (const [, x, y] of svg.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) grid[Number(y) - QUIET]![Number(x) - QUIET] = true;
  return grid;
}

const levels = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' } as const;
const dataCodewords = { L: 19, M: 16, Q: 13, H: 9 } as const;

/** The 15-bit format information of a level and mask: BCH(15,5) with its fixed mask. */
function formatBits(data: number): number {
  let rem = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (rem & (1 << bit)) rem ^= 0x537 << (bit - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The format information around the top-left finder, read as scanners do. */
function readFormat(m: boolean[][]): { level: keyof typeof dataCodewords; mask: number } {
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  let bits = 0;
  for (const [x, y] of [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]] as const) bits = (bits << 1) | at(x, y);
  for (let data = 0; data < 32; data++) {
    if (formatBits(data) === bits) return { level: levels[(data >> 3) as 0 | 1 | 2 | 3], mask: data & 7 };
  }
  throw new Error('no valid format information');
}

const masks: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/** Finders with their separators and the format information, and the timing patterns. */
const isFunction = (row: number, col: number) => (row <= 8 && (col <= 8 || col >= 13)) || (row >= 13 && col <= 8) || row === 6 || col === 6;

/** All 26 codewords, unmasked, in the zigzag order from the bottom-right corner. */
function codewords(m: boolean[][], mask: number): number[] {
  const bits: number[] = [];
  let upward = true;
  for (let right = SIZE - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < SIZE; k++) {
      const row = upward ? SIZE - 1 - k : k;
      for (const col of [right, right - 1]) {
        if (!isFunction(row, col)) bits.push(m[row]![col] !== masks[mask]!(row, col) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  return Array.from({ length: 26 }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
}

function gfMul(a: number, b: number): number {
  let r = 0;
  for (; b; b >>= 1, a = a & 0x80 ? ((a << 1) ^ 0x11d) & 0xff : a << 1) if (b & 1) r ^= a;
  return r;
}

/** Reed–Solomon syndromes: all zero when the error correction matches the data. */
function syndromes(words: number[], ecCount: number): number[] {
  const out: number[] = [];
  for (let i = 0, root = 1; i < ecCount; i++, root = gfMul(root, 2)) out.push(words.reduce((acc, w) => gfMul(acc, root) ^ w, 0));
  return out;
}

/** The digits of a numeric-mode segment. */
function numericDigits(data: number[]): string {
  const bits = data.map((w) => w.toString(2).padStart(8, '0')).join('');
  let at = 0;
  const take = (n: number) => parseInt(bits.slice(at, (at += n)), 2);
  expect(take(4)).toBe(0b0001);
  let left = take(10);
  let digits = '';
  while (left > 0) {
    const n = Math.min(3, left);
    digits += String(take([0, 4, 7, 10][n]!)).padStart(n, '0');
    left -= n;
  }
  return digits;
}

function scan(digits: string) {
  const svg = pickupQrSvg(digits)!;
  const m = modulesOf(svg);
  const { level, mask } = readFormat(m);
  const words = codewords(m, mask);
  return { svg, level, syndromes: syndromes(words, 26 - dataCodewords[level]), digits: numericDigits(words.slice(0, dataCodewords[level])) };
}

describe('the pickup code’s QR code', () => {
  test.each(['483920', '000000', '999999', '0', '42', '1234567890123456789012345678901234'])('%s is read back from the answer', (digits) => {
    const read = scan(digits);
    expect(read.svg.size).toBe(SIZE + 2 * QUIET);
    expect(read.syndromes.every((s) => s === 0)).toBe(true);
    expect(read.digits).toBe(digits);
  });

  test('a 6-digit code gets at least level M', () => {
    expect(['M', 'Q', 'H']).toContain(scan('483920').level);
  });

  test('what is not 1 to 34 digits gets no QR code (the code is still shown in large print)', () => {
    expect(pickupQrSvg('')).toBeNull();
    expect(pickupQrSvg('12a4')).toBeNull();
    expect(pickupQrSvg('1'.repeat(35))).toBeNull();
  });
});
