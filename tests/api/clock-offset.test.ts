import { expect, test } from 'vitest';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { freePort } from './free-port.ts';
import { SLOTS, SS2, WIPERS } from './order-fixtures.ts';
import { pgliteOnly } from './pglite-only.ts';
import { scratchData, serverCall, serverLogin, startServer } from './server-process.ts';

/**
 * CLOCK_OFFSET_DAYS (going-live.md §2): a running shop whose clock is that many days ahead, so
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
});
