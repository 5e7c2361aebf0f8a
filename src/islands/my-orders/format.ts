import type { ResponseOf } from '../../../contract/call.ts';
import type { orderPage } from '../../../contract/my-orders.ts';
import type { OrderStage, OrderStatus } from '../../../contract/rules/order-status.ts';
import type { orderFind } from '../../../contract/orders.ts';

export type OrderCardDto = ResponseOf<typeof orderPage>['list'][number];
export type OrderDetailDto = ResponseOf<typeof orderFind>;
export type TabCounts = ResponseOf<typeof orderPage>['counts'];

/** The dictionary key of where an order stands: its stage while it has one, else its status. */
export function standing(order: { status: OrderStatus; stage: OrderStage | null }): { kind: 'stage'; key: OrderStage } | { kind: 'status'; key: OrderStatus } {
  return order.stage ? { kind: 'stage', key: order.stage } : { kind: 'status', key: order.status };
}
