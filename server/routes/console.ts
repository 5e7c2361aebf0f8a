import type { Context } from 'hono';
import {
  consoleOrdersComplete,
  consoleOrdersFind,
  consoleOrdersPage,
  consoleOrdersReady,
  consoleOrdersShip,
  consoleOrdersStart,
} from '../../contract/console.ts';
import { consoleDashboard } from '../../contract/console-dashboard.ts';
import { consoleMobileDay, consoleMobileMissed, consoleMobileOnTheWay } from '../../contract/console-mobile.ts';
import { missedVisit, onTheWay, vanDay } from '../flows/console/mobile.ts';
import { consoleRefundsAttention, consoleRefundsManual, consoleRefundsPage, consoleRefundsRetry, consoleRefundsReview } from '../../contract/console-refunds.ts';
import { consoleStoresBookings, consoleStoresClosure, consoleStoresList } from '../../contract/console-stores.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import type { ShopContext } from '../flows/context.ts';
import { staffFor } from '../modules/staff/access.ts';
import { closureBookings } from '../queries/closure-bookings.ts';
import { dashboard } from '../queries/dashboard.ts';
import { staffMove, type MoveInput } from '../flows/console/orders.ts';
import { resolveFailedRefund, reviewRefund } from '../flows/console/refunds.ts';
import { closeStore, staffStores } from '../flows/console/stores.ts';
import { consoleFind, consoleOrderPage } from '../queries/console-orders.ts';
import { orderForStaff, orderWhere } from '../queries/console-view.ts';
import { refundAttention } from '../queries/attention.ts';
import { refundQueue } from '../queries/refund-queue.ts';

/** The operations console (docs/contracts/orders.md §4): each call first finds the caller among current staff. */
export function consoleRoutes(calls: CallMounter, ctx: ShopContext) {
  const who = (c: Context<AppEnv>) => staffFor(ctx.db, c.get('user'));
  /** A staff move, answered with the order as the console shows it after the move. */
  const move = async (c: Context<AppEnv>, input: MoveInput) => {
    const staff = await who(c);
    return orderForStaff(ctx, await staffMove(ctx, staff, input), staff, c.get('locale'));
  };
  calls.mount(consoleOrdersPage, async (input, c) => consoleOrderPage(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleOrdersFind, async (input, c) => consoleFind(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleOrdersStart, (input, c) => move(c, { event: 'start', orderNo: input.orderNo }));
  calls.mount(consoleOrdersReady, (input, c) => move(c, { event: 'ready', orderNo: input.orderNo }));
  calls.mount(consoleOrdersComplete, (input, c) => move(c, { event: 'complete', ...input, userId: c.get('user').id }));
  calls.mount(consoleOrdersShip, (input, c) => move(c, { event: 'ship', ...input }));
  // The technician's day at the customer's place (docs/contracts/running-the-business.md §2).
  calls.mount(consoleMobileDay, async (input, c) => vanDay(ctx, await who(c), input));
  calls.mount(consoleMobileOnTheWay, async (input, c) => onTheWay(ctx, await who(c), input));
  calls.mount(consoleMobileMissed, async (input, c) => missedVisit(ctx, await who(c), input));
  calls.mount(consoleRefundsReview, async (input, c) => {
    const staff = await who(c);
    await reviewRefund(ctx, staff, input);
    return orderForStaff(ctx, (await orderWhere(ctx.db, { orderNo: input.orderNo }))!, staff, c.get('locale'));
  });
  calls.mount(consoleRefundsRetry, async (input, c) => {
    const staff = await who(c);
    await resolveFailedRefund(ctx, staff, { action: 'retry', orderNo: input.orderNo });
    return orderForStaff(ctx, (await orderWhere(ctx.db, { orderNo: input.orderNo }))!, staff, c.get('locale'));
  });
  calls.mount(consoleRefundsManual, async (input, c) => {
    const staff = await who(c);
    await resolveFailedRefund(ctx, staff, { action: 'manual', ...input });
    return orderForStaff(ctx, (await orderWhere(ctx.db, { orderNo: input.orderNo }))!, staff, c.get('locale'));
  });
  calls.mount(consoleRefundsPage, async (input, c) => refundQueue(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleRefundsAttention, async (_input, c) => refundAttention(ctx, await who(c)));
  calls.mount(consoleStoresClosure, async (input, c) => closeStore(ctx, await who(c), input));
  calls.mount(consoleStoresBookings, async (input, c) => closureBookings(ctx, await who(c), input));
  calls.mount(consoleStoresList, async (_input, c) => staffStores(ctx, await who(c)));
  calls.mount(consoleDashboard, async (_input, c) => dashboard(ctx, await who(c), ctx.indexes.orderRules.warranty.maxTyreAgeMonths));
}
