import { Code } from '../../../contract/codes.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import type { Refusal } from '../../modules/orders/states.ts';
import { holdOpenAccount } from '../../modules/auth/service.ts';
import { lockOrder, type OrderRow } from '../../modules/orders/service.ts';

/**
 * The customer's order, locked for the rest of the transaction: every change to it takes
 * turns here. Someone else's order, or one its owner deleted, is as good as none. The account is
 * held open first: a closing at the same moment goes first or waits (holdOpenAccount).
 */
export async function lockOwnOrder(tx: Db, customerId: string, orderNo: string): Promise<OrderRow> {
  await holdOpenAccount(tx, customerId);
  const order = await lockOrder(tx, { orderNo });
  if (!order || order.customerId !== customerId || order.hidden) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  return order;
}

/** A refusal of the state tables, as the 807 the customer sees. */
export function refuse(refusal: Refusal, field?: string): never {
  throw warning(refusal.key, refusal.params, field ? { field } : null);
}
