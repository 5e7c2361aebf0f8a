import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { payMethods } from '../../contract/rules/order-status.ts';
import { startApi, type TestApi } from './harness.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { PAY_STATUS, placeAndStartPaying, pickupOrder } from './order-fixtures.ts';

/** What the payment page offers comes from the configured provider: here the sandbox, which takes them all. */

const METHODS = '/api/app/order/vehicle/order/app/pay/methods';

let api: TestApi;
beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(() => api.reset());

describe('the methods offered with the sandbox', () => {
  test('are every method, with the FPX banks, without a login', async () => {
    const answer = await api.request(METHODS, {});
    expect(answer.code).toBe(200);
    expect(answer.data.methods).toEqual([...api.payments.methods]);
    expect([...answer.data.methods].sort()).toEqual([...payMethods].sort());
    expect(answer.data.banks).toContainEqual({ code: 'public_bank', name: 'Public Bank' });
  });

  test('anything in the request is refused', async () => {
    expect((await api.request(METHODS, { provider: 'stripe' })).code).not.toBe(200);
  });
});

describe('a provider return with a provider that sends none', () => {
  test('is ignored: the status is answered as without it', async () => {
    const { userKey } = await api.login('0123456789');
    const { orderNo } = await placeAndStartPaying(api, userKey, pickupOrder());
    const status = await api.request(PAY_STATUS, { orderNo, providerReturn: { razorpay_signature: 'anything' } }, { userKey });
    expect(status.code, status.msg).toBe(200);
    expect(status.data).toMatchObject({ orderNo, status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
  });
});
