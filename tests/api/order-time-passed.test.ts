import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, type TestApi } from './harness.ts';
import { FIND, installOrder, mailOrder } from './order-fixtures.ts';
import { PAGE, paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { completedInstall, R, SERVICE_ID, WIPERS_ID } from './review-fixtures.ts';

/**
 * What My Orders says as the shop's clock moves on (the clock CLOCK_OFFSET_DAYS moves on a
 * running shop): a booked installation whose time is over, and a completed order's invitation
 * to review once nothing is left to rate or change.
 */
let api: TestApi;
let me: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
});

const card = async (orderNo: string, status?: string) => {
  const page = await api.request(PAGE, status ? { status } : {}, { userKey: me });
  expect(page.code, page.msg).toBe(200);
  return page.data.list.find((o: { orderNo: string }) => o.orderNo === orderNo);
};
const detail = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: me })).data;

describe('a booked installation whose time is over', () => {
  test('is no longer shown as booked once the job should have been done, on the card and the order page', async () => {
    // Wipers and a basic service at SS2 on Wednesday 4 June 2025 at 10:00: 90 minutes, to 11:30.
    const orderNo = await paidOrder(api, me, installOrder());
    expect(await card(orderNo, 'UPCOMING')).toMatchObject({ stage: 'BOOKED', appointmentPassed: false });
    expect((await detail(orderNo)).appointmentPassed).toBe(false);

    // Monday 10:00 to Wednesday 11:29 in Kuala Lumpur: the job could still be under way.
    api.advance(2 * DAY_SECONDS + 89 * 60);
    ({ userKey: me } = await api.login('0123456789'));
    expect((await card(orderNo, 'UPCOMING')).appointmentPassed).toBe(false);

    api.advance(60);
    const late = await card(orderNo, 'UPCOMING');
    expect(late).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', appointmentPassed: true, actions: { changeTime: false, refund: true } });
    expect(await detail(orderNo)).toMatchObject({ appointmentPassed: true, actions: { changeTime: false, refund: true } });
  });

  test('a parcel has no appointment to pass', async () => {
    const orderNo = await paidOrder(api, me, mailOrder());
    api.advance(40 * DAY_SECONDS);
    ({ userKey: me } = await api.login('0123456789'));
    expect((await card(orderNo)).appointmentPassed).toBe(false);
  });
});

describe("a completed order's invitation to review", () => {
  const write = async (orderNo: string, body: Record<string, unknown>) => {
    const added = await api.request(R.add, { orderNo, rating: 4, ...body }, { userKey: me });
    expect(added.code, added.msg).toBe(200);
  };

  test('stays while something is left to rate, or a review can still be changed, and then goes', async () => {
    const orderNo = await completedInstall(api, me);
    expect((await card(orderNo)).reviewOpen).toBe(true);
    await write(orderNo, { target: 'product', productId: WIPERS_ID });
    await write(orderNo, { target: 'product', productId: SERVICE_ID });
    await write(orderNo, { target: 'workshop' });
    // All rated: still changeable for 30 days.
    expect((await card(orderNo)).reviewOpen).toBe(true);

    api.advance(30 * DAY_SECONDS + 60);
    ({ userKey: me } = await api.login('0123456789'));
    expect((await card(orderNo, 'COMPLETED')).reviewOpen).toBe(false);
  });

  test('a product never rated keeps the invitation, however long ago the order was completed', async () => {
    const orderNo = await completedInstall(api, me);
    await write(orderNo, { target: 'product', productId: WIPERS_ID });
    await write(orderNo, { target: 'workshop' });
    api.advance(31 * DAY_SECONDS);
    ({ userKey: me } = await api.login('0123456789'));
    expect((await card(orderNo)).reviewOpen).toBe(true);
  });

  test('an order not completed invites no review', async () => {
    const orderNo = await paidOrder(api, me, installOrder());
    expect((await card(orderNo)).reviewOpen).toBe(false);
  });
});
