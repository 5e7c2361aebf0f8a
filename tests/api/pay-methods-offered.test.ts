import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { payMethods } from '../../contract/rules/order-status.ts';
import type { ReturnVerdict } from '../../server/providers/payment/index.ts';
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
  test('are every method but Atome (Curlec alone takes it), with the FPX banks, without a login', async () => {
    const answer = await api.request(METHODS, {});
    expect(answer.code).toBe(200);
    expect(answer.data.methods).toEqual([...api.payments.methods]);
    expect([...answer.data.methods].sort()).toEqual(payMethods.filter((m) => m !== 'atome').sort());
    expect(answer.data.atomeMinSen).toBeNull();
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

describe('a provider that signs its returns, whatever it is called', () => {
  test('a return it refuses, or one naming no checkout of this order, is answered as not confirmed; none at all as usual', async () => {
    const checkReturn = (query: URLSearchParams): ReturnVerdict =>
      query.get('signature') === 'holds' ? { ok: true, providerRef: query.get('checkout') ?? '', paymentId: query.get('payment') ?? '' } : { ok: false, reason: 'the signature does not hold' };
    const signing = await startApi({ provider: { ...api.payments, checkReturn } });
    try {
      const { userKey } = await signing.login('0123456789');
      const { orderNo } = await placeAndStartPaying(signing, userKey, pickupOrder());
      const notConfirmed = 'We could not confirm this return from the payment page. Your payment is not affected: please open the order again to see how it stands.';
      expect(await signing.request(PAY_STATUS, { orderNo, providerReturn: { signature: 'forged' } }, { userKey })).toMatchObject({ code: 807, msg: notConfirmed });
      expect(await signing.request(PAY_STATUS, { orderNo, providerReturn: { signature: 'holds', checkout: 'another', payment: 'another' } }, { userKey })).toMatchObject({ code: 807, msg: notConfirmed });
      const status = await signing.request(PAY_STATUS, { orderNo }, { userKey });
      expect(status.code, status.msg).toBe(200);
      expect(status.data).toMatchObject({ orderNo, status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    } finally {
      await signing.close();
    }
  });
});
