import { describe, expect, test } from 'vitest';
import { message } from '../../contract/rules/messages.ts';
import { DOUBLE_KEYS, DOUBLE_PATH } from '../../dev/doubles/curlec/index.ts';
import { freePort } from '../api/free-port.ts';
import { startApi } from '../api/harness.ts';
import { CANCEL } from '../api/my-orders-fixtures.ts';
import { ADD, FIND, PAY, pickupOrder } from '../api/order-fixtures.ts';
import { scratchData, serverCall, serverLogin, startServer, type Running } from '../api/server-process.ts';

/**
 * Pay pressed twice at once, and Pay meeting Cancel, on real servers (server/main.ts) taking
 * payments through Curlec with its double inside them: two processes on one PostgreSQL (as
 * behind a load balancer), and one on PGlite. Whatever the interleaving, the order ends with at
 * most one payment link open at Curlec, and none once it is cancelled.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const curlec = { PAYMENT_PROVIDER: 'curlec', CURLEC_DOUBLE: '1', OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' };
const login = (server: Running, phone: string) => serverLogin(server, phone, () => /\[sms\] OTP for \+60\d+: (\d{6})/.exec(server.output())?.[1]);

type Answer = { code: number; msg: string; data: any };

/** A call whose answer may be a refusal. */
async function post(server: Running, apiPath: string, body: unknown, userKey: string): Promise<Answer> {
  const res = await fetch(server.base + apiPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', language: 'en_us', Authorization: userKey },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

/** The order's payment links Curlec (the double, on the database both servers share) still lets the customer pay. */
async function openLinks(server: Running, orderNo: string): Promise<string[]> {
  const res = await fetch(`${server.base}${DOUBLE_PATH}/v1/payment_links`, {
    headers: { authorization: `Basic ${Buffer.from(`${DOUBLE_KEYS.keyId}:${DOUBLE_KEYS.keySecret}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  const { payment_links: links } = (await res.json()) as { payment_links: { short_url: string; status: string; notes: { orderNo?: string } }[] };
  return links.filter((l) => l.notes.orderNo === orderNo && l.status === 'created').map((l) => l.short_url);
}

/**
 * Two Pays of one order at once (through `one` and `two`): one page stays open, the one of a
 * Pay answered with it; a Pay that lost is told the newer page replaced it.
 */
async function payTwiceAtOnce(one: Running, two: Running, userKey: string): Promise<string[]> {
  const { orderNo } = await serverCall(one, ADD, pickupOrder(), userKey);
  const answers = await Promise.all([
    post(one, PAY, { orderNo, payMethod: 'card' }, userKey),
    post(two, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey),
  ]);
  const wrong: string[] = [];
  for (const answer of answers) {
    if (answer.code !== 200 && !(answer.code === 807 && answer.msg === message('en', 'payment.replaced'))) wrong.push(`${orderNo}: Pay answered ${answer.code} ${answer.msg}`);
  }
  const answered = answers.filter((a) => a.code === 200).map((a) => a.data.redirectUrl as string);
  const open = await openLinks(one, orderNo);
  if (open.length !== 1) wrong.push(`${orderNo}: ${open.length} links open after two Pays`);
  else if (!answered.includes(open[0]!)) wrong.push(`${orderNo}: the open link ${open[0]} is not one a Pay answered with`);
  // Cancelled, so the customer's unpaid orders stay few; the cancel closes the link left.
  await serverCall(two, CANCEL, { orderNo, reason: 'Paid elsewhere' }, userKey);
  if ((await openLinks(one, orderNo)).length !== 0) wrong.push(`${orderNo}: a link still open after the cancel`);
  return wrong;
}

/** Pay (through `one`) and Cancel (through `two`) at once: the order is cancelled and no link of it can be paid. */
async function payWhileCancelling(one: Running, two: Running, userKey: string): Promise<string[]> {
  const { orderNo } = await serverCall(one, ADD, pickupOrder(), userKey);
  const [pay, cancel] = await Promise.all([post(one, PAY, { orderNo, payMethod: 'tng' }, userKey), post(two, CANCEL, { orderNo, reason: 'Changed my mind' }, userKey)]);
  const wrong: string[] = [];
  if (cancel.code !== 200) wrong.push(`${orderNo}: Cancel answered ${cancel.code} ${cancel.msg}`);
  if (pay.code !== 200 && !(pay.code === 807 && pay.msg === message('en', 'order.payRefused'))) wrong.push(`${orderNo}: Pay answered ${pay.code} ${pay.msg}`);
  const order = await serverCall(one, FIND, { orderNo }, userKey);
  if (order.status !== 'CANCELLED') wrong.push(`${orderNo}: ${order.status}`);
  const open = await openLinks(one, orderNo);
  if (open.length > 0) wrong.push(`${orderNo}: ${open.length} link(s) open on a cancelled order (Pay answered ${pay.code})`);
  return wrong;
}

async function rounds(n: number, round: () => Promise<string[]>): Promise<string[]> {
  const wrong: string[] = [];
  for (let i = 0; i < n; i++) wrong.push(...(await round()));
  return wrong;
}

/** Two server processes on the suite's PostgreSQL, emptied of what earlier files left. */
async function twoServers(name: string): Promise<[Running, Running]> {
  await (await startApi()).close();
  const shared = { ...curlec, DATABASE_URL: process.env.DATABASE_URL!, DEMO_DATA: '0' };
  return [await startServer(await scratchData(`${name}-a`), await freePort(), shared), await startServer(await scratchData(`${name}-b`), await freePort(), shared)];
}

describe.skipIf(!onPostgres)('Pay at once through two server processes on one PostgreSQL (needs PostgreSQL)', () => {
  test('Pay through one and Pay through the other, twelve orders: one link open each time, the one a Pay answered with', { timeout: 180_000 }, async () => {
    const [a, b] = await twoServers('pay-pay');
    const userKey = await login(a, '0123456781');
    expect(await rounds(12, () => payTwiceAtOnce(a, b, userKey))).toEqual([]);
  });

  test('Pay through one and Cancel through the other, ten orders: cancelled, and no link left open', { timeout: 180_000 }, async () => {
    const [a, b] = await twoServers('pay-cancel');
    const userKey = await login(a, '0123456783');
    expect(await rounds(10, () => payWhileCancelling(a, b, userKey))).toEqual([]);
  });
});

describe.skipIf(onPostgres)('Pay at once on one server over PGlite', () => {
  test('two Pays at once, six orders: one link open each time, the one a Pay answered with', { timeout: 120_000 }, async () => {
    const server = await startServer(await scratchData('pay-pay'), await freePort(), curlec);
    const userKey = await login(server, '0123456782');
    expect(await rounds(6, () => payTwiceAtOnce(server, server, userKey))).toEqual([]);
  });

  test('Pay and Cancel at once, ten orders: cancelled, and no link left open', { timeout: 120_000 }, async () => {
    const server = await startServer(await scratchData('pay-cancel'), await freePort(), curlec);
    const userKey = await login(server, '0123456784');
    expect(await rounds(10, () => payWhileCancelling(server, server, userKey))).toEqual([]);
  });
});
