import type { Db } from '../../db/client.ts';
import { owedOf, type OwedRow } from './owed.ts';
import { returnsOf, type ReturnRow } from './returns.ts';
import { paidPayments, type PaymentRow } from './service.ts';

/**
 * One ledger per order: its paid payments, the returns sent against them and the money owed
 * back on its approved refunds, the only record of an order's money (the order itself keeps
 * none, and this module reads no other's tables). Every screen (My Orders, the order page,
 * the console, the receipt), every refund rule and the order's REFUNDED move read their
 * figures from here, so they always agree.
 */

export interface Ledger {
  /** Every sen the order's payments took. */
  paidSen: number;
  /** Kept by the order: paid, less what came back and what is still on its way back. */
  usedSen: number;
  /** Confirmed back with the customer. */
  returnedSen: number;
  /** Owed back: money the order cannot use, and approved refunds not yet paid. */
  toReturnSen: number;
}

const sum = (rows: { amountSen: number }[]) => rows.reduce((s, r) => s + r.amountSen, 0);

/** What is still owed of a payment the order could not use (paid twice, too late, after a cancel). */
export function surplusLeft(payment: PaymentRow, returns: ReturnRow[]): number {
  if (!payment.refundDue) return 0;
  const back = returns.filter((r) => r.paymentId === payment.id && r.refundId === null && r.state !== 'failed');
  return Math.max(0, payment.amountSen - sum(back));
}

/** What a refund may still take from a payment the order uses: its amount less every return on it not failed. */
export function refundableFrom(payment: PaymentRow, returns: ReturnRow[]): number {
  if (payment.refundDue) return 0;
  return Math.max(0, payment.amountSen - sum(returns.filter((r) => r.paymentId === payment.id && r.state !== 'failed')));
}

export function ledgerFrom(payments: PaymentRow[], returns: ReturnRow[], owed: Pick<OwedRow, 'claimId' | 'amountSen' | 'closedAt'>[]): Ledger {
  const paidSen = sum(payments);
  const succeeded = returns.filter((r) => r.state === 'succeeded');
  const returnedSen = sum(succeeded);
  const surplus = payments.reduce((s, p) => s + (p.refundDue ? Math.max(0, p.amountSen - sum(succeeded.filter((r) => r.paymentId === p.id && r.refundId === null))) : 0), 0);
  const refundsOwed = owed
    .filter((o) => o.closedAt === null)
    .reduce((s, o) => s + Math.max(0, o.amountSen - sum(succeeded.filter((x) => x.refundId === o.claimId))), 0);
  const toReturnSen = Math.min(paidSen - returnedSen, surplus + refundsOwed);
  return { paidSen, usedSen: paidSen - returnedSen - toReturnSen, returnedSen, toReturnSen };
}

/** The ledgers of these orders, by order id (an order with no payment has an empty one). */
export async function ledgersOf(db: Db, orderIds: string[]): Promise<Map<string, Ledger>> {
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const payments = await paidPayments(db, orderIds);
  const returns = await returnsOf(db, orderIds);
  const owed = await owedOf(db, orderIds);
  return new Map(
    orderIds.map((id) => [
      id,
      ledgerFrom(
        payments.filter((p) => p.orderId === id),
        returns.filter((r) => r.orderId === id),
        owed.filter((o) => o.orderId === id),
      ),
    ]),
  );
}

export async function ledgerOf(db: Db, orderId: string): Promise<Ledger> {
  return (await ledgersOf(db, [orderId])).get(orderId)!;
}

/** The money figures every order answer carries. */
export const moneyOf = (ledger: Ledger) => ({ paidSen: ledger.paidSen, usedSen: ledger.usedSen, returnedSen: ledger.returnedSen, toReturnSen: ledger.toReturnSen });

/** An order as its paid moment needs it. */
export interface PaidOrder {
  id: string;
  totalSen: number;
  createdAt: Date;
}

/**
 * When the order was paid, from its ledger: the moment of the payment it kept (one it could not
 * keep, paid twice or too late, does not make it paid), or, a coupon having taken its whole
 * price, the moment it was placed (paid as placed, with no money); null while nothing paid it.
 * The order keeps no paid moment of its own.
 */
export function paidAtFrom(order: PaidOrder, payments: PaymentRow[]): Date | null {
  if (order.totalSen === 0) return order.createdAt;
  const kept = payments.filter((p) => p.orderId === order.id && p.state === 'succeeded' && !p.refundDue && p.paidAt !== null).map((p) => p.paidAt!);
  return kept.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
}

/** The paid moments of these orders, by order id (null: not paid). */
export async function paidAtOf(db: Db, orders: PaidOrder[]): Promise<Map<string, Date | null>> {
  const payments = await paidPayments(db, orders.map((o) => o.id));
  return new Map(orders.map((o) => [o.id, paidAtFrom(o, payments)]));
}

export async function paidAtOfOrder(db: Db, order: PaidOrder): Promise<Date | null> {
  return (await paidAtOf(db, [order])).get(order.id)!;
}
