import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADD, installOrder, rows, SS15, WIPERS } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Closing an account (docs/contracts/running-the-business.md §5) while the same customer's
// checkout, garage or consent change runs on another API process.
describe.skipIf(!onPostgres)("closing an account while the customer's other requests run (needs PostgreSQL: PGlite runs one transaction at a time)", () => {
  const apis = twoApiProcesses();

  /** A customer logged in on process A, with a closing code asked for once the resend wait passed. */
  async function readyToClose(phone: string, address: string) {
    const { userKey, user } = await apis.a.login(phone, { address });
    apis.a.advance(61);
    expect((await apis.a.request('/api/app/user/send/sms', { phone, type: 'close' }, { userKey, address })).code).toBe(200);
    return { userKey, user, code: apis.a.lastCode(phone)! };
  }

  test('either the order is placed and the closing refused naming it, or the account is closed and the order refused: never an order left with personal data', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const phone = `017${String(i).padStart(7, '0')}`;
      const { userKey, user, code } = await readyToClose(phone, `60.${i}.1.1`);
      const order = installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}` }, contact: { name: 'Siti Rahman', phone } });
      const [closed, placed] = await Promise.all([apis.a.request('/api/app/user/close', { code }, { userKey }), apis.b.request(ADD, order, { userKey })]);

      const left = await rows<{ contact: { name: string; phone: string }; car_plate: string }>(apis.a, sql`select contact, car_plate from orders where customer_id = ${user.id}`);
      const [account] = await rows<{ real_name: string; closed: boolean }>(apis.a, sql`select real_name, closed_at is not null as closed from users where id = ${user.id}`);
      if (closed.code === 200) {
        expect(placed.code, placed.msg).toBe(708);
        expect(left).toEqual([]);
        expect(account).toEqual({ real_name: '', closed: true });
        outcomes.push('closed');
      } else {
        expect(placed.code, placed.msg).toBe(200);
        expect(closed.code).toBe(807);
        expect(closed.data.open).toEqual([{ orderNo: placed.data.orderNo, why: 'PENDING_PAYMENT' }]);
        expect(account!.closed).toBe(false);
        outcomes.push('placed');
      }
    }
    // Each trial ended one of the two ways (both come up over the trials on a shared machine).
    expect(outcomes).toHaveLength(12);
  });

  test('a car and a consent saved on another process as the account closes: refused (708), or erased by the closing; never left behind', async () => {
    const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.5-av-2022' };
    for (let i = 0; i < 12; i++) {
      const phone = `018${String(i).padStart(7, '0')}`;
      const { userKey, user, code } = await readyToClose(phone, `61.${i}.1.1`);
      // The other process's requests start a little later each trial, so that over the trials
      // they land before, inside and after the closing's transaction.
      const later = <T>(call: () => Promise<T>) => new Promise<T>((done) => setTimeout(() => done(call()), i * 4));
      const [closed, car, consent] = await Promise.all([
        apis.a.request('/api/app/user/close', { code }, { userKey }),
        later(() => apis.b.request('/api/export/user/vehicle/car/info/add', myvi, { userKey })),
        later(() => apis.b.request('/api/app/user/consent', { serviceReminders: true }, { userKey })),
      ]);
      expect(closed.code, closed.msg).toBe(200);
      for (const answer of [car, consent]) expect([200, 708], answer.msg).toContain(answer.code);
      const cars = await rows(apis.a, sql`select id from user_cars where user_id = ${user.id}`);
      const consents = await rows(apis.a, sql`select id from reminder_consents where user_id = ${user.id}`);
      expect([cars, consents]).toEqual([[], []]);
    }
  });
});
