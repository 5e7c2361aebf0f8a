import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { usedMethodOfEvent } from '../../server/providers/payment/curlec/mapping.ts';
import { curlecProvider, CurlecError } from '../../server/providers/payment/curlec/provider.ts';
import { PaymentRefused, type CheckoutRequest } from '../../server/providers/payment/types.ts';
import { startCurlecDouble, type CurlecDouble, type CurlecWebhook } from './curlec-double.ts';

/** The Curlec provider against the double: the calls, answers and signatures Curlec documents. */

let double: CurlecDouble;
beforeAll(async () => {
  double = await startCurlecDouble();
});
afterAll(() => double.close());

const provider = (keySecret = double.keySecret) => curlecProvider({ keyId: double.keyId, keySecret, webhookSecret: double.webhookSecret, apiBase: double.base });
let n = 0;
const request = (fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: `pay-curlec-${++n}`,
  orderNo: `SA25060212${String(n).padStart(2, '0')}`,
  amountSen: 15_900,
  currency: 'MYR',
  payMethod: 'tng',
  description: 'Servauto order',
  returnUrl: 'https://shop.example/pc/pages?orderNo=SA2506021234',
  expiresAt: new Date(Date.now() + 45 * 60_000),
  locale: 'en',
  ...fields,
});
const verify = (hook: CurlecWebhook) => provider().verifyCallback(hook.rawBody, new Headers(hook.headers));

describe('paying through a Curlec payment link', () => {
  test('the link is made, paid on Curlec’s page, and its webhook and return are believed', async () => {
    const p = provider();
    const asked = request();
    const checkout = await p.createCheckout(asked);
    expect(checkout.redirectUrl).toBe(`${double.base}/i/${checkout.providerRef}`);
    expect(await double.links.get(checkout.providerRef)).toMatchObject({ amount: 15_900, currency: 'MYR', reference_id: asked.paymentId, callback_method: 'get', notes: { orderNo: asked.orderNo } });
    expect(await p.paymentStatus(checkout.providerRef)).toMatchObject({ state: 'pending' });

    const { webhooks } = await double.pay(checkout.providerRef, { method: 'fpx', bank: 'MB2U0227' });
    const [captured, linkPaid] = await Promise.all(webhooks.map(verify));
    // payment.captured alone names no link: the shop waits for payment_link.paid.
    expect(captured).toEqual({ ok: true, event: null });
    expect(linkPaid).toMatchObject({ ok: true, event: { kind: 'payment.succeeded', providerRef: checkout.providerRef, paymentId: asked.paymentId, amountSen: 15_900 } });
    expect(await p.paymentStatus(checkout.providerRef)).toMatchObject({ state: 'paid', amountSen: 15_900 });
    expect(p.verifyReturn(new URL(await double.returnUrl(checkout.providerRef)).searchParams)).toMatchObject({ ok: true, link: { paymentLinkId: checkout.providerRef, status: 'paid' } });
  });

  test('a webhook changed on the way, or signed with another secret, is refused', async () => {
    const checkout = await provider().createCheckout(request());
    const [, linkPaid] = (await double.pay(checkout.providerRef)).webhooks;
    expect((await verify({ ...linkPaid!, rawBody: linkPaid!.rawBody.replace('"amount":15900', '"amount":100') })).ok).toBe(false);
    expect((await verify(double.webhook('payment_link.paid', JSON.parse(linkPaid!.rawBody).payload, { secret: 'not-the-secret' }))).ok).toBe(false);
  });

  test('a wrong key is Curlec’s 401; an amount Curlec will not take is the customer’s message', async () => {
    await expect(provider('wrong-secret').createCheckout(request())).rejects.toMatchObject({ name: 'CurlecError', status: 401 });
    await expect(provider().createCheckout(request({ amountSen: 50 }))).rejects.toMatchObject({ key: 'gateway.amountTooSmall' });
  });

  test('an open link is cancelled when no longer wanted; a paid one is left as it is', async () => {
    const p = provider();
    const open = await p.createCheckout(request());
    await p.expireCheckout!(open.providerRef);
    expect(await p.paymentStatus(open.providerRef)).toMatchObject({ state: 'expired' });
    const paid = await p.createCheckout(request());
    await double.pay(paid.providerRef);
    await p.expireCheckout!(paid.providerRef);
    expect(await p.paymentStatus(paid.providerRef)).toMatchObject({ state: 'paid' });
    await expect(p.paymentStatus('plink_Unknown0000000')).rejects.toBeInstanceOf(CurlecError);
  });
});

describe('refunding a Curlec payment', () => {
  test('once per key, never above what the payment can return, and settled by webhook', async () => {
    const p = provider();
    const asked = request();
    const checkout = await p.createCheckout(asked);
    const { paymentId } = await double.pay(checkout.providerRef);
    const first = await p.refund({ providerRef: checkout.providerRef, amountSen: 10_000, refundId: 'refund-curlec-1' });
    expect(first.state).toBe('pending');
    // Asked again after a lost answer: the same refund.
    expect(await p.refund({ providerRef: checkout.providerRef, amountSen: 10_000, refundId: 'refund-curlec-1' })).toEqual(first);
    expect((await double.refunds.all()).filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    await expect(p.refund({ providerRef: checkout.providerRef, amountSen: 6_000, refundId: 'refund-curlec-2' })).rejects.toBeInstanceOf(PaymentRefused);

    expect(await verify(await double.settleRefund(first.providerRefundRef, 'processed'))).toMatchObject({
      ok: true,
      event: { kind: 'refund.succeeded', providerRef: checkout.providerRef, refundId: 'refund-curlec-1', paymentId: asked.paymentId, amountSen: 10_000 },
    });
  });

  test('a refund the bank turns down comes back as failed', async () => {
    const p = provider();
    const checkout = await p.createCheckout(request());
    await double.pay(checkout.providerRef);
    const refund = await p.refund({ providerRef: checkout.providerRef, amountSen: 15_900, refundId: 'refund-curlec-3' });
    expect(await verify(await double.settleRefund(refund.providerRefundRef, 'failed'))).toMatchObject({ ok: true, event: { kind: 'refund.failed', refundId: 'refund-curlec-3' } });
  });

  test('a link never paid has nothing to refund', async () => {
    const p = provider();
    const checkout = await p.createCheckout(request());
    await expect(p.refund({ providerRef: checkout.providerRef, amountSen: 100, refundId: 'refund-curlec-4' })).rejects.toMatchObject({ key: 'gateway.notPaid' });
  });

  test('reconciliation reads the links and refunds of the period', async () => {
    const p = provider();
    const since = new Date(Date.now() - 60_000);
    const checkout = await p.createCheckout(request());
    await double.pay(checkout.providerRef);
    const refund = await p.refund({ providerRef: checkout.providerRef, amountSen: 1_000, refundId: 'refund-curlec-5' });
    const listing = await p.listSince!(since);
    expect(listing.payments).toContainEqual(expect.objectContaining({ ref: checkout.providerRef, state: 'paid', amountSen: 15_900 }));
    expect(listing.refunds).toContainEqual({ ref: refund.providerRefundRef, paymentRef: checkout.providerRef, amountSen: 1_000, state: 'pending' });
  });
});

describe('the double’s hosted page', () => {
  test('the tester pays with Touch ’n Go: the shop is told by signed webhooks and the customer comes back with a signed return', async () => {
    const received: CurlecWebhook[] = [];
    const shop = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const hooked = await startCurlecDouble({ webhookUrl: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/payment/curlec/webhook` });
    try {
      const p = curlecProvider({ keyId: hooked.keyId, keySecret: hooked.keySecret, webhookSecret: hooked.webhookSecret, apiBase: hooked.base });
      const checkout = await p.createCheckout(request());
      const page = await fetch(checkout.redirectUrl);
      expect(await page.text()).toContain('Touch ’n Go eWallet');
      const paid = await fetch(`${checkout.redirectUrl}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'tng', outcome: 'pay' }), redirect: 'manual' });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get('location')!);
      expect(back.origin + back.pathname).toBe('https://shop.example/pc/pages');
      expect(p.verifyReturn(back.searchParams)).toMatchObject({ ok: true, link: { paymentLinkId: checkout.providerRef, status: 'paid' } });
      const verdicts = await Promise.all(received.map((hook) => p.verifyCallback(hook.rawBody, new Headers(hook.headers))));
      expect(verdicts).toContainEqual(expect.objectContaining({ ok: true, event: expect.objectContaining({ kind: 'payment.succeeded', providerRef: checkout.providerRef }) }));
      expect(usedMethodOfEvent(JSON.parse(received.find((h) => h.rawBody.includes('payment_link.paid'))!.rawBody))).toEqual({ method: 'tng' });
    } finally {
      await hooked.close();
      await new Promise((resolve) => shop.close(resolve));
    }
  });
});
