import { describe, expect, test } from 'vitest';
import { message } from '../../contract/rules/messages.ts';
import { checkPlate, normalisePlate } from '../../contract/rules/plate.ts';

describe('a Malaysian car plate, written the one way', () => {
  test.each([
    ['WXY 1234', 'WXY 1234'],
    ['wxy1234', 'WXY 1234'],
    ['  wxy   1234 ', 'WXY 1234'],
    ['VAB 88', 'VAB 88'],
    ['vab88', 'VAB 88'],
    ['SAA 1234 A', 'SAA 1234 A'],
    ['saa1234a', 'SAA 1234 A'],
    ['SAA-1234-A', 'SAA 1234 A'],
    ['ＷＸＹ１２３４', 'WXY 1234'],
  ])('%j is %s', (typed, plate) => {
    expect(normalisePlate(typed)).toBe(plate);
  });
});

describe('plates the shop accepts', () => {
  test.each([
    ['Kuala Lumpur', 'WA 1'],
    ['Kuala Lumpur with a suffix letter', 'W 1234 A'],
    ['Kuala Lumpur, newer V series', 'VBN 4521'],
    ['Selangor', 'BPK 7781'],
    ['Perak', 'AKM 301'],
    ['Pahang', 'CBD 12'],
    ['Kelantan', 'DAF 9999'],
    ['Johor', 'JTB 555'],
    ['Kedah', 'KEL 2020'],
    ['Langkawi', 'KV 4567 B'],
    ['Melaka', 'MCD 8'],
    ['Negeri Sembilan', 'NBH 6060'],
    ['Penang', 'PKN 1313'],
    ['Perlis', 'RAB 77'],
    ['Terengganu', 'TBC 321'],
    ['Putrajaya', 'F 88'],
    ['Putrajaya FF series', 'FF 1'],
    ['Labuan', 'L 2345'],
    ['Sabah, West Coast', 'SA 1234 A'],
    ['Sabah, Sandakan', 'SS 4321 B'],
    ['Sarawak, Kuching', 'QAA 1234 A'],
    ['Sarawak, Miri', 'QM 5678'],
    ['a taxi', 'HWA 1234'],
    ['the Merdeka M…M series', 'M 1 M'],
    ['the G…G series', 'G 99 G'],
    ['a special letter series', 'GTR 7'],
  ])('%s: %s', (_, plate) => {
    expect(normalisePlate(plate)).toBe(plate);
    expect(checkPlate(plate)).toBeNull();
  });

  test.each([
    ['PATRIOT 1', 'PATRIOT 1'],
    ['patriot1', 'PATRIOT 1'],
    ['MALAYSIA 9', 'MALAYSIA 9'],
    ['Malaysia 2020', 'MALAYSIA 2020'],
    ['PUTRAJAYA 1234', 'PUTRAJAYA 1234'],
    ['G1M 88', 'G1M 88'],
    ['1M4U 11', '1M4U 11'],
    ['IM4U 11', 'IM4U 11'],
    ['BAMbee 1', 'BAMBEE 1'],
    ['UiTM 2016', 'UITM 2016'],
    ['XIII NAM 1', 'XIIINAM 1'],
    ['XOIC 57', 'XOIC 57'],
    ['SUKOM 98', 'SUKOM 98'],
    ['VIP 1', 'VIP 1'],
    ['PERFECT 10', 'PERFECT 10'],
    ['NBOS 8', 'NBOS 8'],
    ['LIMO 123', 'LIMO 123'],
  ])('the special series %j is %s', (typed, plate) => {
    expect(normalisePlate(typed)).toBe(plate);
  });

  test('a special series word without a number is read as an ordinary plate', () => {
    // "G1M" alone is the G…G-style series G 1 M, not the G1M word with no number.
    expect(normalisePlate('G1M')).toBe('G 1 M');
  });
});

describe('what is not a plate', () => {
  test.each([
    ['blank', '   '],
    ['digits only', '1234'],
    ['letters only', 'WXY'],
    ['a leading zero', 'WXY 0123'],
    ['the number zero', 'WXY 0'],
    ['five digits', 'WXY 12345'],
    ['four letters', 'WXYZ 1234'],
    ['I after the state letter', 'WIA 1234'],
    ['O after the state letter', 'WOA 1234'],
    ['a state letter that is none', 'EAB 1234'],
    ['an unknown X series', 'XYZ 1'],
    ['two suffix letters', 'WXY 1234 AB'],
    ['digits after the suffix', 'WXY 1234 A5'],
    ['a suffix I', 'W 1234 I'],
    ['punctuation', 'WXY.1234'],
    ['an emoji', 'WXY 1234 🚗'],
    ['a made-up word', 'BATMAN 1'],
    ['a special series with five digits', 'PATRIOT 12345'],
    ['far too long', 'W'.repeat(21)],
  ])('%s: %j', (_, typed) => {
    expect(normalisePlate(typed)).toBeNull();
  });

  test('an empty plate is asked for, a wrong one explained', () => {
    expect(checkPlate('')).toBe('plate.required');
    expect(checkPlate('  ')).toBe('plate.required');
    expect(checkPlate('1234')).toBe('plate.invalid');
  });

  test('the message gives an example, in three languages', () => {
    expect(message('en', 'plate.invalid')).toBe('Please enter a Malaysian car plate number, e.g. WXY 1234.');
    expect(message('zh-cn', 'plate.invalid')).toContain('车牌');
    expect(message('ms', 'plate.invalid')).toContain('plat kereta');
  });
});
