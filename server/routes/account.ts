import { userClose } from '../../contract/account-close.ts';
import type { ShopContext } from '../flows/context.ts';
import { closeAccount } from '../flows/close-account.ts';
import type { CallMounter } from '../http/calls.ts';
import { reviewChanged } from '../modules/reviews/changes.ts';

/** The customer's own account (docs/contracts/running-the-business.md §5): closing it. */
export function accountRoutes(calls: CallMounter, ctx: ShopContext) {
  calls.mount(userClose, async ({ code }, c) => {
    const closed = await closeAccount(ctx, c.get('user').id, code.trim(), c.get('locale'));
    // The reviews now read "A customer", without their photos: the public pages' copies go.
    reviewChanged();
    return closed;
  });
}
