import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { installOrder, rows } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { CONSENT, moveTo, planNow, reminderSms } from './reminder-fixtures.ts';

let api: TestApi;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

const call = (path: string, body: unknown, userKey?: string, language = 'en_us') => api.request(path, body, { userKey, language });
/** A fresh login for the customer after the clock has moved past their session. */
const loginAgain = async () => {
  k.customer = (await api.login('0123456789', { address: '10.0.0.4' })).userKey;
};
const reminderRows = () => rows<{ kind: string; due_date: string; days_before: number }>(api, sql`select kind, due_date::text, days_before from car_reminders order by id`);

/** The fixtures' Myvi in the customer's garage, its road tax running out on `roadTaxExpiry`. */
async function carWithRoadTax(roadTaxExpiry: string) {
  const carId = await garageCar(api, k.customer);
  expect((await call(G.update, { carId, plate: 'WXY 1234', roadTaxExpiry }, k.customer)).code).toBe(200);
  return carId;
}

describe('consent (app/user/consent)', () => {
  test('needs a login; both purposes off until turned on; each change stored with its time and the words shown', async () => {
    expect((await api.request(CONSENT, {})).code).toBe(708);
    const first = await call(CONSENT, {}, k.customer);
    expect(first.data).toMatchObject({ serviceReminders: false, expiryReminders: false, history: [] });
    expect(first.data.wording.serviceReminders).toMatch(/due for a service: 14 days before and on the day/);

    const on = await call(CONSENT, { expiryReminders: true }, k.customer, 'ms_my');
    expect(on.data).toMatchObject({ serviceReminders: false, expiryReminders: true });
    // A repeat of the state in force is no change.
    await call(CONSENT, { expiryReminders: true }, k.customer);
    api.advance(60);
    const off = await call(CONSENT, { expiryReminders: false, serviceReminders: true }, k.customer);
    expect(off.data).toMatchObject({ serviceReminders: true, expiryReminders: false });

    const stored = await rows<{ purpose: string; granted: boolean; wording: string; locale: string; at: Date | string }>(
      api,
      sql`select purpose, granted, wording, locale, at from reminder_consents order by id`,
    );
    expect(stored.map(({ purpose, granted, locale }) => ({ purpose, granted, locale }))).toEqual([
      { purpose: 'expiryReminders', granted: true, locale: 'ms' },
      { purpose: 'serviceReminders', granted: true, locale: 'en' },
      { purpose: 'expiryReminders', granted: false, locale: 'en' },
    ]);
    expect(stored[0]!.wording).toMatch(/^Hantar SMS kepada saya .*cukai jalan atau insurans/);
    expect(stored[2]!.wording).toMatch(/^Send me an SMS .*road tax or insurance/);
    expect(new Date(stored[0]!.at).getTime()).toBe(api.now().getTime() - 60_000);
    expect(off.data.history).toHaveLength(3);
    expect(off.data.history[0]).toMatchObject({ purpose: 'expiryReminders', granted: false, at: api.now().toISOString() });
  });

  test('refuses what is not a switch', async () => {
    expect((await call(CONSENT, { expiryReminders: 'yes' }, k.customer)).code).toBe(400);
    expect((await call(CONSENT, { marketing: true }, k.customer)).code).toBe(400);
  });
});

describe('reminders go out once, only with consent, never at night', () => {
  test('without consent nothing is sent', async () => {
    await carWithRoadTax('2025-07-02');
    await planNow(api);
    expect(reminderSms(api)).toEqual([]);
    expect(await reminderRows()).toEqual([]);
  });

  test('road tax: 30 and 7 days before, each once, in words, without links or phone numbers, listed in the history', async () => {
    const carId = await carWithRoadTax('2025-07-02');
    await call(CONSENT, { expiryReminders: true }, k.customer);
    await planNow(api);
    await planNow(api, 'again');
    expect(reminderSms(api)).toEqual(['[sms] to +60123456789: RM0 Servauto: the road tax of your Perodua Myvi (WXY 1234) runs out on Wed, 2 Jul 2025. Please renew it in time.']);
    for (const line of reminderSms(api)) {
      const text = line.slice(line.indexOf(': ') + 2);
      expect(text).not.toMatch(/https?:|www\.|\.my\b|\.com\b/i);
      expect(text).not.toMatch(/\+?\d[\d\s-]{7,}\d/);
      expect(text).not.toContain('2025-07-02');
    }
    moveTo(api, '2025-06-24', '10:00');
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(1);
    moveTo(api, '2025-06-25', '10:00');
    await planNow(api);
    await planNow(api, 'again');
    expect(reminderSms(api)).toHaveLength(2);
    moveTo(api, '2025-07-03', '10:00');
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(2);

    await loginAgain();
    const history = await call(G.history, { carId }, k.customer);
    expect(history.data.reminders).toEqual([
      { kind: 'roadTax', dueDate: '2025-07-02', daysBefore: 7, sentAt: '2025-06-25T02:00:00.000Z', sent: true, byEmail: false },
      { kind: 'roadTax', dueDate: '2025-07-02', daysBefore: 30, sentAt: '2025-06-02T02:00:00.000Z', sent: true, byEmail: false },
    ]);
  });

  test('a reminder due at night waits for 09:00 KL: not at 20:59+, 21:00, 00:30 or 08:59; at 09:00', async () => {
    await carWithRoadTax('2025-07-03');
    await call(CONSENT, { expiryReminders: true }, k.customer);
    await planNow(api);
    expect(reminderSms(api)).toEqual([]);
    for (const time of ['00:30', '08:59']) {
      moveTo(api, '2025-06-03', time);
      await planNow(api);
      expect(reminderSms(api)).toEqual([]);
    }
    moveTo(api, '2025-06-03', '09:00');
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(1);
  });

  test('turned on at night (21:00): the day\'s reminder goes at 09:00 the next morning', async () => {
    await carWithRoadTax('2025-07-03');
    moveTo(api, '2025-06-02', '20:59');
    await call(CONSENT, { expiryReminders: true }, k.customer);
    await planNow(api);
    moveTo(api, '2025-06-02', '21:00');
    await planNow(api);
    expect(reminderSms(api)).toEqual([]);
    moveTo(api, '2025-06-03', '09:00');
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(1);
  });

  test('a moved expiry date reschedules: the old date is never reminded of, the new one at its own time', async () => {
    const carId = await carWithRoadTax('2025-07-02');
    await call(CONSENT, { expiryReminders: true }, k.customer);
    await call(G.update, { carId, roadTaxExpiry: '2025-08-15' }, k.customer);
    await planNow(api);
    expect(reminderSms(api)).toEqual([]);
    moveTo(api, '2025-07-16', '10:00');
    await planNow(api);
    expect(reminderSms(api)).toEqual([expect.stringContaining('runs out on Fri, 15 Aug 2025')]);
    expect(await reminderRows()).toEqual([{ kind: 'roadTax', due_date: '2025-08-15', days_before: 30 }]);
  });

  test('turning consent off stops what was to come; only the purpose consented to is reminded of', async () => {
    const carId = await carWithRoadTax('2025-07-02');
    await call(G.update, { carId, insuranceExpiry: '2025-07-02' }, k.customer);
    await call(CONSENT, { expiryReminders: true }, k.customer);
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(2);
    await call(CONSENT, { expiryReminders: false, serviceReminders: true }, k.customer);
    moveTo(api, '2025-06-25', '10:00');
    await planNow(api);
    expect(reminderSms(api)).toHaveLength(2);
    expect((await reminderRows()).map((r) => r.days_before)).toEqual([30, 30]);
  });

  test('a service: 14 days before and on the day, by the date rule; a new reading that brings it forward reschedules', async () => {
    const carId = await garageCar(api, k.customer);
    const orderNo = await paidOrder(api, k.customer, installOrder());
    expect((await call(C.start, { orderNo }, k.ss2)).code).toBe(200);
    expect((await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2)).code).toBe(200);
    await call(CONSENT, { serviceReminders: true }, k.customer);
    // Due six months on, 2 Dec 2025 (one reading: the date rule alone).
    expect((await call(G.history, { carId }, k.customer)).data.due.find((d: { kind: string }) => d.kind === 'service').dueDate).toBe('2025-12-02');
    await planNow(api);
    expect(reminderSms(api)).toEqual([]);

    // A month on, 3,000 km more: 100 km a day puts 55,000 km on 10 Sep, 14 days from 27 Aug.
    moveTo(api, '2025-07-02', '10:00');
    await loginAgain();
    expect((await call(G.odometer, { carId, km: 48_000 }, k.customer)).code).toBe(200);
    moveTo(api, '2025-08-27', '10:00');
    await planNow(api);
    expect(reminderSms(api)).toEqual([expect.stringMatching(/^\[sms\] to \+60123456789: RM0 Servauto: your Perodua Myvi \(WXY 1234\) is due for its next service on Wed, 10 Sep 2025\./)]);
    moveTo(api, '2025-09-10', '09:00');
    await planNow(api);
    await planNow(api, 'again');
    expect((await reminderRows()).map((r) => [r.kind, r.due_date, r.days_before])).toEqual([
      ['service', '2025-09-10', 14],
      ['service', '2025-09-10', 0],
    ]);
  });

  test('in the customer\'s language: their latest order\'s, else the one they consented in; e-mail too where an order gave one', async () => {
    await carWithRoadTax('2025-07-02');
    await call(CONSENT, { expiryReminders: true }, k.customer, 'zh_cn');
    await planNow(api);
    expect(reminderSms(api)).toEqual(['[sms] to +60123456789: RM0 Servauto: 您的 Perodua Myvi (WXY 1234) 的路税将于2025年7月2日（周三）到期，请及时更新。']);
    expect(api.emailLines).toEqual([]);

    const orderNo = await paidOrder(api, k.customer, installOrder({ contact: { name: 'Nur Aisyah', phone: '0123456789', email: 'aisyah@example.com' } }));
    await api.db.execute(sql`update orders set language = 'ms' where order_no = ${orderNo}`);
    moveTo(api, '2025-06-25', '10:00');
    await planNow(api);
    expect(reminderSms(api)[1]).toBe('[sms] to +60123456789: RM0 Servauto: cukai jalan Perodua Myvi (WXY 1234) anda tamat pada Rab, 2 Jul 2025. Sila perbaharuinya tepat pada masanya.');
    expect(api.emailLines).toEqual([expect.stringMatching(/^\[email\] to aisyah@example\.com: Servauto: peringatan tentang Perodua Myvi \(WXY 1234\) anda \| Cukai jalan Perodua Myvi \(WXY 1234\) anda tamat pada Rab, 2 Jul 2025\. Sila perbaharuinya tepat pada masanya\.\n\nServauto$/)]);
    // An e-mail carries no SMS operator's prefix.
    expect(api.emailLines[0]).not.toContain('RM0');
  });
});
