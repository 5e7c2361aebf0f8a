import type { Context } from 'hono';
import {
  consoleDashboard,
  consoleOrdersComplete,
  consoleOrdersFind,
  consoleOrdersPage,
  consoleOrdersReady,
  consoleOrdersShip,
  consoleOrdersStart,
  consoleRefundsPage,
  consoleRefundsReview,
  consoleStoresClosure,
  consoleStoresList,
} from '../../contract/console.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import type { ShopContext } from '../flows/context.ts';
import { staffFor } from '../modules/staff/access.ts';
import { dashboard } from '../queries/dashboard.ts';
import { consoleFind, consoleOrderPage, staffMove } from '../flows/console/orders.ts';
import { refundQueue, reviewRefund } from '../flows/console/refunds.ts';
import { closeStore, staffStores } from '../flows/console/stores.ts';

/** The operations console (orders.md §4): each call first finds the caller among current staff. */
export function consoleRoutes(calls: CallMounter, ctx: ShopContext) {
  const who = (c: Context<AppEnv>) => staffFor(ctx.db, c.get('user'));
  calls.mount(consoleOrdersPage, async (input, c) => consoleOrderPage(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleOrdersFind, async (input, c) => consoleFind(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleOrdersStart, async (input, c) => staffMove(ctx, await who(c), { event: 'start', orderNo: input.orderNo }, c.get('locale')));
  calls.mount(consoleOrdersReady, async (input, c) => staffMove(ctx, await who(c), { event: 'ready', orderNo: input.orderNo }, c.get('locale')));
  calls.mount(consoleOrdersComplete, async (input, c) => staffMove(ctx, await who(c), { event: 'complete', ...input }, c.get('locale')));
  calls.mount(consoleOrdersShip, async (input, c) => staffMove(ctx, await who(c), { event: 'ship', ...input }, c.get('locale')));
  calls.mount(consoleRefundsReview, async (input, c) => reviewRefund(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleRefundsPage, async (input, c) => refundQueue(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStoresClosure, async (input, c) => closeStore(ctx, await who(c), input));
  calls.mount(consoleStoresList, async (_input, c) => staffStores(ctx, await who(c)));
  calls.mount(consoleDashboard, async (_input, c) => dashboard(ctx, await who(c)));
}
