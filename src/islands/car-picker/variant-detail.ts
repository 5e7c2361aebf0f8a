import type { VariantItem } from '../../../contract/vehicles.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';

/**
 * "1.3L Dual VVT-i · 自动挡 · 掀背车 · 2022–2025": a variant's engine, transmission, body type
 * and years, in the page's language (the engine is a maker's name and stays as written).
 */
export function variantDetail(v: Pick<VariantItem, 'engine' | 'transmission' | 'bodyType' | 'years'>, locale: Locale): string {
  const t = dictionary(locale);
  const words = (list: Record<string, string>, key: string) => list[key] ?? key;
  return [v.engine, words(t.transmissions, v.transmission), words(t.bodyTypes, v.bodyType), `${v.years[0]}–${v.years[1]}`].join(' · ');
}
