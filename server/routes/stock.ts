import type { Context } from 'hono';
import { consoleStockAdjust, consoleStockAttention, consoleStockHistory, consoleStockImport, consoleStockPage, consoleStockProducts, consoleStockReceive, consoleStockTransfer, productStock } from '../../contract/stock.ts';
import type { ShopContext } from '../flows/context.ts';
import { adjustStock, importStock, stockAttention, productStock as stockOfProduct, receiveStock, stockHistory, stockPage, stockProducts, transferStock } from '../flows/stock.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { staffFor } from '../modules/staff/access.ts';

/** Stock (docs/contracts/running-the-business.md §1): the public read and the console's calls. */
export function stockRoutes(calls: CallMounter, ctx: ShopContext) {
  const who = (c: Context<AppEnv>) => staffFor(ctx.db, c.get('user'));
  calls.mount(productStock, (input) => stockOfProduct(ctx, input));
  calls.mount(consoleStockPage, async (input, c) => stockPage(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStockReceive, async (input, c) => receiveStock(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStockAdjust, async (input, c) => adjustStock(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStockTransfer, async (input, c) => transferStock(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStockImport, async (input, c) => importStock(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleStockHistory, async (input, c) => stockHistory(ctx, await who(c), input));
  calls.mount(consoleStockProducts, async (input, c) => {
    await who(c);
    return stockProducts(ctx, input, c.get('locale'));
  });
  calls.mount(consoleStockAttention, async (_input, c) => stockAttention(ctx, await who(c), c.get('locale')));
}
