import { describe, expect, test } from 'vitest';
import { duitNowEvent, qrPageUrl, statusFromQrPayments } from '../../server/providers/payment/curlec/duitnow.ts';
import { eventFromCurlec } from '../../server/providers/payment/curlec/mapping.ts';

/** DuitNow QR through Curlec's S2S API: its webhooks, its status and the shop's QR page address. */

const NOW = new Date('2025-06-02T02:00:00Z');
const at = (seconds: number) => Math.floor(NOW.getTime() / 1000) + seconds;
const notes = { orderNo: 'SV250602123456', paymentId: '0b6e2f4a-1c1d-4f0e-9a59-6f1c2d3e4f50', checkout: 'duitnow_qr' };
const payment = (fields: Record<string, unknown> = {}) => ({ id: 'pay_QR0000000001', entity: 'payment', amount: 9_700, currency: 'MYR', status: 'captured', method: 'duitnow', order_id: 'order_QR000000001', notes, ...fields });

describe('Curlec’s webhooks about a DuitNow QR', () => {
  test('payment.captured and payment.failed name the QR’s Curlec order, the shop’s payment and order', () => {
    expect(duitNowEvent('evt_1', { event: 'payment.captured', payload: { payment: { entity: payment() } } })).toEqual({
      ok: true,
      event: { eventId: 'evt_1', kind: 'payment.succeeded', providerRef: 'order_QR000000001', paymentId: notes.paymentId, orderNo: notes.orderNo, amountSen: 9_700, currency: 'MYR' },
    });
    expect(duitNowEvent('evt_2', { event: 'payment.failed', payload: { payment: { entity: payment({ status: 'failed' }) } } })).toMatchObject({ ok: true, event: { kind: 'payment.failed', providerRef: 'order_QR000000001' } });
    // The QR lapsed unscanned: expired, as the QR page says it.
    const lapsed = payment({ status: 'failed', error_reason: 'payment_timed_out' });
    expect(duitNowEvent('evt_7', { event: 'payment.failed', payload: { payment: { entity: lapsed } } })).toMatchObject({ ok: true, event: { kind: 'payment.expired' } });
  });

  test('a payment without the shop’s QR notes is left to the payment links’ reading', () => {
    const linkPayment = { event: 'payment.captured', payload: { payment: { entity: payment({ notes: { orderNo: notes.orderNo, paymentId: notes.paymentId } }) } } };
    expect(duitNowEvent('evt_3', linkPayment)).toBeNull();
    expect(eventFromCurlec('evt_3', linkPayment)).toEqual({ ok: true, event: null });
    expect(duitNowEvent('evt_4', { event: 'payment_link.paid', payload: {} })).toBeNull();
    expect(duitNowEvent('evt_5', 'not an event')).toBeNull();
  });

  test('a refund of a QR payment names its Curlec order and the shop’s refund', () => {
    const refund = { id: 'rfnd_1', entity: 'refund', amount: 1_000, currency: 'MYR', payment_id: 'pay_QR0000000001', status: 'processed', notes: { refundId: 'r-1', qrOrderId: 'order_QR000000001', checkout: 'duitnow_qr', paymentId: notes.paymentId } };
    expect(duitNowEvent('evt_6', { event: 'refund.processed', payload: { refund: { entity: refund } } })).toEqual({
      ok: true,
      event: { eventId: 'evt_6', kind: 'refund.succeeded', providerRef: 'order_QR000000001', paymentId: notes.paymentId, refundId: 'r-1', amountSen: 1_000, currency: 'MYR' },
    });
  });
});

describe('what a QR order’s payments say', () => {
  const order = { amount: 9_700, currency: 'MYR' };
  const status = (payments: ReturnType<typeof payment>[]) => statusFromQrPayments('order_QR000000001', order, payments, NOW);

  test('paid once one payment is captured', () => {
    expect(status([payment({ status: 'failed' }), payment()])).toEqual({ state: 'paid', amountSen: 9_700, currency: 'MYR', eventId: 'order_QR000000001:paid' });
  });

  test('waiting while the QR can be scanned or the bank has said yes; expired once its time has passed', () => {
    expect(status([])).toMatchObject({ state: 'pending', amountSen: 9_700, eventId: null });
    expect(status([payment({ status: 'created', expire_at: at(60) })])).toMatchObject({ state: 'pending' });
    expect(status([payment({ status: 'authorized', expire_at: at(-60) })])).toMatchObject({ state: 'pending' });
    expect(status([payment({ status: 'created', expire_at: at(-1) })])).toEqual({ state: 'expired', amountSen: 9_700, currency: 'MYR', eventId: 'order_QR000000001:expired' });
  });

  test('a QR Curlec failed for want of a scan is expired; any other failure is failed', () => {
    expect(status([payment({ status: 'failed', error_reason: 'payment_timed_out' })])).toMatchObject({ state: 'expired' });
    expect(status([payment({ status: 'failed', error_reason: 'payment_declined' })])).toMatchObject({ state: 'failed', eventId: 'order_QR000000001:failed' });
  });
});

test('the shop’s QR page is on the return address’s origin, in the customer’s language', () => {
  const back = 'https://shop.example/pc/ms/pages?orderNo=SV250602123456';
  expect(qrPageUrl(back, 'en', 'SV250602123456')).toBe('https://shop.example/pc/pay/duitnow?orderNo=SV250602123456');
  expect(qrPageUrl(back, 'zh-cn', 'SV250602123456')).toBe('https://shop.example/pc/zh-cn/pay/duitnow?orderNo=SV250602123456');
  expect(qrPageUrl(back, 'ms', 'SV250602123456')).toBe('https://shop.example/pc/ms/pay/duitnow?orderNo=SV250602123456');
});
