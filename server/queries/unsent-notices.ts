import { desc, eq } from 'drizzle-orm';
import { orderNotices } from '../modules/notifications/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import type { ReadContext } from './context.ts';

/** How many of the latest unsent notices the Attention list shows. */
const SHOWN = 50;

/**
 * SMS to customers that were not sent after their last try (or that the provider refused),
 * newest first, with the provider's last word: the console's Attention list shows them.
 */
export async function unsentNotices(ctx: Pick<ReadContext, 'db'>) {
  const rows = await ctx.db
    .select({ notice: orderNotices, orderNo: orders.orderNo })
    .from(orderNotices)
    .innerJoin(orders, eq(orders.id, orderNotices.orderId))
    .where(eq(orderNotices.state, 'failed'))
    .orderBy(desc(orderNotices.at), desc(orderNotices.id))
    .limit(SHOWN);
  return rows.map(({ notice, orderNo }) => ({
    orderNo,
    kind: notice.kind,
    phone: notice.phone,
    at: notice.at.toISOString(),
    tries: notice.tries,
    lastError: notice.lastError,
  }));
}
