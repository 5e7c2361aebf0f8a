import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { DomainError } from '../../server/modules/errors.ts';
import { abandonPayment, recordPaid, recordUnpaid, supersedePayment } from '../../server/modules/payments/service.ts';
import { startApi, type TestApi } from './harness.ts';
import { FIND, installOrder, placeAndStartPaying, pressInSandbox, rows } from './order-fixtures.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';

/**
 * The payment state table: a paid payment never moves again. A move the table does not hold is
 * refused with 807 and changes nothing (the payment, the order, the ledger), however it is asked.
 */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

interface PaymentSeen {
  id: string;
  state: string;
  provider_ref: string;
  note: string;
  paid_at: Date | null;
  updated_at: Date;
}

const paymentOf = async (orderNo: string) =>
  (await rows<PaymentSeen>(api, sql`select id, state, provider_ref, note, paid_at, updated_at from payments where order_no = ${orderNo}`))[0]!;

async function paidOrder() {
  const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
  await pressInSandbox(api, redirectUrl);
  await api.payments.idle();
  const payment = await paymentOf(orderNo);
  expect(payment.state).toBe('succeeded');
  return { orderNo, payment };
}

const refusal = async (moving: Promise<unknown>) => {
  const err = await moving.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return { code: (err as DomainError).code, key: (err as DomainError).key };
};

describe('a paid payment refuses every further move', () => {
  test('failing or expiring it is refused with 807, and the payment, the order and its money stay as they were', async () => {
    const { orderNo, payment } = await paidOrder();
    const order = (await api.request(FIND, { orderNo }, { userKey })).data;
    const later = new Date(api.now().getTime() + 60_000);

    expect(await refusal(api.db.transaction((tx) => recordUnpaid(tx, payment.id, 'failed', payment.provider_ref, later)))).toEqual({ code: Code.WARNING, key: 'payment.moveRefused' });
    expect(await refusal(api.db.transaction((tx) => recordUnpaid(tx, payment.id, 'expired', payment.provider_ref, later)))).toEqual({ code: Code.WARNING, key: 'payment.moveRefused' });
    expect(await refusal(api.db.transaction((tx) => recordPaid(tx, payment.id, { providerRef: payment.provider_ref, refundDue: true, note: 'again' }, later)))).toEqual({
      code: Code.WARNING,
      key: 'payment.moveRefused',
    });

    expect(await paymentOf(orderNo)).toEqual(payment);
    expect((await api.request(FIND, { orderNo }, { userKey })).data).toEqual(order);
  });

  test('the shop closing its checkout (abandoned, or replaced by a newer one) leaves a paid payment paid', async () => {
    const { orderNo, payment } = await paidOrder();
    const later = new Date(api.now().getTime() + 60_000);
    await abandonPayment(api.db, payment.id, 'the provider would not open it', later);
    await supersedePayment(api.db, payment.id, later);
    expect(await paymentOf(orderNo)).toEqual(payment);
  });
});

describe('a payment still waiting', () => {
  test('fails once; a failed one cannot expire', async () => {
    const { orderNo } = await placeAndStartPaying(api, userKey, installOrder());
    const waiting = await paymentOf(orderNo);
    expect(waiting.state).toBe('pending');
    const later = new Date(api.now().getTime() + 60_000);
    await api.db.transaction((tx) => recordUnpaid(tx, waiting.id, 'failed', waiting.provider_ref, later));
    expect((await paymentOf(orderNo)).state).toBe('failed');
    expect(await refusal(api.db.transaction((tx) => recordUnpaid(tx, waiting.id, 'expired', waiting.provider_ref, later)))).toEqual({ code: Code.WARNING, key: 'payment.moveRefused' });
    expect((await paymentOf(orderNo)).state).toBe('failed');
  });
});
