import type { Locale } from '../../contract/rules/language.ts';
import type { LineOptions } from '../../contract/line.ts';

/**
 * A line's choices in words staff read at the bay, in their language. Pure: the oil's name
 * comes from the caller (it lives in the catalogue).
 */
const words = {
  en: { oil: 'Engine oil', wiper: 'Wiper sizes', driver: 'driver', passenger: 'passenger', rear: 'rear', front: 'Front windscreen', side: 'Side windows', rearScreen: 'Rear windscreen', tyre: 'Tyre size', sep: ': ', list: ', ' },
  'zh-cn': { oil: '机油', wiper: '雨刮尺寸', driver: '主驾', passenger: '副驾', rear: '后窗', front: '前挡风玻璃', side: '侧窗', rearScreen: '后挡风玻璃', tyre: '轮胎尺寸', sep: '：', list: '，' },
  ms: { oil: 'Minyak enjin', wiper: 'Saiz pengelap', driver: 'pemandu', passenger: 'penumpang', rear: 'belakang', front: 'Cermin depan', side: 'Tingkap sisi', rearScreen: 'Cermin belakang', tyre: 'Saiz tayar', sep: ': ', list: ', ' },
} satisfies Record<Locale, Record<string, string>>;

export function optionWords(options: LineOptions, locale: Locale, oilName: string | null): string[] {
  const w = words[locale];
  const out: string[] = [];
  if (options.oilId) out.push(`${w.oil}${w.sep}${oilName ?? options.oilId}`);
  if (options.wiper) {
    const sizes = [`${w.driver} ${options.wiper.driverInch}"`, `${w.passenger} ${options.wiper.passengerInch}"`];
    if (options.wiper.rearInch !== undefined) sizes.push(`${w.rear} ${options.wiper.rearInch}"`);
    out.push(`${w.wiper}${w.sep}${sizes.join(w.list)}`);
  }
  if (options.tint) {
    out.push(`${w.front}${w.sep}${options.tint.frontPct} %`);
    out.push(`${w.side}${w.sep}${options.tint.sideWindowsPct} %`);
    out.push(`${w.rearScreen}${w.sep}${options.tint.rearWindscreenPct} %`);
  }
  if (options.tyreSize) out.push(`${w.tyre}${w.sep}${options.tyreSize}`);
  return out;
}
