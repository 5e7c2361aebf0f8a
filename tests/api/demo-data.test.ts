import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { C, ADMIN_PHONE } from './console-fixtures.ts';
import { COUPONS, MYVI, WIPERS } from './order-fixtures.ts';

/** What the shop answers the demo admin and a customer trying a demo coupon. */
async function demoVisible(api: TestApi) {
  const admin = (await api.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' })).userKey;
  const customer = (await api.login('0123456789', { address: '10.0.0.4' })).userKey;
  const coupons = await api.request(COUPONS, { items: [WIPERS], variantId: MYVI }, { userKey: customer });
  const typed = await api.request(COUPONS, { items: [WIPERS], variantId: MYVI, couponCode: 'SERVAUTO10' }, { userKey: customer });
  return {
    console: (await api.request(C.stores, {}, { userKey: admin })).code,
    coupons: coupons.data.list.map((c: { code: string }) => c.code).sort(),
    typed: typed.msg,
  };
}

describe('demo data (DEMO_DATA)', () => {
  let plain: TestApi;
  let demo: TestApi;
  beforeAll(async () => {
    plain = await startApi({ demoData: false });
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
    await demo?.close();
  });

  test('off: the demo admin is a customer like any other and no demo coupon exists', async () => {
    expect(await demoVisible(plain)).toEqual({ console: 403, coupons: [], typed: 'We do not know this coupon code.' });
    // The demo staff's phone is a customer's too. Asked here, before the demo starts: on PostgreSQL
    // both servers of this file share the worker's database, which the demo's start fills.
    const customer = (await plain.login('0100000003', { address: '10.0.0.6' })).userKey;
    expect((await plain.request('/api/app/user/info', {}, { userKey: customer })).data).toMatchObject({ role: null, storeId: null });
  });

  test('on: the demo admin opens the console and the demo coupons are offered', async () => {
    demo = await startApi();
    expect(await demoVisible(demo)).toMatchObject({ console: 200, coupons: ['MERDEKA69', 'SAVE20', 'SERVAUTO10', 'WELCOME15'] });
  });

  test("on: a demo workshop's staff can try every step, a tyre's DOT code included: one works at a workshop that fits tyres", async () => {
    const workshops = readdirSync('content/stores').flatMap(
      (f) => (JSON.parse(readFileSync(`content/stores/${f}`, 'utf8')) as { workshops: { id: string; name: string; services: string[] }[] }).workshops,
    );
    const roles: unknown[] = [];
    for (const phone of ['0100000002', '0100000003']) {
      const userKey = (await demo.login(phone, { address: '10.0.0.5' })).userKey;
      const info = (await demo.request('/api/app/user/info', {}, { userKey })).data as { role: string; storeId: string };
      const workshop = workshops.find((w) => w.id === info.storeId)!;
      roles.push([phone, info.role, workshop.name, workshop.services.includes('Tires Service')]);
    }
    expect(roles).toEqual([
      ['0100000002', 'workshop', 'Bengkel Kereta Maju Jaya', false],
      ['0100000003', 'workshop', 'SS2 Tyre & Auto Service', true],
    ]);
  });
});
