import type { OrderStatus } from '../../contract/rules/order-status.ts';

/**
 * The tabs of My Orders (docs/contracts/shop.md §4) and how each is named in the address (?status=…) and in
 * the order page call (docs/contracts/orders.md §2: a status, REFUND for orders with a refund, none for all).
 */
export const orderTabs = ['all', 'pending-payment', 'upcoming', 'in-progress', 'completed', 'cancelled', 'refunds'] as const;
export type OrderTab = (typeof orderTabs)[number];

/** What the order page call is asked for on each tab. */
export type TabFilter = OrderStatus | 'REFUND' | undefined;

const filters: Record<OrderTab, TabFilter> = {
  all: undefined,
  'pending-payment': 'PENDING_PAYMENT',
  upcoming: 'UPCOMING',
  'in-progress': 'IN_PROGRESS',
  completed: 'COMPLETED',
  cancelled: 'CANCELLED',
  refunds: 'REFUND',
};

export const tabFilter = (tab: OrderTab): TabFilter => filters[tab];

/** The tab an address asks for; anything else is All. */
export function tabOfSearch(search: string): OrderTab {
  const value = new URLSearchParams(search).get('status')?.trim().toLowerCase() ?? '';
  return (orderTabs as readonly string[]).includes(value) ? (value as OrderTab) : 'all';
}

/** The address of a tab: All has no ?status. */
export function searchOfTab(tab: OrderTab): string {
  return tab === 'all' ? '' : `?status=${tab}`;
}

/** Orders asked for at a time. */
export const PAGE_SIZE = 10;

/** Whether the list holds fewer orders than the tab has. */
export const hasMore = (shown: number, total: number) => shown < total;
