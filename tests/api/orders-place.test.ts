import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import {
  ADD,
  BASIC_SERVICE,
  count,
  FIND,
  FIRST_DAY,
  installOrder,
  mailOrder,
  MATS,
  MYVI,
  pickupOrder,
  rows,
  selangorAddress,
  SS15,
  SS2,
  unitsAt,
  WIPERS,
} from './order-fixtures.ts';

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

const place = (body: unknown, options: { language?: string; key?: string } = {}) =>
  api.request(ADD, body, { userKey: options.key ?? userKey, language: options.language });

describe('placing an order with installation', () => {
  test('a Myvi owner books wiper blades and a basic service at SS2: RM 248.00, waiting 30 minutes for payment, a bay held', async () => {
    const answer = await place(installOrder());
    expect(answer).toMatchObject({
      code: 200,
      data: { status: 'PENDING_PAYMENT', totalSen: 24800, payBefore: '2025-06-02T02:30:00.000Z', appointment: { date: '2025-06-04', time: '10:00', bay: 1 } },
    });
    expect(answer.data.orderNo).toMatch(/^SV250602\d{6}$/);
    // A 60-minute service and 15-minute wipers take three half-hour units of one bay.
    expect(await unitsAt(api, SS2, '2025-06-04')).toEqual([
      { unit: 20, bay: 1, state: 'held', order_no: answer.data.orderNo },
      { unit: 21, bay: 1, state: 'held', order_no: answer.data.orderNo },
      { unit: 22, bay: 1, state: 'held', order_no: answer.data.orderNo },
    ]);
  });

  test('the order keeps what was bought, itemised as the product page shows it, and its plate in capitals', async () => {
    const { data } = await place(installOrder());
    const { data: order } = await api.request(FIND, { orderNo: data.orderNo }, { userKey });
    expect(order.lines).toEqual([
      expect.objectContaining({ productId: 'wiper-bosch-aerotwin', quantity: 1, unitSen: 8900, partsSen: 8900, labourSen: 0, serviceTaxSen: 0, options: { wiper: { driverInch: 24, passengerInch: 14 } } }),
      expect.objectContaining({ productId: 'service-basic', name: 'Basic service', unitSen: 15900, partsSen: 13200, labourSen: 2500, serviceTaxSen: 200, options: { oilId: 'oil-perodua-0w20' } }),
    ]);
    expect(order.totals).toEqual({ partsSen: 22100, labourSen: 2500, serviceTaxSen: 200, goodsSen: 24800, deliveryFeeSen: 0, visitFeeSen: 0, visitFeeTaxSen: 0, discountSen: 0, totalSen: 24800 });
    expect(order.car).toEqual({ variantId: MYVI, name: 'Perodua Myvi 1.5 AV', sizeClass: 'S', plate: 'WXY 1234' });
    expect(order.contact).toEqual({ name: 'Nur Aisyah', phone: '+60123456789', email: null });
    expect(order.appointment).toEqual({ date: '2025-06-04', time: '10:00', endTime: '11:30' });
    expect(order.store).toMatchObject({ id: SS2, name: 'SS2 Tyre & Auto Service' });
    expect(order.history).toEqual([{ status: 'PENDING_PAYMENT', stage: null, at: '2025-06-02T02:00:00.000Z', by: 'customer', note: 'Order placed.' }]);
    expect(order.actions).toMatchObject({ pay: true, cancel: true, changeTime: false });
  });

  test('the engine oil of a service is named on the order as the product page names it, in the reader’s language', async () => {
    const service = { ...BASIC_SERVICE, options: { oilId: 'oil-mobil-1-0w20' } };
    const { data } = await place(installOrder({ items: [WIPERS, service] }));
    const oilOf = async (language?: string) => (await api.request(FIND, { orderNo: data.orderNo }, { userKey, language })).data.lines.map((l: { oil: unknown }) => l.oil);
    expect(await oilOf()).toEqual([null, { id: 'oil-mobil-1-0w20', name: 'Mobil 1 Advanced Fuel Economy 0W-20 fully synthetic engine oil' }]);
    expect((await oilOf('zh_cn'))[1].name).toBe('Mobil 1 Advanced Fuel Economy 0W-20 全合成机油');
    expect((await oilOf('ms_my'))[1].name).toBe('Minyak enjin sintetik penuh Mobil 1 Advanced Fuel Economy 0W-20');
  });

  test('a line’s choices are given in words in the reader’s language, as the checkout wrote them', async () => {
    const service = { ...BASIC_SERVICE, options: { oilId: 'oil-mobil-1-0w20' } };
    const { data } = await place(installOrder({ items: [WIPERS, service] }));
    const wordsOf = async (language?: string) => (await api.request(FIND, { orderNo: data.orderNo }, { userKey, language })).data.lines.map((l: { optionWords: string[] }) => l.optionWords);
    expect(await wordsOf()).toEqual([['Blade lengths: Driver (long) 24″, Passenger (short) 14″'], ['Engine oil: Mobil 1 Advanced Fuel Economy 0W-20 fully synthetic engine oil']]);
    expect(await wordsOf('zh_cn')).toEqual([['雨刮长度：主驾驶（长）24″，副驾驶（短）14″'], ['机油：Mobil 1 Advanced Fuel Economy 0W-20 全合成机油']]);
    expect(await wordsOf('ms_my')).toEqual([['Panjang bilah: Pemandu (panjang) 24″, Penumpang (pendek) 14″'], ['Minyak enjin: Minyak enjin sintetik penuh Mobil 1 Advanced Fuel Economy 0W-20']]);
  });

  test('products are named in the language the order is read in; one no longer sold keeps the name it was bought under', async () => {
    const { data } = await place(installOrder(), { language: 'zh_cn' });
    const names = async (language: string) =>
      (await api.request(FIND, { orderNo: data.orderNo }, { userKey, language })).data.lines.map((l: { name: string }) => l.name);
    expect(await names('zh_cn')).toEqual(['Bosch AeroTwin 雨刮', '基本保养']);
    expect(await names('en_us')).toEqual(['Bosch AeroTwin wiper blades', 'Basic service']);
    const catalogue = api.indexes.catalog.byId as Map<string, unknown>;
    const wipers = catalogue.get('wiper-bosch-aerotwin');
    catalogue.delete('wiper-bosch-aerotwin');
    try {
      expect(await names('en_us')).toEqual(['Bosch AeroTwin 雨刮', 'Basic service']);
    } finally {
      catalogue.set('wiper-bosch-aerotwin', wipers);
    }
  });

  test('four tyres take longer than one: the bay is held for the whole job', async () => {
    const body = installOrder({ items: [{ productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } }] });
    const answer = await place(body);
    expect(answer.code, answer.msg).toBe(200);
    // 30 minutes for the first tyre, 15 for each further one: 75 minutes, three units.
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.unit)).toEqual([20, 21, 22]);
  });
});

describe('self pickup and mailing', () => {
  test('pickup at the workshop: parts only, no bay held', async () => {
    const answer = await place(pickupOrder());
    expect(answer).toMatchObject({ code: 200, data: { status: 'PENDING_PAYMENT', totalSen: 8900, appointment: null } });
    expect(await count(api, sql`select count(*)::int as n from booked_units`)).toBe(0);
  });

  test('mailing to Selangor adds the West Malaysia fee below RM 150 of goods', async () => {
    const { data } = await place(mailOrder());
    expect(data.totalSen).toBe(8900 + 800);
    const { data: order } = await api.request(FIND, { orderNo: data.orderNo }, { userKey });
    expect(order.totals).toMatchObject({ goodsSen: 8900, deliveryFeeSen: 800, totalSen: 9700 });
    expect(order.address).toEqual({ ...selangorAddress, phone: '+60123456789', line2: null, landmark: null });
  });

  test('mailing to Sabah pays the East Malaysia fee', async () => {
    const address = { ...selangorAddress, postcode: '88000', city: 'Kota Kinabalu', state: 'Sabah' };
    expect((await place(mailOrder({ address }))).data.totalSen).toBe(8900 + 1800);
  });

  test('goods from RM 150 travel free in West Malaysia', async () => {
    expect((await place(mailOrder({ items: [WIPERS, MATS] }))).data.totalSen).toBe(8900 + 11900);
  });

  test('a pickup or a parcel needs no plate: left out or blank, the order is placed without one', async () => {
    for (const body of [pickupOrder({ carPlate: undefined }), pickupOrder({ carPlate: ' ' }), mailOrder({ carPlate: undefined })]) {
      const { code, data } = await place(body);
      expect(code).toBe(200);
      const { data: order } = await api.request(FIND, { orderNo: data.orderNo }, { userKey });
      expect(order.car.plate).toBe('');
    }
  });

  test('a plate given with a pickup is still checked, and kept', async () => {
    expect(await place(pickupOrder({ carPlate: '12-AB-34' }))).toMatchObject({ code: 400, data: { field: 'carPlate' } });
    const { data } = await place(pickupOrder({ carPlate: 'vab 88' }));
    expect((await api.request(FIND, { orderNo: data.orderNo }, { userKey })).data.car.plate).toBe('VAB 88');
  });
});

describe('the same checkout sent twice', () => {
  test('the same key and body answer the same order; only one order exists', async () => {
    const body = installOrder();
    const first = await place(body);
    const again = await place(body);
    expect(again).toEqual(first);
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(1);
    expect(await count(api, sql`select count(*)::int as n from booked_units`)).toBe(3);
  });

  test('a retry written differently but meaning the same (plate spacing, phone with 0) is the same order', async () => {
    const body = installOrder();
    const first = await place(body);
    const again = await place({ ...body, carPlate: 'WXY1234', contact: { name: 'Nur Aisyah', phone: '+60123456789' } });
    expect(again.data.orderNo).toBe(first.data.orderNo);
  });

  test('the same key with another order is refused, and nothing changes', async () => {
    const body = installOrder();
    await place(body);
    const other = await place({ ...body, items: [WIPERS] });
    expect(other).toEqual({
      code: 807,
      msg: 'This checkout was already placed with different details. Please reload the page to place a new order.',
      data: { field: 'idempotencyKey' },
    });
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(1);
  });

  test('another customer may use the same key for their own order', async () => {
    const body = installOrder();
    await place(body);
    const { userKey: other } = await api.login('0198765432');
    const theirs = await place({ ...body, appointment: { ...FIRST_DAY, time: '14:00' } }, { key: other });
    expect(theirs.code).toBe(200);
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(2);
  });
});

describe('what the server never takes from the client', () => {
  test('a total in the request is refused as unknown, and no order is placed', async () => {
    expect(await place({ ...installOrder(), totalSen: 100 })).toEqual({ code: 400, msg: 'totalSen is not a field of this call.', data: { field: 'totalSen' } });
    expect(await place({ ...installOrder(), items: [{ ...WIPERS, priceSen: 1 }] })).toMatchObject({ code: 400, data: { field: 'priceSen' } });
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(0);
  });
});

describe('bad orders are refused with a message naming the problem, and change nothing', () => {
  const refusals: [string, Record<string, unknown>, { code: number; msg: string; field: string }][] = [
    ['a product the car cannot take', { items: [{ productId: 'brakepads-honda-genuine-front', quantity: 1 }] }, { code: 807, msg: 'Not made for your car’s front brakes.', field: 'items.0.productId' }],
    ['a tyre size the car does not take', { items: [{ productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '185/55R15' } }] }, { code: 807, msg: 'Your car takes 195/45R16, not 185/55R15.', field: 'items.0.options.tyreSize' }],
    ['tyres not made in the car’s size', { items: [{ productId: 'tyre-michelin-pilot-sport-5', quantity: 4 }] }, { code: 807, msg: 'Not made in your car’s tyre size (195/45R16).', field: 'items.0.productId' }],
    ['wiper lengths of another car', { items: [{ ...WIPERS, options: { wiper: { driverInch: 26, passengerInch: 16 } } }] }, { code: 807, msg: 'Your car takes 24″ + 14″ blades.', field: 'items.0.options.wiper.driverInch' }],
    ['a product that does not exist', { items: [{ productId: 'wiper-made-up', quantity: 1 }] }, { code: 404, msg: 'We do not have that product.', field: 'items.0.productId' }],
    ['the same product twice', { items: [WIPERS, BASIC_SERVICE, WIPERS] }, { code: 807, msg: 'Bosch AeroTwin wiper blades is in the cart twice. Please keep one line for it.', field: 'items.2.productId' }],
    ['more of a product than a car takes', { items: [{ ...BASIC_SERVICE, quantity: 2 }] }, { code: 807, msg: 'One car takes at most 1 of this product in one order.', field: 'items.0.quantity' }],
    ['an unknown car', { variantId: 'perodua-myvi-9.9-x-2099' }, { code: 404, msg: 'We do not know that car. Please choose it again.', field: 'variantId' }],
    ['a workshop that does not exist', { storeId: 'petaling-jaya-nowhere' }, { code: 404, msg: 'We do not know that workshop. Please choose it again.', field: 'storeId' }],
    ['a workshop that does not fit a line', { storeId: SS15 }, { code: 807, msg: 'This workshop does not handle Basic service. Please choose another workshop.', field: 'storeId' }],
    ['a date in the past', { appointment: { date: '2025-06-01', time: '10:00' } }, { code: 807, msg: 'Please choose one of the dates offered.', field: 'appointment' }],
    ['today, inside the 2-day lead', { appointment: { date: '2025-06-02', time: '16:00' } }, { code: 807, msg: 'Please choose one of the dates offered.', field: 'appointment' }],
    ['a Sunday', { appointment: { date: '2025-06-08', time: '10:00' } }, { code: 807, msg: 'Please choose one of the dates offered.', field: 'appointment' }],
    ['a time between slots', { appointment: { date: '2025-06-04', time: '10:15' } }, { code: 807, msg: 'Please choose one of the times offered.', field: 'appointment' }],
    ['before opening', { appointment: { date: '2025-06-04', time: '07:00' } }, { code: 807, msg: 'Please choose one of the times offered.', field: 'appointment' }],
    ['a job that would end after closing', { appointment: { date: '2025-06-04', time: '17:30' } }, { code: 807, msg: 'The job would not be finished before the workshop closes. Please choose an earlier time.', field: 'appointment' }],
    ['no appointment for an installation', { appointment: undefined }, { code: 400, msg: 'Please choose an appointment date and time.', field: 'appointment' }],
    ['a plate that is not Malaysian', { carPlate: '12-AB-34' }, { code: 400, msg: 'Please enter a Malaysian car plate number, e.g. WXY 1234.', field: 'carPlate' }],
    ['no plate', { carPlate: '  ' }, { code: 400, msg: 'Please enter your car plate number.', field: 'carPlate' }],
    ['no plate at all for an installation', { carPlate: undefined }, { code: 400, msg: 'Please enter your car plate number.', field: 'carPlate' }],
    ['notes past 500 characters', { notes: 'x'.repeat(501) }, { code: 400, msg: 'Notes can be at most 500 characters.', field: 'notes' }],
    ['a contact phone that is not a mobile', { contact: { name: 'Nur Aisyah', phone: '0376543210' } }, { code: 400, msg: 'Please enter a valid Malaysian mobile number.', field: 'contact.phone' }],
  ];

  test.each(refusals)('%s', async (_what, change, expected) => {
    const answer = await place(installOrder(change));
    expect({ code: answer.code, msg: answer.msg, field: answer.data?.field }).toEqual(expected);
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(0);
    expect(await count(api, sql`select count(*)::int as n from booked_units`)).toBe(0);
    expect(await count(api, sql`select count(*)::int as n from jobs`)).toBe(0);
  });

  test('a service cannot be posted: the page is told which line', async () => {
    const answer = await place(mailOrder({ items: [WIPERS, BASIC_SERVICE] }));
    expect(answer).toEqual({ code: 807, msg: 'Basic service cannot be sent by post.', data: { field: 'method', lineIndex: 1 } });
  });

  test('a postcode of another state is refused, naming where it is, in the reader’s language', async () => {
    const answer = await place(mailOrder({ address: { ...selangorAddress, postcode: '88300' } }));
    expect(answer).toEqual({ code: 400, msg: '88300 is in Sabah, not Selangor.', data: { field: 'address.postcode' } });
    expect((await place(mailOrder({ address: { ...selangorAddress, postcode: '88300' } }), { language: 'zh-cn' })).msg).toBe('88300 属于沙巴，不属于雪兰莪。');
    expect((await place(mailOrder({ address: { ...selangorAddress, postcode: '88300' } }), { language: 'ms' })).msg).toBe('88300 terletak di Sabah, bukan Selangor.');
    // A Kuala Lumpur postcode Selangor's post offices share names both.
    expect((await place(mailOrder({ address: { ...selangorAddress, postcode: '50450', state: 'Johor' } }))).msg).toBe('50450 is in Selangor / Kuala Lumpur, not Johor.');
  });

  test('a postcode that is not five digits, or not Malaysian', async () => {
    expect((await place(mailOrder({ address: { ...selangorAddress, postcode: '4730' } }))).msg).toBe('A postcode has 5 digits.');
    expect((await place(mailOrder({ address: { ...selangorAddress, postcode: '00100' } }))).msg).toBe('This is not a Malaysian postcode.');
  });

  test('an address is not for installation, an appointment not for mailing', async () => {
    expect(await place(installOrder({ address: selangorAddress }))).toMatchObject({ code: 400, msg: 'Delivery address is not used with this ordering method.' });
    expect(await place(mailOrder({ appointment: FIRST_DAY }))).toMatchObject({ code: 400, msg: 'Appointment is not used with this ordering method.' });
  });

  test('in Malay and Chinese too', async () => {
    const body = installOrder({ appointment: { date: '2025-06-08', time: '10:00' } });
    expect((await place(body, { language: 'ms_my' })).msg).toBe('Sila pilih salah satu tarikh yang ditawarkan.');
    expect((await place(body, { language: 'zh_cn' })).msg).toBe('请从提供的日期中选择。');
  });

  test('no order without logging in', async () => {
    expect((await api.request(ADD, installOrder())).code).toBe(708);
  });
});

describe('a full time', () => {
  test('once every bay is held at a time, the next order for it is refused with 807', async () => {
    // SS15 has 3 bays; wipers take one unit.
    const body = (time: string) => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time } });
    const bays = [];
    for (let i = 0; i < 3; i++) bays.push((await place(body('10:00'))).data.appointment.bay);
    expect(bays).toEqual([1, 2, 3]);
    expect(await place(body('10:00'))).toEqual({ code: 807, msg: 'That time was just taken, please choose another.', data: { field: 'appointment' } });
    expect((await place(body('10:30'))).code).toBe(200);
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(4);
  });

  test('a longer job cannot run into a full time, and fits before it', async () => {
    const wipers = () => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: '10:00' } });
    for (let i = 0; i < 3; i++) await place(wipers());
    // A brake job takes 60 minutes: from 09:30 it would need a bay at 10:00 too.
    const brakes = (time: string) => installOrder({ storeId: SS15, items: [{ productId: 'brakepads-perodua-genuine-front', quantity: 1 }], appointment: { date: '2025-06-04', time } });
    expect((await place(brakes('09:30'))).code).toBe(807);
    expect((await place(brakes('09:00'))).data.appointment).toEqual({ date: '2025-06-04', time: '09:00', bay: 1 });
  });
});

describe('what placing writes', () => {
  test('the order, its lines, its first history row and a time-out job at payBefore, all together', async () => {
    const { data } = await place(installOrder());
    const [job] = await rows<{ kind: string; run_at: Date; done_at: Date | null }>(api, sql`select kind, run_at, done_at from jobs`);
    expect(job).toMatchObject({ kind: 'payment.timeout', done_at: null });
    expect(new Date(job!.run_at).toISOString()).toBe(data.payBefore);
    expect(await count(api, sql`select count(*)::int as n from order_lines`)).toBe(2);
    expect(await count(api, sql`select count(*)::int as n from order_history`)).toBe(1);
  });
});
