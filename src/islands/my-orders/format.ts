import type { ResponseOf } from '../../../contract/call.ts';
import { KL_TIME_ZONE } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { orderPage } from '../../../contract/my-orders.ts';
import type { OrderStage, OrderStatus } from '../../../contract/rules/order-status.ts';
import type { orderFind } from '../../../contract/orders.ts';
import { htmlLang } from '../../i18n/paths.ts';

export type OrderCardDto = ResponseOf<typeof orderPage>['list'][number];
export type OrderDetailDto = ResponseOf<typeof orderFind>;
export type TabCounts = ResponseOf<typeof orderPage>['counts'];

/** An instant (ISO 8601) as Kuala Lumpur date and time: "23 Nov 2026, 14:05". */
export const momentText = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleString(htmlLang[locale], { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: KL_TIME_ZONE });

/** A Kuala Lumpur calendar date (YYYY-MM-DD) with its weekday: "Wed, 25 Nov 2026". */
export const dayText = (date: string, locale: Locale) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(htmlLang[locale], { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The dictionary key of where an order stands: its stage while it has one, else its status. */
export function standing(order: { status: OrderStatus; stage: OrderStage | null }): { kind: 'stage'; key: OrderStage } | { kind: 'status'; key: OrderStatus } {
  return order.stage ? { kind: 'stage', key: order.stage } : { kind: 'status', key: order.status };
}
