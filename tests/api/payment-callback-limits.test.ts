import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApi } from '../../server/app.ts';
import { stripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { startApi, type TestApi } from './harness.ts';
import { FIND, installOrder, latestPaymentOf, placeAndStartPaying, postCallback, pressInSandbox, rows, sandboxEvent, SS2, unitsAt } from './order-fixtures.ts';

/**
 * A signed callback is the provider's, but what it says is still checked before the database:
 * an event no order could hold is refused for good (400, the gateway stops sending it), kept
 * once for review with the reason, and never printed to the log.
 */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

/** Everything the server prints while `work` runs. */
async function printed(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation(keep));
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

/** An install order whose payment went through at the sandbox, its callback not yet arrived. */
async function awaitingCallback() {
  const started = await placeAndStartPaying(api, userKey, installOrder());
  api.loseCallbacks(true);
  await pressInSandbox(api, started.redirectUrl);
  api.loseCallbacks(false);
  const payment = await latestPaymentOf(api, started.orderNo);
  const lost = api.lostCallbacks[0]!;
  return { orderNo: started.orderNo, payment, lost: { body: lost.body, signature: lost.headers['X-Sandbox-Signature']! } };
}

async function unchanged(orderNo: string) {
  expect((await api.request(FIND, { orderNo }, { userKey })).data).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });
  expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['held', 'held', 'held']);
  expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'pending' });
}

const eventRows = () =>
  rows<{ event_id: string; provider: string; outcome: string; amount_sen: number; reason: string; repeats: number }>(
    api,
    sql`select event_id, provider, outcome, amount_sen, reason, repeats from payment_events order by received_at`,
  );

describe('a signed sandbox callback the shop cannot take', () => {
  const TWO_TO_31 = 2 ** 31;
  const TWO_TO_53 = 2 ** 53;
  test.each([
    ['an amount of 2³¹ sen', { amountSen: TWO_TO_31 }, 0, `amount ${TWO_TO_31} sen is not one an order can hold (1 to 100000000 sen)`],
    ['an amount of 2⁵³ sen', { amountSen: TWO_TO_53 }, 0, `amount ${TWO_TO_53} sen is not one an order can hold (1 to 100000000 sen)`],
    ['a negative amount', { amountSen: -24_800 }, 0, 'amount -24800 sen is not one an order can hold (1 to 100000000 sen)'],
    ['an amount in fractions of a sen', { amountSen: 248.5 }, 0, 'amount 248.5 sen is not one an order can hold (1 to 100000000 sen)'],
    ['another currency', { amountSen: 24_800, currency: 'USD' }, 24_800, 'currency USD, expected MYR'],
    ['an event type the sandbox does not send', { amountSen: 24_800, type: 'payment.refunded' }, 24_800, 'unknown event type payment.refunded'],
  ])('%s: 400 every time, kept once as refused with the reason, the order unchanged, the body never logged', async (_, fields, keptSen, reason) => {
    const { orderNo, payment, lost } = await awaitingCallback();
    const body = sandboxEvent({ checkout: payment.provider_ref, paymentId: payment.id, orderNo, ...fields });
    const answers: { status: number; json: unknown }[] = [];
    const log = await printed(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await postCallback(api, body);
        answers.push({ status: res.status, json: await res.json() });
      }
    });
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 400, json: { received: false, reason } })));
    const eventId = (JSON.parse(body) as { id: string }).id;
    expect(await eventRows()).toEqual([{ event_id: eventId, provider: 'sandbox', outcome: 'refused', amount_sen: keptSen, reason, repeats: 2 }]);
    await unchanged(orderNo);
    expect(log).toContain(eventId);
    expect(log).not.toContain(body);
    expect(log).not.toContain(payment.id);
    expect(log).not.toContain(String(fields.amountSen));
    // What it claimed paid nothing: the sandbox's own callback, arriving late, still pays the order.
    expect(await (await postCallback(api, lost.body, lost.signature)).json()).toEqual({ received: true, duplicate: false });
    expect((await api.request(FIND, { orderNo }, { userKey })).data).toMatchObject({ status: 'UPCOMING', paidSen: 24_800 });
  });

  test('a signed body that is not a sandbox event but names its id is kept as refused too', async () => {
    const { orderNo, payment } = await awaitingCallback();
    const body = JSON.stringify({ id: 'evt_sbx_0123456789abcdef', type: 'payment.succeeded', created: 1748830000, data: { checkout: payment.provider_ref, amountSen: '24800' } });
    for (let i = 0; i < 2; i++) expect((await postCallback(api, body)).status).toBe(400);
    expect(await eventRows()).toMatchObject([{ event_id: 'evt_sbx_0123456789abcdef', outcome: 'refused', amount_sen: 0, repeats: 1 }]);
    await unchanged(orderNo);
  });

  test('a bad signature is still refused without keeping anything', async () => {
    const { orderNo, payment } = await awaitingCallback();
    const body = sandboxEvent({ checkout: payment.provider_ref, paymentId: payment.id, orderNo, amountSen: TWO_TO_31 });
    const res = await postCallback(api, body, 'b'.repeat(64));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ received: false, reason: 'signature does not match the body' });
    expect(await eventRows()).toEqual([]);
    await unchanged(orderNo);
  });
});

describe('a signed Stripe callback the shop cannot take', () => {
  const WEBHOOK_SECRET = 'whsec_servauto_limits';
  const CALLBACK = '/api/pay/callback/stripe';
  let stripeShop: ReturnType<typeof createApi>;

  beforeEach(() => {
    // The same shop and database, with Stripe as its provider: events are checked without calling Stripe.
    const payments = stripeProvider({ secretKey: 'sk_test_servauto', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: 9, protocol: 'http', now: api.now });
    stripeShop = createApi({ db: api.db, indexes: api.indexes, sms: consoleSms(() => {}), secret: api.secret, now: api.now, payments, einvoice: api.einvoice });
  });

  const stripeEvent = (id: string, type: string, object: object) =>
    JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(api.now().getTime() / 1000), type, data: { object } });
  const post = (body: string) =>
    stripeShop.request(CALLBACK, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(api.now().getTime() / 1000) }),
      },
      body,
    });
  const session = (orderNo: string, paymentId: string, changes: object) => ({
    id: 'cs_test_limits',
    object: 'checkout.session',
    amount_total: 24_800,
    currency: 'myr',
    status: 'complete',
    payment_status: 'paid',
    metadata: { orderNo, paymentId },
    ...changes,
  });

  test.each([
    ['an amount of 2³¹ sen', 'checkout.session.completed', { amount_total: 2 ** 31 }, 0, `amount ${2 ** 31} sen is not one an order can hold (1 to 100000000 sen)`],
    ['an amount of 2⁵³ sen', 'checkout.session.async_payment_succeeded', { amount_total: 2 ** 53 }, 0, `amount ${2 ** 53} sen is not one an order can hold (1 to 100000000 sen)`],
    ['a negative amount', 'checkout.session.completed', { amount_total: -24_800 }, 0, 'amount -24800 sen is not one an order can hold (1 to 100000000 sen)'],
    ['an amount in fractions of a sen', 'checkout.session.completed', { amount_total: 248.5 }, 0, 'amount 248.5 sen is not one an order can hold (1 to 100000000 sen)'],
    ['another currency', 'checkout.session.completed', { currency: 'usd' }, 24_800, 'currency USD, expected MYR'],
  ])('%s: 400 every time, kept once as refused with the reason, the order unchanged, the body never logged', async (_, type, changes, keptSen, reason) => {
    const { orderNo, payment } = await awaitingCallback();
    const body = stripeEvent('evt_limits_1', type, session(orderNo, payment.id, changes));
    const answers: { status: number; json: unknown }[] = [];
    const log = await printed(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await post(body);
        answers.push({ status: res.status, json: await res.json() });
      }
    });
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 400, json: { received: false, error: reason } })));
    expect(await eventRows()).toEqual([{ event_id: 'evt_limits_1', provider: 'stripe', outcome: 'refused', amount_sen: keptSen, reason, repeats: 2 }]);
    await unchanged(orderNo);
    expect(log).toContain('evt_limits_1');
    expect(log).not.toContain(payment.id);
    expect(log).not.toContain('cs_test_limits');
  });

  test('a refund of 2³¹ sen is refused the same way', async () => {
    const { orderNo, payment } = await awaitingCallback();
    const refund = { id: 're_limits', object: 'refund', amount: 2 ** 31, currency: 'myr', status: 'succeeded', metadata: { refundId: 'refund-1', checkoutSession: 'cs_test_limits', paymentId: payment.id, orderNo } };
    const res = await post(stripeEvent('evt_limits_2', 'refund.updated', refund));
    expect(res.status).toBe(400);
    expect(await eventRows()).toMatchObject([{ event_id: 'evt_limits_2', outcome: 'refused', amount_sen: 0 }]);
    await unchanged(orderNo);
  });

  test('a signed event whose object is not what its type says is kept as refused', async () => {
    const body = stripeEvent('evt_limits_3', 'checkout.session.completed', { id: 'cs_test_limits' });
    for (let i = 0; i < 2; i++) expect((await post(body)).status).toBe(400);
    expect(await eventRows()).toMatchObject([{ event_id: 'evt_limits_3', outcome: 'refused', amount_sen: 0, reason: 'the event holds no Checkout Session', repeats: 1 }]);
  });

  test('an event type the shop does not use is still taken and not kept', async () => {
    const res = await post(stripeEvent('evt_limits_4', 'customer.created', { id: 'cus_1', object: 'customer' }));
    expect(await res.json()).toEqual({ received: true });
    expect(await eventRows()).toEqual([]);
  });
});

describe('the log when recording fails on our side', () => {
  test('a good callback the database cannot take: 503 for a retry, the statement logged without the body or its values', async () => {
    const { orderNo, payment, lost } = await awaitingCallback();
    await api.db.execute(sql`alter table payment_events rename to payment_events_away`);
    let res: Response | undefined;
    const log = await printed(async () => {
      res = await postCallback(api, lost.body, lost.signature);
    }).finally(() => api.db.execute(sql`alter table payment_events_away rename to payment_events`));
    expect(res!.status).toBe(503);
    expect(log).toMatch(/not recorded, the provider will send it again: query failed: insert into "payment_events"/);
    expect(log).not.toContain(lost.body.slice(0, 40));
    expect(log).not.toContain(payment.id);
    expect(log).not.toContain(payment.provider_ref);
    await unchanged(orderNo);
  });
});
