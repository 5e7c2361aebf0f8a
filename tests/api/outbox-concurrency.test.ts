import { afterAll, describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { paidOrder } from './my-orders-fixtures.ts';
import { mailOrder } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes whose deliverers look at the
// same outbox at the same moment: each message is claimed by one of them and sent once.
describe.skipIf(!onPostgres)('two processes deliver the same outbox (needs PostgreSQL)', () => {
  // Messages wait for a deliverer: no nudge after the commit that writes them.
  const apis = twoApiProcesses(() => {
    process.env.NOTICE_NUDGE = '0';
  });
  afterAll(() => {
    delete process.env.NOTICE_NUDGE;
  });

  test('both deliverers at once, round after round: every SMS sent once', async () => {
    const { a, b } = apis;
    const { userKey } = await a.login('0123456789');
    const sent = () => [...a.smsLines, ...b.smsLines].filter((l) => l.startsWith('[sms] to '));
    const orders: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) orders.push(await paidOrder(round % 2 ? b : a, userKey, mailOrder()));
      await Promise.all([a.runJobs(), b.runJobs(), a.runJobs(), b.runJobs()]);
    }
    expect(sent()).toHaveLength(orders.length);
    for (const orderNo of orders) expect(sent().filter((l) => l.includes(orderNo)), orderNo).toHaveLength(1);
    await Promise.all([a.runJobs(), b.runJobs()]);
    expect(sent()).toHaveLength(orders.length);
  });
});
