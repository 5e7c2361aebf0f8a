import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../../src/i18n/index.ts';
import { cardOf, Customer, OrderCard } from '../../../src/islands/console/parts.tsx';

type Card = Parameters<typeof OrderCard>[0]['order'];
type Detail = Parameters<typeof cardOf>[0];

/** The fields the card reads, with the customer as the console's lists give it. */
const card = (customer: Card['customer']): Card =>
  ({
    orderNo: 'SA2612060001',
    status: 'COMPLETED',
    stage: null,
    method: 'install',
    createdAt: '2026-12-06T02:00:00.000Z',
    store: { id: 'segambut', name: 'Segambut' },
    appointment: null,
    car: { name: 'Perodua Myvi', plate: '' },
    customer,
    lines: [],
    totalSen: 15_900,
    notes: '',
    actions: [],
  }) as unknown as Card;

const shown = (customer: Card['customer'], locale: Locale = 'en') =>
  renderToStaticMarkup(createElement(OrderCard, { locale, order: card(customer), onMoved: () => {}, children: createElement('p') }));

test('an open account is named with a link to call it', () => {
  const html = shown({ name: 'Aminah', phone: '+60123456789' });
  expect(html).toContain('Aminah');
  expect(html).toContain('href="tel:+60123456789"');
});

test('a closed account reads "closed account" in the console\'s language, with nothing to call', () => {
  for (const locale of ['en', 'zh-cn', 'ms'] as const) {
    const html = shown({ name: 'closed account', phone: '', closedAccount: true }, locale);
    expect(html).toContain(`<dd>${dictionary(locale).console.closedAccount}</dd>`);
    expect(html).not.toContain('tel:');
  }
  expect(dictionary('zh-cn').console.closedAccount).toBe('已注销账户');
  expect(dictionary('ms').console.closedAccount).toBe('akaun ditutup');
});

test('the refund queue\'s contact line draws a closed account the same way', () => {
  const html = renderToStaticMarkup(createElement(Customer, { locale: 'ms', customer: { name: 'closed account', phone: '', closedAccount: true }, sep: ', ' }));
  expect(html).toBe('akaun ditutup');
  const open = renderToStaticMarkup(createElement(Customer, { locale: 'en', customer: { name: 'Aminah', phone: '+60123456789' }, sep: ', ' }));
  expect(open).toContain('Aminah, <a');
  expect(open).toContain('href="tel:+60123456789"');
});

test('an order found at the counter keeps its closed account on the card', () => {
  const detail = {
    orderNo: 'SA2612060001',
    status: 'COMPLETED',
    stage: null,
    method: 'install',
    createdAt: '2026-12-06T02:00:00.000Z',
    store: null,
    appointment: null,
    bay: null,
    car: { name: 'Perodua Myvi', plate: '' },
    contact: { name: 'closed account', phone: '', email: null },
    closedAccount: true,
    consoleLines: [],
    notes: '',
    expressCompany: null,
    expressNo: null,
    totals: { totalSen: 15_900 },
    paidSen: 15_900,
    refundedSen: 0,
    money: {},
    refunds: [],
    actions: [],
  } as unknown as Detail;
  const html = shown(cardOf(detail).customer);
  expect(html).toContain(`<dd>${dictionary('en').console.closedAccount}</dd>`);
  expect(html).not.toContain('tel:');
});

test("a van job of a closed account shows no name, phone, address or map links", async () => {
  const { JobCard } = await import('../../../src/islands/console/VanDay.tsx');
  type Job = Parameters<typeof JobCard>[0]['job'];
  const job = (closed: boolean): Job => ({
    orderNo: 'SA2612060002',
    status: 'COMPLETED',
    stage: null,
    customer: closed ? '' : 'Aminah',
    phone: closed ? '' : '+60123456789',
    address: { line1: closed ? '' : '12 Jalan SS2/24', line2: null, postcode: closed ? '' : '47300', city: '', state: '', landmark: null },
    items: [{ name: 'Wash', quantity: 1 }],
    minutes: 60,
    carPlate: '',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Malaysia',
    wazeUrl: 'https://waze.com/ul?q=Malaysia&navigate=yes',
    onTheWayAt: null,
    etaMinutes: null,
    ...(closed ? { closedAccount: true as const } : {}),
  });
  const card = (closed: boolean) => renderToStaticMarkup(createElement(JobCard, { locale: 'ms', window: { start: '09:00', end: '11:00' }, job: job(closed), admin: false, onMoved: () => {} }));
  const closed = card(true);
  expect(closed).toContain('akaun ditutup');
  expect(closed).not.toContain('tel:');
  expect(closed).not.toContain('waze.com');
  const open = card(false);
  expect(open).toContain('href="tel:+60123456789"');
  expect(open).toContain('waze.com');
});
