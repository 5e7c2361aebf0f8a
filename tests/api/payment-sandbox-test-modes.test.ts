import { describe, expect, test } from 'vitest';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { SANDBOX_CALLBACK_JOB } from '../../dev/doubles/sandbox/delivery-job.ts';
import { form, useSandbox } from './sandbox-fixture.ts';

/**
 * The sandbox's test-only ways to reach the cases a real gateway brings (docs/integrations.md, Payments): a
 * payment the bank confirms late, and a refund the provider cannot pay.
 */

const s = useSandbox();

const eventsOf = (providerRef: string) => s.events().filter((e) => e.providerRef === providerRef);

describe('the sandbox’s test modes', () => {
  test('Pay, bank confirms later: the money is taken now, and the shop hears of it only from the delivery job', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const html = await (await s.app.request(checkout.redirectUrl)).text();
    expect(html).toMatch(/value="later"[^>]*>Pay, bank confirms later</);
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'later', method: 'fpx', bank: 'maybank2u' }));
    expect(res.status).toBe(303);
    await s.provider.idle();
    expect(eventsOf(checkout.providerRef)).toEqual([]);
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('paid');
    s.clock += 31_000;
    await runDueJobs(s.database.db, { [SANDBOX_CALLBACK_JOB]: s.provider.callbackJob }, new Date(s.clock));
    await s.provider.idle();
    expect(eventsOf(checkout.providerRef).map((e) => [e.kind, e.amountSen])).toEqual([['payment.succeeded', 15_900]]);
  });

  test('the first refund of an amount whose sen end in 13 fails by a refund.failed callback; asking again succeeds', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    expect((await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }))).status).toBe(303);
    const first = await s.provider.refund({ providerRef: checkout.providerRef, amountSen: 1013, refundId: 'refund-1', reason: 'test' });
    expect(first.state).toBe('pending');
    const second = await s.provider.refund({ providerRef: checkout.providerRef, amountSen: 1013, refundId: 'refund-2', reason: 'test' });
    expect(second.state).toBe('succeeded');
    await s.provider.idle();
    const refunds = eventsOf(checkout.providerRef).filter((e) => e.kind.startsWith('refund.'));
    expect(refunds.map((e) => [e.kind, e.refundId, e.amountSen])).toEqual([
      ['refund.failed', 'refund-1', 1013],
      ['refund.succeeded', 'refund-2', 1013],
    ]);
    // The failed one moved no money: the rest of the payment can still be returned.
    expect((await s.provider.refund({ providerRef: checkout.providerRef, amountSen: 15_900 - 1013, refundId: 'refund-3' })).state).toBe('succeeded');
  });
});
