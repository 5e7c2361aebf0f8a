import { describe, expect, test } from 'vitest';
import { locales } from '../../contract/rules/language.ts';
import { dictionary } from '../../src/i18n/index.ts';
import { cityPlaces } from '../../src/lib/places.ts';
import { kmWords, placeWords, townAndState } from '../../src/lib/whereabouts.ts';

// A workshop's card says where it is and how far: "Petaling Jaya, Selangor · 3.2 km away".

describe('where a workshop is', () => {
  test.each(locales)('%s: a town that is its own state is named once (吉隆坡, not 吉隆坡，吉隆坡)', (locale) => {
    const t = dictionary(locale).near;
    const kl = townAndState({ city: 'kuala-lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' }, cityPlaces(locale));
    expect(placeWords(t.townState, kl)).toBe(cityPlaces(locale).find((c) => c.value === 'kuala-lumpur')?.label);
  });

  test('a town in a state names both', () => {
    const pj = (locale: (typeof locales)[number]) => placeWords(dictionary(locale).near.townState, townAndState({ city: 'petaling-jaya', state: 'Selangor' }, cityPlaces(locale)));
    expect(pj('en')).toBe('Petaling Jaya, Selangor');
    expect(pj('zh-cn')).toBe('八打灵再也，雪兰莪');
    expect(pj('ms')).toBe('Petaling Jaya, Selangor');
  });
});

describe('how far a workshop is', () => {
  test.each(locales)('%s: a workshop at the centre of the chosen city is "under 100 m", never 0.0 km', (locale) => {
    const t = dictionary(locale);
    for (const km of [0, 0.04, 0.09]) {
      expect(kmWords(km, t.stores.distance, t.stores.distanceNear)).toBe(t.stores.distanceNear);
      expect(kmWords(km, t.near.km, t.near.kmNear)).toBe(t.near.kmNear);
    }
    expect(t.stores.distanceNear).toMatch(/100/);
    expect(kmWords(0.1, t.stores.distance, t.stores.distanceNear)).toContain('0.1');
  });

  test('from 100 m on, one decimal; from 100 km on, whole kilometres', () => {
    const t = dictionary('en').stores;
    expect(kmWords(3.24, t.distance, t.distanceNear)).toBe('3.2 km away');
    expect(kmWords(412.4, t.distance, t.distanceNear)).toBe('412 km away');
    expect(kmWords(0.1, dictionary('zh-cn').stores.distance, '')).toBe('距离 0.1 公里');
  });
});
