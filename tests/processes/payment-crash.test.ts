import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { LOCK_FILE } from '../../server/db/folder-lock.ts';
import { freePort } from '../api/free-port.ts';
import { ADD, FIND, PAY, pickupOrder, SANDBOX_CALLBACK } from '../api/order-fixtures.ts';
import { scratchData, serverCall, serverLogin, startServer, type Running } from '../api/server-process.ts';
import { pgliteOnly } from '../api/pglite-only.ts';

/**
 * The real server (server/main.ts) killed with SIGKILL after the customer pressed Pay on the
 * sandbox's page and before the shop took its callback, then started again on the same PGlite
 * folder: the callback's delivery job, written with the payment, still reports it.
 */

const login = (server: Running, phone: string) => serverLogin(server, phone, () => /\[sms\] OTP for \+60\d+: (\d{6})/.exec(server.output())?.[1]);

const lockHolder = (dataDir: string) => (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

pgliteOnly('a crash between Pay and its callback', () => {
  test('kill -9 after Pay, restart on the same folder: the order is paid, not expired', { timeout: 120_000 }, async () => {
    const dataDir = await scratchData('payment-crash');
    const [port, nobody] = [await freePort(), await freePort()];

    // The gateway's own quick tries go where nothing answers: only the delivery job is left.
    const first = await startServer(dataDir, port, { SANDBOX_CALLBACK_URL: `http://127.0.0.1:${nobody}${SANDBOX_CALLBACK}`, JOB_RETRY_SECONDS: '2' });
    const userKey = await login(first, '0123456789');
    const placed = await serverCall(first, ADD, pickupOrder(), userKey);
    const orderNo = placed.orderNo as string;
    const { redirectUrl } = await serverCall(first, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey);
    const pressed = await fetch(new URL(redirectUrl, first.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    const pressedAt = Date.now();
    expect(await serverCall(first, FIND, { orderNo }, userKey)).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(lockHolder(dataDir), 'the killed server left its lock').toBe(first.child.pid);

    // Its own callback address now (the default), and a worker that looks every second.
    const second = await startServer(dataDir, port, { JOB_INTERVAL_SECONDS: '1' });
    expect(lockHolder(dataDir), 'the restarted server took the lock over').toBe(second.child.pid);

    // The job's first try is due JOB_RETRY_SECONDS after Pay (30 s in a shop, 2 s here), as a
    // gateway's first retry comes soon after a missed webhook; the worker finds it within a second.
    let order = await serverCall(second, FIND, { orderNo }, userKey);
    const deadline = pressedAt + 90_000;
    while (order.status === 'PENDING_PAYMENT' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      order = await serverCall(second, FIND, { orderNo }, userKey);
    }
    expect(order, second.output()).toMatchObject({ status: 'UPCOMING', paidSen: placed.totalSen });
    expect(order.paidSen).toBeGreaterThan(0);
    expect(order.history.map((h: { status: string }) => h.status)).not.toContain('CANCELLED');
    // Reported by the callback the job delivered, once.
    expect(second.output().match(new RegExp(`POST ${SANDBOX_CALLBACK} 200`, 'g'))).toHaveLength(1);
  });
});
