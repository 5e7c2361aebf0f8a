import { sql } from 'drizzle-orm';
import type { TestApi } from './harness.ts';
import { installOrder, mailOrder } from './order-fixtures.ts';
import { paidOrder, setOrder } from './my-orders-fixtures.ts';

/** The review calls (docs/contracts/after-sale.md §3). */
export const R = {
  add: '/api/app/review/add',
  update: '/api/app/review/update',
  mine: '/api/app/review/mine',
  check: '/api/app/review/check',
  page: '/api/app/review/page',
  consolePage: '/api/console/reviews/page',
  hide: '/api/console/reviews/hide',
  show: '/api/console/reviews/show',
  reply: '/api/console/reviews/reply',
} as const;

export const WIPERS_ID = 'wiper-bosch-aerotwin';
export const SERVICE_ID = 'service-basic';

/** An installation (wipers and a basic service at SS2) paid and completed by the console. */
export async function completedInstall(api: TestApi, userKey: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const orderNo = await paidOrder(api, userKey, installOrder(overrides));
  await setOrder(api, orderNo, { status: 'COMPLETED', completedAt: api.now() });
  return orderNo;
}

/** Wipers by post, paid and delivered. */
export async function completedParcel(api: TestApi, userKey: string): Promise<string> {
  const orderNo = await paidOrder(api, userKey, mailOrder());
  await setOrder(api, orderNo, { status: 'COMPLETED', completedAt: api.now() });
  return orderNo;
}

/** Moves a review's writing back by `days`, as if written then. */
export async function writtenDaysAgo(api: TestApi, reviewId: string, days: number) {
  await api.db.execute(sql`update reviews set created_at = created_at - make_interval(days => ${days}) where id = ${reviewId}`);
}
