import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../../providers/payment/types.ts';
import { orderTotals } from '../orders/service.ts';
import { paymentsOf, paymentsSince } from '../payments/service.ts';
import { ledgersOf } from '../payments/ledger.ts';
import { isPaidOutside, returnsSince } from '../payments/returns.ts';
import { paidOutside, reconcile, type ShopBooks } from './compare.ts';

export interface ReconcileReport {
  provider: string;
  since: string;
  /** How many of the provider's payments and refunds were compared. */
  payments: number;
  refunds: number;
  differences: string[];
  /** Returns paid outside the provider: expected to be missing there, not differences. */
  paidOutside: string[];
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Compares the shop's ledger with the provider's books for everything since `since`. */
export async function reconcileSince(db: Db, provider: PaymentProvider, since: Date): Promise<ReconcileReport> {
  if (!provider.listSince) throw new Error(`The ${provider.name} provider cannot list its payments`);
  const listing = await provider.listSince(since);
  const [started, returns] = await Promise.all([
    paymentsSince(db, since, listing.payments.map((p) => p.ref)),
    returnsSince(db, since, listing.refunds.map((r) => r.ref)),
  ]);
  const mine = started.filter((p) => p.provider === provider.name);
  const orderIds = [...new Set([...mine.map((p) => p.orderId), ...returns.map((r) => r.orderId)])];
  const [orders, ledgers, everyPayment] = await Promise.all([orderTotals(db, orderIds), ledgersOf(db, orderIds), paymentsOf(db, orderIds)]);
  const orderNo = new Map(orders.map((o) => [o.id, o.orderNo]));
  const refOf = new Map(everyPayment.map((p) => [p.id, p.providerRef]));
  const shop: ShopBooks = {
    payments: mine.map((p) => ({ orderNo: p.orderNo, providerRef: p.providerRef, amountSen: p.amountSen, state: p.state })),
    returns: returns
      .filter((r) => orderNo.has(r.orderId))
      .map((r) => ({ orderNo: orderNo.get(r.orderId)!, paymentRef: refOf.get(r.paymentId) ?? null, providerRefundRef: r.providerRefundRef, amountSen: r.amountSen, state: r.state, paidOutside: isPaidOutside(r) })),
    orders: orders.map((o) => {
      const ledger = ledgers.get(o.id)!;
      return { orderNo: o.orderNo, status: o.status, totalSen: o.totalSen, paidSen: ledger.paidSen, returnedSen: ledger.returnedSen, toReturnSen: ledger.toReturnSen };
    }),
  };
  return { provider: provider.name, since: since.toISOString(), payments: listing.payments.length, refunds: listing.refunds.length, differences: reconcile(shop, listing), paidOutside: paidOutside(shop) };
}

/** The report in a few lines, for the command and the log. */
export function reportText(report: ReconcileReport): string {
  const head = `reconcile ${report.provider} since ${report.since}: ${report.payments} payments, ${report.refunds} refunds, ${report.differences.length === 0 ? 'no difference' : `${report.differences.length} difference(s)`}`;
  const outside = report.paidOutside.length === 0 ? [] : [`paid outside the provider (not in its books, as expected): ${report.paidOutside.length}`, ...report.paidOutside.map((d) => `  - ${d}`)];
  return [head, ...report.differences.map((d) => `  - ${d}`), ...outside].join('\n');
}
