import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Visit } from '../../../src/islands/my-orders/DetailSections.tsx';
import { PriceSection } from '../../../src/islands/my-orders/PriceSection.tsx';
import type { OrderDetailDto } from '../../../src/islands/my-orders/format.ts';

/** The fields the visit's parts of the order page read. */
const order = (over: Partial<OrderDetailDto['visit']> = {}): OrderDetailDto =>
  ({
    method: 'mobile',
    visit: { van: 'Servauto Van PJ', date: '2025-06-04', start: '09:00', end: '11:00', onTheWayAt: null, etaMinutes: null, ...over },
    store: null,
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', line2: null, postcode: '47300', city: 'Petaling Jaya', state: 'Selangor', landmark: 'Block B guardhouse' },
    lines: [],
    coupon: null,
    totals: { partsSen: 10_000, labourSen: 0, serviceTaxSen: 0, deliveryFeeSen: 0, visitFeeSen: 3_000, visitFeeTaxSen: 240, discountSen: 0, totalSen: 13_240 },
  }) as unknown as OrderDetailDto;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

test('a visit names its van, its date and window, the address and landmark; not yet on the way', () => {
  const shown = text(renderToStaticMarkup(createElement(Visit, { locale: 'en', order: order() })));
  expect(shown).toContain('Fitted at your place');
  expect(shown).toContain('Van Servauto Van PJ');
  expect(shown).toContain('Time window Wed, 4 Jun 2025, 09:00–11:00');
  expect(shown).toContain('Address 12, Jalan SS 2/24, 47300 Petaling Jaya');
  expect(shown).toContain('Landmark Block B guardhouse');
  expect(shown).not.toContain('On the way');
});

test('once the technician set off: since when, in Kuala Lumpur, and how soon', () => {
  const shown = text(renderToStaticMarkup(createElement(Visit, { locale: 'en', order: order({ onTheWayAt: '2025-06-04T02:12:00.000Z', etaMinutes: 20 }) })));
  expect(shown).toContain('On the way since 10:12, about 20 min');
  expect(text(renderToStaticMarkup(createElement(Visit, { locale: 'ms', order: order({ onTheWayAt: '2025-06-04T02:12:00.000Z', etaMinutes: 20 }) })))).toContain('Dalam perjalanan sejak 10:12, kira-kira 20 min');
});

test('the price lists the visit fee with its tax', () => {
  const shown = text(renderToStaticMarkup(createElement(PriceSection, { locale: 'en', order: order() })));
  expect(shown).toMatch(/Visit fee \(incl\. 8% service tax\) RM\s?32\.40/);
});
