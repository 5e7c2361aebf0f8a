import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import type { CarInfo } from '../../stores/car.ts';

/** "Perodua Myvi · 掀背车": brand and model, with the body type in the page's language. */
export function carLabel(car: CarInfo | null, locale: Locale): string | null {
  if (!car) return null;
  const types: Record<string, string> = dictionary(locale).bodyTypes;
  const body = car.bodyType ? (types[car.bodyType] ?? car.bodyType) : '';
  return [`${car.brand} ${car.model}`.trim(), body].filter(Boolean).join(' · ');
}

/** Only a known variant has fitment facts: with the year or variant skipped, nothing can be said to fit. */
export const variantKnown = (car: CarInfo | null): boolean => Boolean(car?.variantId);
