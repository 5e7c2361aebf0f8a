import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { sandboxRefunds } from './schema.ts';

/**
 * The sandbox's test amount, like a card gateway's magic numbers, so a refund the provider
 * cannot pay can be tried end to end: the first refund of an amount whose sen end in 13
 * (RM 89.13, RM 0.13) against a payment fails, reported by a `refund.failed` callback; asking
 * again for it succeeds. Any other amount is paid as asked.
 */

/** Failed test refunds keep their row (so the second request succeeds) under this id prefix; they move no money. */
export const FAILED_PREFIX = 'sbxf';

export const failsFirstTime = (amountSen: number) => amountSen % 100 === 13;

export async function failedBefore(tx: Db, checkoutId: string, amountSen: number): Promise<boolean> {
  const rows = await tx
    .select({ id: sandboxRefunds.id })
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.checkoutId, checkoutId), eq(sandboxRefunds.amountSen, amountSen), like(sandboxRefunds.id, `${FAILED_PREFIX}_%`)));
  return rows.length > 0;
}
