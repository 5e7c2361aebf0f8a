import type { Context } from 'hono';
import { cartQuote } from '../../contract/cart-quote.ts';
import { orderAdd, orderFind, orderPay, orderPayQr, orderPayStatus, payMethodsOffered } from '../../contract/orders.ts';
import { quoteCart } from '../flows/cart-quote.ts';
import type { ShopContext } from '../flows/context.ts';
import { findOrder } from '../queries/order-view.ts';
import { offeredMethods, refreshPayment, startPayment } from '../flows/pay-order.ts';
import { payQr } from '../flows/pay-qr.ts';
import { placeOrder } from '../flows/place-order.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';

/** Where links sent out point: the configured public origin, else the one the request came to. */
const originOf = (ctx: ShopContext, c: Context<AppEnv>) => ctx.publicUrl ?? new URL(c.req.url).origin;

export function orderRoutes(calls: CallMounter, ctx: ShopContext) {
  calls.mount(cartQuote, (input, c) => quoteCart(ctx, c.get('user').id, input, c.get('locale')));
  calls.mount(orderAdd, (input, c) => placeOrder(ctx, c.get('user').id, input, c.get('locale')));
  calls.mount(orderFind, (input, c) => findOrder(ctx, c.get('user').id, input.orderNo, c.get('locale')));
  calls.mount(orderPay, (input, c) => startPayment(ctx, c.get('user').id, input, c.get('locale'), originOf(ctx, c)));
  calls.mount(orderPayStatus, (input, c) => refreshPayment(ctx, c.get('user').id, input.orderNo, input.providerReturn));
  calls.mount(payMethodsOffered, () => offeredMethods(ctx));
  calls.mount(orderPayQr, (input, c) => payQr(ctx, c.get('user').id, input.orderNo));
}
