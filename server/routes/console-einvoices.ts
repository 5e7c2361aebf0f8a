import type { Context } from 'hono';
import { consoleEinvoiceConsolidate, consoleEinvoiceHistory, consoleEinvoicePage, consoleEinvoiceRetry } from '../../contract/einvoice.ts';
import type { ShopContext } from '../flows/context.ts';
import { consolidateFromConsole, retryEinvoice } from '../flows/console/einvoices.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { einvoiceSeller, signingCertificateStatus } from '../flows/einvoice-setup.ts';
import type { SellerDetails } from '../modules/seller/details.ts';
import { requireAdmin, staffFor } from '../modules/staff/access.ts';
import { consoleEinvoiceHistoryOf, consoleEinvoiceOf, consoleEinvoicePageOf } from '../queries/console-einvoices.ts';

/** The console's e-invoices (docs/contracts/after-sale.md §4): admins only. `seller`: the shop's details as content/ gives them. */
export function consoleEinvoiceRoutes(calls: CallMounter, ctx: ShopContext, seller: () => Promise<SellerDetails>) {
  const admin = async (c: Context<AppEnv>) => {
    const who = await staffFor(ctx.db, c.get('user'));
    requireAdmin(who);
    return who;
  };
  calls.mount(consoleEinvoicePage, async (input, c) => {
    await admin(c);
    const page = await consoleEinvoicePageOf(ctx.db, input, ctx.now());
    return { ...page, certificate: await signingCertificateStatus(ctx) };
  });
  calls.mount(consoleEinvoiceRetry, async (input, c) => consoleEinvoiceOf(ctx.db, await retryEinvoice(ctx, await admin(c), input.documentId)));
  calls.mount(consoleEinvoiceHistory, async (input, c) => {
    await admin(c);
    return consoleEinvoiceHistoryOf(ctx.db, input.documentId);
  });
  calls.mount(consoleEinvoiceConsolidate, async (input, c) => {
    const who = await admin(c);
    const made = await consolidateFromConsole(ctx, { seller: einvoiceSeller(await seller()) }, who, input.month);
    return made ? consoleEinvoiceOf(ctx.db, made) : null;
  });
}
