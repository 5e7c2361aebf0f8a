import { sql } from 'drizzle-orm';
import { ledgerOf } from '../../server/modules/payments/ledger.ts';
import { addStaff } from '../../server/modules/staff/service.ts';
import type { TestApi } from './harness.ts';
import { rows, SS2 } from './order-fixtures.ts';

/** The console calls (docs/contracts/orders.md §4). */
export const C = {
  page: '/api/console/orders/page',
  find: '/api/console/orders/find',
  start: '/api/console/orders/start',
  complete: '/api/console/orders/complete',
  ready: '/api/console/orders/ready',
  ship: '/api/console/orders/ship',
  review: '/api/console/refunds/review',
  refunds: '/api/console/refunds/page',
  closure: '/api/console/stores/closure',
  stores: '/api/console/stores/list',
  dashboard: '/api/console/dashboard',
} as const;

/** The demo staff of content/staff.json, and staff of the fixtures' workshop (SS2). */
export const ADMIN_PHONE = '+60 10-000 0001';
export const SEGAMBUT_PHONE = '+60 10-000 0002';
export const SS2_PHONE = '0100000003';

export interface Keys {
  admin: string;
  ss2: string;
  /** Workshop staff of another workshop than the orders'. */
  segambut: string;
  customer: string;
}

/** Logs in the admin, SS2's staff, Segambut's staff and a customer (each from its own network). */
export async function staffKeys(api: TestApi): Promise<Keys> {
  await addStaff(api.db, { phone: '+60100000003', role: 'workshop', storeId: SS2 }, 'test', api.now());
  return {
    admin: (await api.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' })).userKey,
    ss2: (await api.login(SS2_PHONE, { address: '10.0.0.2' })).userKey,
    segambut: (await api.login(SEGAMBUT_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.3' })).userKey,
    customer: (await api.login('0123456789', { address: '10.0.0.4' })).userKey,
  };
}

export async function auditRows(api: TestApi, action?: string) {
  return rows<{ action: string; phone: string; role: string; order_no: string | null; refund_no: string | null; store_id: string | null; details: Record<string, unknown> }>(
    api,
    action
      ? sql`select action, phone, role, order_no, refund_no, store_id, details from audit_log where action = ${action} order by id`
      : sql`select action, phone, role, order_no, refund_no, store_id, details from audit_log order by id`,
  );
}

/** The order's row, with what its ledger says it was paid and has had back. */
export async function orderState(api: TestApi, orderNo: string) {
  const [row] = await rows<{ id: string; status: string; stage: string | null; express_company: string | null; express_no: string | null; pickup_code: string | null }>(
    api,
    sql`select id, status, stage, express_company, express_no, pickup_code from orders where order_no = ${orderNo}`,
  );
  const { id, ...state } = row!;
  const ledger = await ledgerOf(api.db, id);
  return { ...state, paid_sen: ledger.paidSen, refunded_sen: ledger.returnedSen };
}
