import { storeSlots } from '../../contract/orders.ts';
import { slotsForCart } from '../flows/checkout-options.ts';
import type { ShopContext } from '../flows/context.ts';
import { serialized, type CallMounter } from '../http/calls.ts';

export function bookingRoutes(calls: CallMounter, ctx: ShopContext) {
  calls.mount(storeSlots, async (input, c) =>
    serialized(await slotsForCart(ctx, input.storeId, input.items, c.get('locale'), input.orderNo ? { customerId: c.get('user').id, orderNo: input.orderNo } : undefined)),
  );
}
