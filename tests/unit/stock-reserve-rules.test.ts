import { describe, expect, test } from 'vitest';
import { firstBookingDate, lineUnitsOf, transferDate } from '../../contract/rules/stock.ts';

const tyre = { id: 'tyre-michelin-energy-xm2-plus', fit: { kind: 'tyre', sizes: { '185/55R15': 27000 } } };
const wiper = { id: 'wiper-bosch-aerotwin', fit: { kind: 'wiper', lengths: [12, 14, 24] } };
const cam = { id: 'dashcam-70mai-m300', fit: { kind: 'universal' } };
const service = { id: 'service-basic', fit: { kind: 'universal' }, stocked: false as const };

describe('the units a line takes', () => {
  test('a tyre of its size, each blade of a wiper set, the product itself; nothing for what is not stocked', () => {
    expect(lineUnitsOf(tyre, { tyreSize: '185/55R15' }, 4)).toEqual([{ sku: 'tyre-michelin-energy-xm2-plus@185/55R15', quantity: 4 }]);
    expect(lineUnitsOf(wiper, { wiper: { driverInch: 24, passengerInch: 14, rearInch: 12 } }, 1)).toEqual([
      { sku: 'wiper-bosch-aerotwin@24in', quantity: 1 },
      { sku: 'wiper-bosch-aerotwin@14in', quantity: 1 },
      { sku: 'wiper-bosch-aerotwin@12in', quantity: 1 },
    ]);
    expect(lineUnitsOf(wiper, { wiper: { driverInch: 14, passengerInch: 14 } }, 2)).toEqual([{ sku: 'wiper-bosch-aerotwin@14in', quantity: 4 }]);
    expect(lineUnitsOf(cam, {}, 1)).toEqual([{ sku: 'dashcam-70mai-m300', quantity: 1 }]);
    expect(lineUnitsOf(service, {}, 1)).toEqual([]);
  });
});

describe('the first date offered', () => {
  test('two days ahead, or transferDays more when units come from the warehouse; a Sunday skipped', () => {
    // Monday 2 June 2025.
    expect(firstBookingDate('2025-06-02', 2)).toBe('2025-06-04');
    expect(transferDate('2025-06-02', 2, 2)).toBe('2025-06-06');
    // Friday 6 June: Sunday 8 June is skipped for Monday 9 June.
    expect(firstBookingDate('2025-06-06', 2)).toBe('2025-06-09');
    expect(transferDate('2025-06-04', 2, 2)).toBe('2025-06-09');
  });
});
