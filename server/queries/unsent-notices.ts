import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { outbox } from '../modules/notifications/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import type { ReadContext } from './context.ts';

/** How many of the latest unsent notices the Attention list shows. */
const SHOWN = 50;

/**
 * SMS to customers that were not sent after their last try (or that the provider refused), or
 * that Twilio later reported undelivered, newest first, with the provider's last word: the
 * console's Attention list shows them. A WhatsApp notice that failed is not listed: its SMS went
 * instead, and is listed if it failed too.
 */
export async function unsentNotices(ctx: Pick<ReadContext, 'db'>) {
  const rows = await ctx.db
    .select({ notice: outbox, orderNo: orders.orderNo })
    .from(outbox)
    .innerJoin(orders, eq(orders.id, outbox.orderId))
    .where(
      and(
        or(eq(outbox.state, 'failed'), and(eq(outbox.channel, 'sms'), eq(outbox.delivery, 'failed'))),
        or(ne(outbox.channel, 'whatsapp'), isNull(outbox.fallbackText)),
      ),
    )
    .orderBy(desc(outbox.at), desc(outbox.id))
    .limit(SHOWN);
  return rows.map(({ notice, orderNo }) => ({
    orderNo,
    kind: notice.kind!,
    phone: notice.to,
    at: notice.at.toISOString(),
    tries: notice.tries,
    lastError: notice.lastError ?? (notice.deliveryError ? `Twilio error ${notice.deliveryError}` : null),
  }));
}
