import { requestRefund as openRequest, revokeRefund as revokeRequest, type RefundInput } from '../refunds/request.ts';
import type { ShopContext } from '../context.ts';
import { lockOwnOrder } from './own-order.ts';

/** The customer asks for a refund of their order (flows/refunds/request.ts). The caller answers with the order. */
export async function requestRefund(ctx: ShopContext, customerId: string, input: RefundInput & { orderNo: string }): Promise<void> {
  await openRequest(ctx.db, (tx) => lockOwnOrder(tx, customerId, input.orderNo), customerId, input, ctx.now());
}

/** The customer takes back their request while it waits for review. The caller answers with the order. */
export async function revokeRefund(ctx: ShopContext, customerId: string, orderNo: string): Promise<void> {
  await revokeRequest(ctx.db, (tx) => lockOwnOrder(tx, customerId, orderNo), ctx.now());
}
