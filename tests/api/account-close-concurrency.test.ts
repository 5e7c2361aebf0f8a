import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADD, installOrder, rows, SS15, WIPERS } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Closing an account (docs/contracts/running-the-business.md §5) while the same customer's
// checkout runs on another API process.
describe.skipIf(!onPostgres)('closing an account while a checkout runs (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  test('either the order is placed and the closing refused naming it, or the account is closed and the order refused: never an order left with personal data', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const phone = `017${String(i).padStart(7, '0')}`;
      const { userKey, user } = await apis.a.login(phone, { address: `60.${i}.1.1` });
      apis.a.advance(61);
      expect((await apis.a.request('/api/app/user/send/sms', { phone, type: 'close' }, { userKey, address: `60.${i}.1.1` })).code).toBe(200);
      const code = apis.a.lastCode(phone)!;
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
});
