import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import type { Locale } from '../../contract/rules/language.ts';
import { couponClientGet, orderAdd, orderCalls, orderPay, orderPayStatus, storeSlots } from '../../contract/orders.ts';
import { openApiDocument } from '../../server/http/openapi.ts';
import { describeIssue } from '../../server/http/validation.ts';

/** A Perodua Myvi owner books wiper blades and a basic service at a Petaling Jaya workshop. */
const install = {
  idempotencyKey: '3f6c2a1e-8d4b-4c1a-9e2f-7b5d1c0a9e88',
  items: [
    { productId: 'wiper-bosch-aerotwin', quantity: 1, options: { wiper: { driverInch: 24, passengerInch: 14 } } },
    { productId: 'service-basic', quantity: 1, options: { oilId: 'oil-petronas-syntium-3000-5w30' } },
  ],
  variantId: 'perodua-myvi-1.5-av-2022',
  carPlate: 'wxy1234',
  method: 'install',
  storeId: 'petaling-jaya-ss2-tyre-auto',
  appointment: { date: '2026-06-03', time: '10:00' },
  contact: { name: 'Nur Aisyah binti Rahman', phone: '0123456789', email: 'aisyah@example.my' },
  notes: 'Please check the aircond too.',
  couponCode: ' save-20 ',
};

const address = {
  recipient: 'Tan Wei Ming',
  phone: '0162345678',
  line1: '12, Jalan SS 2/24',
  postcode: '47300',
  city: 'Petaling Jaya',
  state: 'selangor',
};
const { storeId: _s, appointment: _a, ...base } = install;
const mail = { ...base, items: [install.items[0]], method: 'mail', address };

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.error.issues[0])}`);
  return result.data;
}

/** The first problem with `body`, as the server words it. */
function problem(schema: z.ZodType, body: unknown, locale: Locale = 'en') {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) throw new Error('expected the body to be refused');
  return describeIssue(result.error.issues[0]!, locale);
}

describe('order/app/add: placing an order', () => {
  test('an installation order, tidied: plate in capitals, phone as +60, coupon code normalised', () => {
    const order = parsed(orderAdd.request, install);
    expect(order.carPlate).toBe('WXY 1234');
    expect(order.contact.phone).toBe('+60123456789');
    expect(order.couponCode).toBe('SAVE20');
    expect(order.items).toHaveLength(2);
  });

  test('a phone as the checkout shows it (+60 12-345 6789) is taken as the same number', () => {
    const order = parsed(orderAdd.request, { ...mail, contact: { ...install.contact, phone: '+60 12-345 6789' }, address: { ...address, phone: '016-234 5678' } });
    expect(order.contact.phone).toBe('+60123456789');
    expect(order.address!.phone).toBe('+60162345678');
  });

  test('a mailed order: the state is written out and the postcode checked against it', () => {
    const order = parsed(orderAdd.request, mail);
    expect(order.address).toMatchObject({ state: 'Selangor', postcode: '47300', phone: '+60162345678' });
    expect(order.address!.line2).toBeUndefined();
  });

  test('a pickup order needs the workshop and nothing else', () => {
    expect(parsed(orderAdd.request, { ...base, method: 'pickup', storeId: 'petaling-jaya-ss2-tyre-auto' }).method).toBe('pickup');
  });

  test('a blank e-mail, second address line or coupon code is none', () => {
    const order = parsed(orderAdd.request, { ...mail, contact: { ...install.contact, email: ' ' }, address: { ...address, line2: '' }, couponCode: '' });
    expect(order.contact.email).toBeUndefined();
    expect(order.address!.line2).toBeUndefined();
    expect(order.couponCode).toBeUndefined();
  });

  test.each([
    ['installation without a workshop', { ...install, storeId: undefined }, { field: 'storeId', msg: 'storeId is required.' }],
    ['installation without a time', { ...install, appointment: undefined }, { field: 'appointment', msg: 'Please choose an appointment date and time.' }],
    ['pickup without a workshop', { ...base, method: 'pickup' }, { field: 'storeId', msg: 'storeId is required.' }],
    ['mailing without an address', { ...base, method: 'mail' }, { field: 'address', msg: 'address is required.' }],
    ['mailing with a workshop', { ...mail, storeId: 'petaling-jaya-ss2-tyre-auto' }, { field: 'storeId', msg: 'storeId is not used with this ordering method.' }],
    ['pickup with a time', { ...base, method: 'pickup', storeId: 'petaling-jaya-ss2-tyre-auto', appointment: install.appointment }, { field: 'appointment', msg: 'appointment is not used with this ordering method.' }],
    ['an unknown method', { ...install, method: 'drone' }, { field: 'method', msg: 'method must be one of: install, pickup, mail, mobile.' }],
  ])('%s is refused', (_, body, expected) => {
    expect(problem(orderAdd.request, body)).toEqual(expected);
  });

  test.each([
    ['no plate', { carPlate: '' }, 'carPlate', 'Please enter your car plate number.'],
    ['a plate that is not one', { carPlate: 'HELLO' }, 'carPlate', 'Please enter a Malaysian car plate number, e.g. WXY 1234.'],
    ['a date that does not exist', { appointment: { date: '2026-02-30', time: '10:00' } }, 'appointment.date', 'appointment.date must be a real date, written YYYY-MM-DD.'],
    ['a time that is not one', { appointment: { date: '2026-06-03', time: '25:00' } }, 'appointment.time', 'appointment.time is not valid.'],
    ['no lines', { items: [] }, 'items', 'Your cart is empty.'],
    ['a line of five tyres', { items: [{ productId: 'tyre-bridgestone-ecopia-ep150', quantity: 5 }] }, 'items.0.quantity', 'items.0.quantity must be at most 4.'],
    ['a client-side price', { items: [{ productId: 'service-basic', quantity: 1, priceSen: 1 }] }, 'priceSen', 'priceSen is not a field of this call.'],
    ['a blank name', { contact: { ...install.contact, name: '   ' } }, 'contact.name', 'contact.name is required.'],
    ['a landline as the contact phone', { contact: { ...install.contact, phone: '0378901234' } }, 'contact.phone', 'Please enter a valid Malaysian mobile number.'],
    ['an e-mail that is not one', { contact: { ...install.contact, email: 'aisyah@' } }, 'contact.email', 'contact.email is not valid.'],
    ['notes of 501 characters', { notes: 'x'.repeat(501) }, 'notes', 'Notes can be at most 500 characters.'],
    ['a short idempotency key', { idempotencyKey: 'abc' }, 'idempotencyKey', 'idempotencyKey is too short.'],
  ])('%s: %s', (_, change, field, msg) => {
    expect(problem(orderAdd.request, { ...install, ...change })).toEqual({ field, msg });
  });

  test('notes of exactly 500 characters are kept whole', () => {
    expect(parsed(orderAdd.request, { ...install, notes: 'x'.repeat(500) }).notes).toHaveLength(500);
  });

  test.each([
    ['a postcode in another state', { postcode: '80000' }, 'address.postcode', '80000 is in Johor, not Selangor.'],
    ['a postcode of four digits', { postcode: '4730' }, 'address.postcode', 'A postcode has 5 digits.'],
    ['a postcode no state has', { postcode: '99999' }, 'address.postcode', 'This is not a Malaysian postcode.'],
    ['a state that is not Malaysian', { state: 'Singapore' }, 'address.state', 'Please choose a Malaysian state or federal territory.'],
    ['no first line', { line1: '' }, 'address.line1', 'address.line1 is required.'],
  ])('an address with %s', (_, change, field, msg) => {
    expect(problem(orderAdd.request, { ...mail, address: { ...address, ...change } })).toEqual({ field, msg });
  });

  test('in Chinese and Malay', () => {
    expect(problem(orderAdd.request, { ...install, carPlate: 'HELLO' }, 'zh-cn').msg).toBe('请输入有效的马来西亚车牌号码，例如 WXY 1234。');
    expect(problem(orderAdd.request, { ...mail, address: { ...address, postcode: '88000' } }, 'ms').msg).toBe('88000 terletak di Sabah, bukan Selangor.');
    expect(problem(orderAdd.request, { ...install, appointment: undefined }, 'ms').msg).toBe('Sila pilih tarikh dan masa temu janji.');
  });
});

describe('order/app/pay', () => {
  test('FPX with a bank', () => {
    expect(parsed(orderPay.request, { orderNo: 'SV2606010001', payMethod: 'fpx', bankCode: 'maybank2u' })).toEqual({
      orderNo: 'SV2606010001',
      payMethod: 'fpx',
      bankCode: 'maybank2u',
    });
  });

  test("cards, Touch 'n Go and GrabPay without one", () => {
    for (const payMethod of ['card', 'tng', 'grabpay']) expect(parsed(orderPay.request, { orderNo: 'SV2606010001', payMethod }).payMethod).toBe(payMethod);
  });

  test('a bank only for FPX', () => {
    expect(problem(orderPay.request, { orderNo: 'SV2606010001', payMethod: 'card', bankCode: 'cimb' })).toEqual({
      field: 'bankCode',
      msg: 'A bank is chosen only for FPX online banking.',
    });
  });

  test('an unknown bank or method', () => {
    expect(problem(orderPay.request, { orderNo: 'SV2606010001', payMethod: 'fpx', bankCode: 'bank-of-nowhere' }).field).toBe('bankCode');
    expect(problem(orderPay.request, { orderNo: 'SV2606010001', payMethod: 'cash' }).msg).toBe('payMethod must be one of: fpx, card, tng, grabpay, shopeepay, boost, duitnow, atome.');
  });

  test('an order number is letters and digits', () => {
    expect(problem(orderPay.request, { orderNo: "1' OR '1'='1", payMethod: 'card' })).toEqual({ field: 'orderNo', msg: 'orderNo is not valid.' });
  });
});

describe('the other calls', () => {
  test('store/slots takes a workshop and the cart', () => {
    expect(parsed(storeSlots.request, { storeId: 'petaling-jaya-ss2-tyre-auto', items: install.items }).items).toHaveLength(2);
    expect(problem(storeSlots.request, { storeId: 'Petaling Jaya!', items: install.items })).toEqual({ field: 'storeId', msg: 'storeId is not valid.' });
  });

  test('coupon/client-get takes the cart and, if typed, a code', () => {
    expect(parsed(couponClientGet.request, { items: install.items, couponCode: 'welcome 15' }).couponCode).toBe('WELCOME15');
    expect(parsed(couponClientGet.request, { items: install.items }).couponCode).toBeUndefined();
  });

  test('update/pay/status takes the order number', () => {
    expect(parsed(orderPayStatus.request, { orderNo: ' SV2606010001 ' }).orderNo).toBe('SV2606010001');
  });

  test('all need a logged-in customer and sit at the paths of docs/contracts/orders.md', () => {
    expect(orderCalls.every((c) => c.auth)).toBe(true);
    expect(orderCalls.map((c) => c.path)).toEqual([
      '/app/order/vehicle/store/slots',
      '/app/order/vehicle/coupon/client-get',
      '/app/order/vehicle/order/app/add',
      '/app/order/vehicle/order/app/pay',
      '/app/order/vehicle/order/update/pay/status',
    ]);
  });

  test('go into the OpenAPI document', () => {
    const doc = openApiDocument(orderCalls) as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }> };
    const add = doc.paths['/api/app/order/vehicle/order/app/add']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(add.properties)).toEqual(expect.arrayContaining(['idempotencyKey', 'items', 'variantId', 'carPlate', 'method', 'storeId', 'appointment', 'address', 'contact', 'notes', 'couponCode']));
  });
});
