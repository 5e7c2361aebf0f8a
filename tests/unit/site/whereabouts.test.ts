import { describe, expect, test } from 'vitest';
import { originOf } from '../../../src/lib/whereabouts.ts';
import { parseWhereabouts } from '../../../src/stores/location.ts';
import type { CityPlace } from '../../../src/lib/places.ts';

const cities: CityPlace[] = [
  { value: 'petaling-jaya', label: 'Petaling Jaya', state: 'Selangor', stateLabel: 'Selangor', lat: 3.1073, lng: 101.6067 },
  { value: 'kuching', label: '古晋', state: 'Sarawak', stateLabel: '砂拉越', lat: 1.5535, lng: 110.3593 },
];
const penang = { source: 'device' as const, lat: 5.414, lng: 100.329, withCity: 'petaling-jaya' };
const kuchingPostcode = { source: 'postcode' as const, postcode: '93350', area: 'Kuching', city: 'kuching', lat: 1.5535, lng: 110.3593, withCity: 'petaling-jaya' };

describe('where the workshop lists measure from', () => {
  test('the top bar’s city, at its centre, when nothing else was said', () => {
    expect(originOf(null, 'petaling-jaya', cities)).toMatchObject({ source: 'city', lat: 3.1073, lng: 101.6067, city: { label: 'Petaling Jaya' } });
    expect(originOf({ source: 'city' }, 'kuching', cities)).toMatchObject({ source: 'city', city: { value: 'kuching' } });
  });

  test('nowhere when no city is chosen, or one the menu no longer has', () => {
    expect(originOf(null, null, cities)).toBeNull();
    expect(originOf(null, 'atlantis', cities)).toBeNull();
  });

  test('the device’s position or the postcode’s area, while the top bar keeps the city it had then', () => {
    expect(originOf(penang, 'petaling-jaya', cities)).toEqual({ source: 'device', lat: 5.414, lng: 100.329 });
    // The area is named as the city menu names it, in the page's language.
    expect(originOf(kuchingPostcode, 'petaling-jaya', cities)).toMatchObject({ source: 'postcode', postcode: '93350', area: '古晋' });
  });

  test('a city chosen in the top bar since then wins', () => {
    expect(originOf(penang, 'kuching', cities)).toMatchObject({ source: 'city', city: { value: 'kuching' } });
    expect(originOf(kuchingPostcode, null, cities)).toBeNull();
  });
});

describe('what is read back from storage', () => {
  test('keeps a well-formed place', () => {
    expect(parseWhereabouts(penang)).toEqual(penang);
    expect(parseWhereabouts(kuchingPostcode)).toEqual(kuchingPostcode);
    expect(parseWhereabouts({ source: 'device', lat: 1, lng: 110 })).toEqual({ source: 'device', lat: 1, lng: 110, withCity: null });
  });

  test('drops anything else', () => {
    expect(parseWhereabouts({ source: 'device', lat: 'x', lng: 101 })).toBeNull();
    expect(parseWhereabouts({ source: 'postcode', postcode: '4730', area: 'PJ', lat: 3, lng: 101 })).toBeNull();
    expect(parseWhereabouts({ source: 'moon', lat: 3, lng: 101 })).toBeNull();
    expect(parseWhereabouts('petaling-jaya')).toBeNull();
  });
});
