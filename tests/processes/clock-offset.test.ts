import { expect, test } from 'vitest';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { freePort } from '../api/free-port.ts';
import { ADD, FIND, installOrder, PAY, SLOTS, SS2, WIPERS } from '../api/order-fixtures.ts';
import { PAGE } from '../api/my-orders-fixtures.ts';
import { pgliteOnly } from '../api/pglite-only.ts';
import { scratchData, serverCall, serverLogin, startServer, type Running } from '../api/server-process.ts';

/**
 * CLOCK_OFFSET_DAYS (docs/contracts/going-live.md §2): a running shop whose clock is that many days ahead, so
 * staging and outside testers can reach a date window (a claim on day 31, a reminder's day)
 * without waiting for it. The server is a process of its own on a PGlite folder of its own.
 */
pgliteOnly('a shop started with CLOCK_OFFSET_DAYS', () => {
  test('says so when ready, and offers times from its own today, that many days ahead', async () => {
    const server = await startServer(await scratchData('clock'), await freePort(), { CLOCK_OFFSET_DAYS: '40' });
    expect(server.output()).toContain('clock 40 days ahead (CLOCK_OFFSET_DAYS)');
    const phone = '0123009988';
    const userKey = await serverLogin(server, phone, () => /\[sms\] OTP for \+60123009988: (\d{6})/.exec(server.output())?.[1]);
    const { dates } = (await serverCall(server, SLOTS, { storeId: SS2, items: [WIPERS] }, userKey)) as { dates: { date: string }[] };
    const shopToday = addDays(klDate(new Date()), 40);
    // Dates are offered from 2 days ahead of the shop's today (a Sunday or a closed day skipped).
    const first = dates[0]!.date;
    expect(first >= addDays(shopToday, 2) && first <= addDays(shopToday, 4), `${first} offered on a shop day of ${shopToday}`).toBe(true);
  });

  test('a booking paid today is no longer shown as booked on a shop day after its time', async () => {
    const data = await scratchData('clock-passed');
    const phone = '0123009977';
    const login = (server: Running) => serverLogin(server, phone, () => [...server.output().matchAll(/\[sms\] OTP for \+60123009977: (\d{6})/g)].at(-1)?.[1]);

    // Booked and paid at today's first free time, by the real clock. The blades' lengths are the
    // Myvi's, named on the line, so the times offered allow for their stock (a transfer from the warehouse).
    const today = await startServer(data, await freePort());
    let userKey = await login(today);
    const blades = { ...WIPERS, options: { wiper: { driverInch: 24, passengerInch: 14 } } };
    const { dates } = (await serverCall(today, SLOTS, { storeId: SS2, items: [blades] }, userKey)) as { dates: { date: string; available: boolean; times: { time: string; available: boolean }[] }[] };
    const day = dates.find((d) => d.available)!;
    const appointment = { date: day.date, time: day.times.find((t) => t.available)!.time };
    const { orderNo } = await serverCall(today, ADD, installOrder({ items: [blades], appointment }), userKey);
    const { redirectUrl } = await serverCall(today, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey);
    // The sandbox answers the press once its callback is taken.
    await fetch(new URL(redirectUrl, today.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
      redirect: 'manual',
    });
    const card = async (server: Running) => ((await serverCall(server, PAGE, { status: 'UPCOMING' }, userKey)) as { list: { orderNo: string }[] }).list.find((o) => o.orderNo === orderNo);
    expect(await card(today)).toMatchObject({ stage: 'BOOKED', appointmentPassed: false, actions: { changeTime: true } });
    today.child.kill('SIGTERM');
    await today.exited;

    // The same shop 40 days on: every date offered then is over.
    const later = await startServer(data, await freePort(), { CLOCK_OFFSET_DAYS: '40' });
    userKey = await login(later);
    expect(await card(later)).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', appointmentPassed: true, actions: { changeTime: false } });
    expect(await serverCall(later, FIND, { orderNo }, userKey)).toMatchObject({ appointmentPassed: true });
  });
});
