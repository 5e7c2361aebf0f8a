import type { Locale } from '../../../contract/language.ts';
import { requestRefund as openRequest, revokeRefund as revokeRequest, type RefundInput } from '../../modules/refunds/request.ts';
import type { ShopContext } from '../context.ts';
import { answerOrder, lockOwnOrder } from './own-order.ts';

/** The customer asks for a refund of their order (the rules: modules/refunds); answered with the order. */
export async function requestRefund(ctx: ShopContext, customerId: string, input: RefundInput & { orderNo: string }, locale: Locale) {
  await openRequest(ctx.db, (tx) => lockOwnOrder(tx, customerId, input.orderNo), customerId, input, ctx.now());
  return answerOrder(ctx, customerId, input.orderNo, locale);
}

/** The customer takes back their request while it waits for review; answered with the order. */
export async function revokeRefund(ctx: ShopContext, customerId: string, orderNo: string, locale: Locale) {
  await revokeRequest(ctx.db, (tx) => lockOwnOrder(tx, customerId, orderNo), ctx.now());
  return answerOrder(ctx, customerId, orderNo, locale);
}
