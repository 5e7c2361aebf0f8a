import { storeSlots } from '../../contract/orders.ts';
import { slotsForCart } from '../flows/checkout-options.ts';
import type { ShopContext } from '../flows/context.ts';
import { serialized, type CallMounter } from '../http/calls.ts';
import type { SessionRider } from '../modules/auth/service.ts';

export function bookingRoutes(calls: CallMounter<SessionRider>, ctx: ShopContext) {
  // Checkout asks on every open: the login and the workshop's units are read in one statement.
  calls.mountWithSession(storeSlots, async (input, c, session) => {
    const locale = c.get('locale');
    if (input.orderNo) {
      // Only the customer's own order may be moved: the login is needed to find it.
      await session();
      return serialized(await slotsForCart(ctx, input.storeId, input.items, locale, { moving: { customerId: c.get('user').id, orderNo: input.orderNo } }));
    }
    return serialized(await slotsForCart(ctx, input.storeId, input.items, locale, { reader: async (read) => (await session(read))! }));
  });
}
