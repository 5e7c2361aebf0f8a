import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { dictionary } from '../../../src/i18n/index.ts';
import { OrderCard } from '../../../src/islands/console/parts.tsx';

type Card = Parameters<typeof OrderCard>[0]['order'];

/** The fields the card reads; a pickup or a parcel may have been ordered without a plate. */
const card = (plate: string): Card =>
  ({
    orderNo: 'SA2612060001',
    status: 'PAID',
    stage: null,
    method: plate ? 'install' : 'pickup',
    createdAt: '2026-12-06T02:00:00.000Z',
    store: { id: 'segambut', name: 'Segambut' },
    appointment: null,
    car: { name: 'Perodua Myvi', plate },
    customer: { name: 'Aminah', phone: '+60123456789' },
    lines: [],
    totalSen: 15_900,
    notes: '',
    actions: [],
  }) as unknown as Card;

const shown = (plate: string) => renderToStaticMarkup(createElement(OrderCard, { locale: 'en', order: card(plate), onMoved: () => {}, children: createElement('p') }));

test('an order with a plate names it; one without has no empty plate row', () => {
  const t = dictionary('en').console;
  expect(shown('WXY 1234')).toContain(`>${t.plate}</dt><dd class="font-mono text-base font-bold">WXY 1234</dd>`);
  expect(shown('')).not.toContain(`>${t.plate}</dt>`);
  expect(shown('')).toContain('Perodua Myvi');
});
