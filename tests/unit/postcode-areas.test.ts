import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { distanceKm } from '../../contract/rules/nearest.ts';
import { malaysianStates } from '../../contract/rules/postcode.ts';
import { areaOfPostcode, type PostcodeTable } from '../../contract/rules/postcode-areas.ts';
import { postcodeTableProblems } from '../../contract/rules/postcode-table-check.ts';
import { cityFile } from '../../server/modules/dictionary/service.ts';

const content = path.resolve(import.meta.dirname, '../../content');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(content, file), 'utf8'));
const table: PostcodeTable = readJson('dictionaries/postcodes.json').prefixes;
const cities = cityFile.parse(readJson('dictionaries/city.json')).entries;
const workshops: { id: string; postcode: string; state: string; lat: number; lng: number }[] = readdirSync(path.join(content, 'stores')).flatMap(
  (f) => readJson(path.join('stores', f)).workshops,
);

describe('the postcode table', () => {
  test("puts every prefix in its state's postcode ranges, with a centre in Malaysia", () => {
    expect(postcodeTableProblems(table)).toEqual([]);
  });

  test('covers every state and federal territory, from the first prefix of each of its ranges', () => {
    for (const state of malaysianStates) {
      for (const [low] of state.postcodes) {
        const prefix = String(Math.floor(low / 100)).padStart(3, '0');
        // Selangor's ranges shared with Kuala Lumpur start in the city itself.
        const owner = table[prefix];
        expect(owner, `${state.name} ${prefix}`).toBeDefined();
      }
      expect(Object.values(table).some((a) => a.state === state.name), state.name).toBe(true);
    }
  });

  test("places every workshop's postcode in its state, within 20 km of the workshop", () => {
    for (const w of workshops) {
      const found = areaOfPostcode(table, w.postcode);
      expect(found.ok, w.id).toBe(true);
      if (!found.ok) continue;
      expect(found.place.state, w.id).toBe(w.state);
      expect(distanceKm(found.place, w), w.id).toBeLessThanOrEqual(20);
    }
  });

  test('names each city of the city menu, at its centre', () => {
    for (const city of cities) {
      const areas = Object.values(table).filter((a) => a.city === city.value);
      expect(areas.length, city.value).toBeGreaterThan(0);
      for (const area of areas) {
        expect(area.state, city.value).toBe(city.group);
        expect(distanceKm(area, city), city.value).toBeLessThanOrEqual(10);
      }
    }
  });

  test('a city-menu value it names is a city of the menu', () => {
    const values = new Set(cities.map((c) => c.value));
    for (const [prefix, area] of Object.entries(table)) if (area.city) expect(values.has(area.city), prefix).toBe(true);
  });
});

describe('a typed postcode', () => {
  test('47301 is Petaling Jaya, Selangor', () => {
    const found = areaOfPostcode(table, ' 47301 ');
    expect(found).toMatchObject({ ok: true, postcode: '47301', place: { area: 'Petaling Jaya', state: 'Selangor', city: 'petaling-jaya' } });
  });

  test('typed with a Chinese keyboard, it is read the same', () => {
    expect(areaOfPostcode(table, '４７３０１')).toMatchObject({ ok: true, postcode: '47301' });
  });

  test('93350 is Kuching, 88300 Kota Kinabalu, 05150 Alor Setar', () => {
    expect(areaOfPostcode(table, '93350')).toMatchObject({ ok: true, place: { city: 'kuching' } });
    expect(areaOfPostcode(table, '88300')).toMatchObject({ ok: true, place: { city: 'kota-kinabalu' } });
    expect(areaOfPostcode(table, '05150')).toMatchObject({ ok: true, place: { city: 'alor-setar' } });
  });

  test('blank, short, lettered or unknown postcodes get the postcode rule’s problem', () => {
    expect(areaOfPostcode(table, '  ')).toEqual({ ok: false, problem: 'postcode.required' });
    expect(areaOfPostcode(table, '4730')).toEqual({ ok: false, problem: 'postcode.format' });
    expect(areaOfPostcode(table, '47a01')).toEqual({ ok: false, problem: 'postcode.format' });
    expect(areaOfPostcode(table, '00000')).toEqual({ ok: false, problem: 'postcode.unknown' });
    expect(areaOfPostcode(table, '99999')).toEqual({ ok: false, problem: 'postcode.unknown' });
  });

  test('a prefix the table lacks is not a Malaysian postcode', () => {
    expect(areaOfPostcode({}, '47301')).toEqual({ ok: false, problem: 'postcode.unknown' });
  });
});

describe('the checks of a table', () => {
  test('name a prefix outside its state, a wrong state and a centre abroad', () => {
    expect(
      postcodeTableProblems({
        '473': { area: 'Petaling Jaya', state: 'Johor', lat: 3.1, lng: 101.6 },
        '500': { area: 'Kuala Lumpur', state: 'Gotham', lat: 3.1, lng: 101.7 },
        '880': { area: 'Kota Kinabalu', state: 'Sabah', lat: 35.6, lng: 139.7 },
        '4a3': { area: 'x', state: 'Selangor', lat: 3, lng: 101 },
      }),
    ).toEqual(['473: no postcode of 473xx is in Johor', '500: "Gotham" is not a state\'s name', '880: 35.6, 139.7 is not in Malaysia', '"4a3" is not a 3-digit prefix']);
  });
});
