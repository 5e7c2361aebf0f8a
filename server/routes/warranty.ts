import type { Context } from 'hono';
import { consoleWarrantyAccept, consoleWarrantyPage, consoleWarrantyRefund, consoleWarrantyReject, consoleWarrantyResolve, warrantyAdd, warrantyBook, warrantyMine } from '../../contract/warranty.ts';
import type { ShopContext } from '../flows/context.ts';
import { bookRework, decideClaim, openClaim, type StaffDecision } from '../flows/warranty.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { staffFor } from '../modules/staff/access.ts';
import { consoleCards, consoleClaims, myWarranty } from '../queries/warranty.ts';

/** Warranty claims (docs/contracts/going-live.md §2): the customer's calls and the console's. */
export function warrantyRoutes(calls: CallMounter, ctx: ShopContext) {
  const days = () => ctx.indexes.orderRules.warranty.warrantyDays;
  const mine = (c: Context<AppEnv>, orderNo: string) => myWarranty(ctx, c.get('user').id, orderNo, days(), c.get('locale'));
  calls.mount(warrantyAdd, async (input, c) => {
    await openClaim(ctx, c.get('user').id, input);
    return mine(c, input.orderNo);
  });
  calls.mount(warrantyMine, (input, c) => mine(c, input.orderNo));
  calls.mount(warrantyBook, async (input, c) => mine(c, await bookRework(ctx, c.get('user').id, input)));

  const decide = async (c: Context<AppEnv>, decision: StaffDecision) => {
    const who = await staffFor(ctx.db, c.get('user'));
    const moved = await decideClaim(ctx, who, decision);
    return (await consoleCards(ctx, who, [moved], days(), c.get('locale')))[0]!;
  };
  calls.mount(consoleWarrantyPage, async (input, c) => consoleClaims(ctx, await staffFor(ctx.db, c.get('user')), input, days(), c.get('locale')));
  calls.mount(consoleWarrantyAccept, (input, c) => decide(c, { event: 'accept', ...input }));
  calls.mount(consoleWarrantyReject, (input, c) => decide(c, { event: 'reject', ...input }));
  calls.mount(consoleWarrantyRefund, (input, c) => decide(c, { event: 'refund', ...input }));
  calls.mount(consoleWarrantyResolve, (input, c) => decide(c, { event: 'resolve', ...input }));
}
