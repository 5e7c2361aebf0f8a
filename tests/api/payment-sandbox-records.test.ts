import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { PaymentRefused, paymentProviderFromEnv } from '../../server/providers/payment/index.ts';
import type { SandboxProvider } from '../../dev/doubles/sandbox/provider.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { SECRET, form, onPostgres, useSandbox } from './sandbox-fixture.ts';

/** The sandbox's own records: checkouts asked for twice, closed checkouts, refunds, and its settings. */

const s = useSandbox();

describe('creating checkouts', () => {
  test('asking again for the same payment answers the same checkout', async () => {
    const first = s.request();
    const again = await s.provider.createCheckout(first);
    expect((await s.provider.createCheckout(first)).providerRef).toBe(again.providerRef);
  });

  test('the same payment id for another amount is refused', async () => {
    const first = s.request();
    await s.provider.createCheckout(first);
    await expect(s.provider.createCheckout({ ...first, amountSen: 100 })).rejects.toThrow(/another order or amount/);
  });

  test('a payment time already over is refused with the customer’s message', async () => {
    await expect(s.provider.createCheckout(s.request({ expiresAt: new Date(s.clock) }))).rejects.toMatchObject({ key: 'order.paymentExpired' });
  });

  test('closing an open checkout ends its page; closing a paid one changes nothing', async () => {
    const open = await s.provider.createCheckout(s.request());
    await s.provider.expireCheckout!(open.providerRef);
    expect((await s.provider.paymentStatus(open.providerRef)).state).toBe('expired');
    expect(await (await s.app.request(open.redirectUrl)).text()).not.toContain('value="pay"');

    const paid = await s.provider.createCheckout(s.request());
    await s.app.request(paid.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    await s.provider.expireCheckout!(paid.providerRef);
    expect((await s.provider.paymentStatus(paid.providerRef)).state).toBe('paid');
  });
});

describe('refunds', () => {
  async function paid(amountSen = 15_900) {
    const checkout = await s.provider.createCheckout(s.request({ amountSen }));
    await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    s.received = [];
    return checkout.providerRef;
  }

  test('succeed at once, then a signed refund.succeeded naming our refund arrives', async () => {
    const ref = await paid();
    const result = await s.provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1', reason: 'Wrong size' });
    expect(result).toEqual({ providerRefundRef: expect.stringMatching(/^sbxr_/), state: 'succeeded' });
    await s.provider.idle();
    expect(s.received.map((r) => r.verdict)).toEqual([
      {
        ok: true,
        event: expect.objectContaining({ kind: 'refund.succeeded', providerRef: ref, refundId: 'refund-1', amountSen: 5_000, currency: 'MYR' }),
      },
    ]);
  });

  test('the same refund id again answers the same refund and sends nothing more', async () => {
    const ref = await paid();
    const first = await s.provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1' });
    const again = await s.provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1' });
    expect(again).toEqual(first);
    await s.provider.idle();
    expect(s.received).toHaveLength(1);
  });

  test('never more than was paid, over several refunds', async () => {
    const ref = await paid(10_000);
    await s.provider.refund({ providerRef: ref, amountSen: 6_000, refundId: 'refund-1' });
    await expect(s.provider.refund({ providerRef: ref, amountSen: 4_001, refundId: 'refund-2' })).rejects.toMatchObject({ key: 'gateway.refundTooLarge' });
    await expect(s.provider.refund({ providerRef: ref, amountSen: 4_000, refundId: 'refund-3' })).resolves.toMatchObject({ state: 'succeeded' });
  });

  test.skipIf(!onPostgres)(
    'refunds at once that together pass the payment: one is made, the other refused (needs PostgreSQL: PGlite runs one transaction at a time)',
    async () => {
      const refs: string[] = [];
      for (let i = 0; i < 20; i++) refs.push(await paid(10_000));
      const outcomes = await Promise.allSettled(
        refs.flatMap((ref, i) => ['a', 'b'].map((side) => s.provider.refund({ providerRef: ref, amountSen: 7_000, refundId: `refund-${i}-${side}` }))),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(PaymentRefused);
      const over = await s.database.db.execute(sql`select checkout_id from sandbox_refunds group by checkout_id having sum(amount_sen) > 10000`);
      expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
    },
  );

  test('a checkout that was never paid cannot be refunded', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    await expect(s.provider.refund({ providerRef: checkout.providerRef, amountSen: 100, refundId: 'refund-1' })).rejects.toMatchObject({ key: 'gateway.notPaid' });
  });
});

describe('choosing the provider from the environment', () => {
  const deps = () => ({ db: s.database.db, secret: SECRET });
  const doubles = createDoubles({});

  test('the sandbox by default, offering every method', () => {
    const chosen = paymentProviderFromEnv({}, deps(), doubles);
    expect(chosen.name).toBe('sandbox');
    expect(chosen.methods).toEqual(['fpx', 'card', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow']);
  });

  test('SANDBOX_PAYMENT_SECRET signs when set; else a key drawn from the server secret', () => {
    const body = '{"id":"evt_sbx_x"}';
    const fromEnv = paymentProviderFromEnv({ SANDBOX_PAYMENT_SECRET: 'env key' }, deps(), doubles) as SandboxProvider;
    const fromServer = paymentProviderFromEnv({}, deps(), doubles) as SandboxProvider;
    expect(fromEnv.sign(body)).not.toBe(fromServer.sign(body));
    expect(fromServer.sign(body)).toBe(s.provider.sign(body));
  });

  test('without the doubles (a production start) the sandbox is refused, naming how to get it', () => {
    expect(() => paymentProviderFromEnv({}, deps())).toThrow(/^PAYMENT_PROVIDER=sandbox \(the demo gateway\) is served by a double .* npm start \(dev\/start.ts\)/);
  });

  test('Stripe needs both of its keys, and an unknown provider stops the start', () => {
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, deps())).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'paypal' }, deps())).toThrow(/Unknown PAYMENT_PROVIDER "paypal"/);
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_PORT: 'x' }, deps())).toThrow(/STRIPE_API_PORT/);
    const stripe = paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, deps());
    expect(stripe.name).toBe('stripe');
    expect(stripe.methods).toEqual(['fpx', 'card', 'grabpay']);
  });
});
