import { couponClientGet } from '../../contract/orders.ts';
import { couponsForCart } from '../flows/checkout-options.ts';
import type { ShopContext } from '../flows/context.ts';
import type { CallMounter } from '../http/calls.ts';

export function couponRoutes(calls: CallMounter, ctx: ShopContext) {
  calls.mount(couponClientGet, (input, c) => couponsForCart(ctx, c.get('user').id, input, c.get('locale')));
}
