import { describe, expect, test } from 'vitest';
import { asksToConfirm, distanceKm, nearestFirst, preselectedWorkshop } from '../../contract/rules/nearest.ts';

/** Real places: the customer in Petaling Jaya, and workshops around the Klang Valley and beyond. */
const petalingJaya = { lat: 3.1073, lng: 101.6067 };
const ss2 = { id: 'petaling-jaya-ss2-tyre-auto', lat: 3.11804, lng: 101.62113 };
const klang = { id: 'klang-bukit-tinggi-tyre-auto', lat: 3.00512, lng: 101.43702 };
const seremban = { id: 'seremban-oakland-auto-service', lat: 2.71483, lng: 101.94996 };
const alorSetar = { id: 'alor-setar-jalan-langgar-motor', lat: 6.11986, lng: 100.38995 };

describe('great-circle distance', () => {
  test('is zero from a place to itself', () => {
    expect(distanceKm(petalingJaya, petalingJaya)).toBe(0);
  });

  test('Kuala Lumpur to Johor Bahru is about 300 km as the crow flies', () => {
    expect(distanceKm({ lat: 3.139, lng: 101.6869 }, { lat: 1.4927, lng: 103.7414 })).toBeCloseTo(292, -1);
  });

  test('is the same both ways, to 0.1 km', () => {
    const there = distanceKm(petalingJaya, alorSetar);
    expect(there).toBe(distanceKm(alorSetar, petalingJaya));
    expect(Math.round(there * 10) / 10).toBe(there);
    expect(there).toBeGreaterThan(350);
  });
});

describe('workshops nearest first', () => {
  test('sorts by distance from the customer and tells each distance', () => {
    const sorted = nearestFirst([alorSetar, seremban, klang, ss2], petalingJaya);
    expect(sorted.map((w) => w.id)).toEqual([ss2.id, klang.id, seremban.id, alorSetar.id]);
    expect(sorted[0]!.distanceKm).toBeLessThan(3);
    expect(sorted[1]!.distanceKm).toBeGreaterThan(20);
  });

  test('keeps the order given, without distances, when the customer has not said where they are', () => {
    const listed = nearestFirst([alorSetar, ss2], null);
    expect(listed.map((w) => [w.id, w.distanceKm])).toEqual([
      [alorSetar.id, null],
      [ss2.id, null],
    ]);
  });

  test('two workshops equally far keep the order they came in', () => {
    const twin = { ...ss2, id: 'twin' };
    expect(nearestFirst([twin, ss2], petalingJaya).map((w) => w.id)).toEqual(['twin', ss2.id]);
  });
});

describe('what the checkout ticks for the customer', () => {
  const listed = (...d: [string, number | null][]) => d.map(([id, distanceKm]) => ({ id, distanceKm }));

  test('nothing when several workshops are within 25 km', () => {
    expect(preselectedWorkshop(listed(['a', 2.1], ['b', 6.4], ['c', 30]), null)).toBeNull();
  });

  test('the only workshop within 25 km', () => {
    expect(preselectedWorkshop(listed(['a', 24.9], ['b', 60], ['c', 410]), null)).toBe('a');
  });

  test('exactly 25 km still counts as within', () => {
    expect(preselectedWorkshop(listed(['a', 25], ['b', 25.1]), null)).toBe('a');
  });

  test('nothing when every workshop is farther than 25 km, however near the nearest is', () => {
    expect(preselectedWorkshop(listed(['alor-setar', 26]), null)).toBeNull();
  });

  test('nothing when the customer has not said where they are', () => {
    expect(preselectedWorkshop(listed(['a', null]), null)).toBeNull();
  });

  test("the customer's last-used workshop, wherever it is in the list", () => {
    expect(preselectedWorkshop(listed(['a', 2], ['b', 3], ['last', 12]), 'last')).toBe('last');
    expect(preselectedWorkshop(listed(['a', null], ['last', null]), 'last')).toBe('last');
  });

  test('a last-used workshop that is not listed (it cannot take this cart) is not chosen', () => {
    expect(preselectedWorkshop(listed(['a', 2], ['b', 3]), 'gone')).toBeNull();
    expect(preselectedWorkshop(listed(['a', 2], ['b', 40]), 'gone')).toBe('a');
  });
});

describe('a far workshop asks to confirm', () => {
  test('farther than 50 km asks', () => {
    expect(asksToConfirm(50.1)).toBe(true);
    expect(asksToConfirm(410)).toBe(true);
  });

  test('50 km or nearer, or an unknown distance, does not', () => {
    expect(asksToConfirm(50)).toBe(false);
    expect(asksToConfirm(3.2)).toBe(false);
    expect(asksToConfirm(null)).toBe(false);
  });
});
