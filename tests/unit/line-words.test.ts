import { describe, expect, test } from 'vitest';
import { lineWords } from '../../contract/rules/line-words.ts';
import { message } from '../../contract/rules/messages.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { optionWords } from '../../src/lib/line-words.ts';

/** The words as the server writes them (console, any server text). */
const onServer = (locale: Locale) => (options: Parameters<typeof lineWords>[0], oil?: string | null) =>
  lineWords(options, (key, params) => message(locale, key, params), oil);

const everything = {
  oilId: 'oil-x',
  wiper: { driverInch: 24, passengerInch: 16, rearInch: 12 },
  tint: { frontPct: 70, sideWindowsPct: 50, rearWindscreenPct: 30 },
  tyreSize: '205/55R16',
};

describe("a line's choices in words", () => {
  test.each([
    [
      'en',
      [
        'Tyre size: 205/55R16',
        'Blade lengths: Driver (long) 24″, Passenger (short) 16″, Rear 12″',
        'Tint transmittance: Front windscreen 70%, Side windows 50%, Rear windscreen 30%',
        'Engine oil: Shell Helix HX8 5W-30',
      ],
    ],
    [
      'zh-cn',
      ['轮胎尺寸：205/55R16', '雨刮长度：主驾驶（长）24″，副驾驶（短）16″，后雨刮 12″', '隔热膜透光率：前挡风玻璃 70%，侧窗 50%，后挡风玻璃 30%', '机油：Shell Helix HX8 5W-30'],
    ],
    [
      'ms',
      [
        'Saiz tayar: 205/55R16',
        'Panjang bilah: Pemandu (panjang) 24″, Penumpang (pendek) 16″, Belakang 12″',
        'Ketelusan cahaya filem: Cermin depan 70%, Cermin sisi 50%, Cermin belakang 30%',
        'Minyak enjin: Shell Helix HX8 5W-30',
      ],
    ],
  ] as const)('in %s, the same on the site and on the server', (locale, words) => {
    expect(onServer(locale)(everything, 'Shell Helix HX8 5W-30')).toEqual(words);
    expect(optionWords(everything, locale, 'Shell Helix HX8 5W-30')).toEqual(words);
  });

  test('a percentage is written "70%", with no space, in every language', () => {
    for (const locale of ['en', 'zh-cn', 'ms'] as const) {
      const [tint] = onServer(locale)({ tint: everything.tint });
      expect(tint).toContain(' 70%');
      expect(tint).not.toMatch(/\d %/);
    }
  });

  test('only what was chosen; two blades without a rear one', () => {
    expect(onServer('en')({ wiper: { driverInch: 24, passengerInch: 14 } })).toEqual(['Blade lengths: Driver (long) 24″, Passenger (short) 14″']);
    expect(onServer('en')({})).toEqual([]);
    expect(onServer('en')(undefined)).toEqual([]);
    expect(optionWords(undefined, 'en')).toEqual([]);
  });

  test('an oil whose name is not known yet is named by its id rather than left out', () => {
    expect(onServer('ms')({ oilId: 'oil-gone' }, null)).toEqual(['Minyak enjin: oil-gone']);
    expect(optionWords({ oilId: 'oil-x' }, 'en')).toEqual(['Engine oil: oil-x']);
  });
});
