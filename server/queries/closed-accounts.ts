import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import type { Db } from '../db/client.ts';
import { users } from '../modules/auth/schema.ts';
import type { OrderRow } from '../modules/orders/service.ts';

/** Of `customerIds`, the accounts their customers closed (docs/contracts/running-the-business.md §5). */
export async function closedAccounts(db: Db, customerIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(customerIds)];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.closedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The order's customer as staff read it: the contact given at checkout, or "closed account" (the
 * contact was erased with the account, and nothing of it is shown again).
 */
export function customerOfOrder(order: Pick<OrderRow, 'customerId' | 'contact'>, closed: Set<string>, locale: Locale): { name: string; phone: string; closedAccount?: true } {
  if (closed.has(order.customerId)) return { name: message(locale, 'close.closedAccount'), phone: '', closedAccount: true };
  return { name: order.contact.name, phone: order.contact.phone };
}
