import { storeMobileWindows } from '../../contract/mobile.ts';
import { storeSlots } from '../../contract/orders.ts';
import { mobileWindows } from '../flows/mobile-windows.ts';
import { storeNextFree } from '../../contract/store-times.ts';
import { slotsForCart } from '../flows/checkout-options.ts';
import type { ShopContext } from '../flows/context.ts';
import { nextFreeTimes } from '../flows/next-free.ts';
import { serialized, type CallMounter } from '../http/calls.ts';
import type { SessionRider } from '../modules/auth/service.ts';

export function bookingRoutes(calls: CallMounter<SessionRider>, ctx: ShopContext) {
  // Checkout asks on every open: the login and the workshop's units are read in one statement.
  calls.mountWithSession(storeSlots, async (input, c, session) => {
    const locale = c.get('locale');
    if (input.orderNo || input.claimId) {
      // Only the customer's own order or claim may be moved: the login is needed to find it.
      await session();
      const moving = { customerId: c.get('user').id, orderNo: input.orderNo, claimId: input.claimId };
      return serialized(await slotsForCart(ctx, input.storeId, input.items, locale, { moving, variantId: input.variantId }));
    }
    return serialized(await slotsForCart(ctx, input.storeId, input.items, locale, { reader: async (read) => (await session(read))!, variantId: input.variantId }));
  });

  // The checkout's workshop cards: each one's first free time for the cart, beside its distance.
  calls.mount(storeNextFree, (input, c) => nextFreeTimes(ctx, input.storeIds, input.items, c.get('locale'), input.variantId));

  // Fitting at the customer's place: anyone may ask where a van comes and when.
  calls.mount(storeMobileWindows, (input, c) => mobileWindows(ctx, input, c.get('locale')));
}
