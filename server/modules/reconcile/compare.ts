import { ringgit as rm } from '../../../contract/rules/money.ts';
import type { OrderStatus } from '../../../contract/rules/order-status.ts';
import type { ProviderListing } from '../../providers/payment/types.ts';

/**
 * Reconciliation: the shop's ledger for a period against the provider's own books, every
 * difference said in words. Pure: the caller reads both sides.
 */

export interface ShopPayment {
  orderNo: string;
  /** The provider's checkout id; null when the provider never answered. */
  providerRef: string | null;
  amountSen: number;
  state: 'pending' | 'succeeded' | 'failed' | 'expired';
}

export interface ShopReturn {
  orderNo: string;
  /** The providerRef of the payment it goes back to. */
  paymentRef: string | null;
  providerRefundRef: string | null;
  amountSen: number;
  state: 'sending' | 'succeeded' | 'failed';
  /**
   * Paid outside the provider by staff (a bank transfer after the provider failed the refund):
   * providerRefundRef is then the reference of that payment, which the provider never saw.
   */
  paidOutside: boolean;
}

export interface ShopOrder {
  orderNo: string;
  status: OrderStatus;
  totalSen: number;
  /** The ledger's figures: paid, confirmed back, and owed or on its way back. */
  paidSen: number;
  returnedSen: number;
  toReturnSen: number;
}

export interface ShopBooks {
  payments: ShopPayment[];
  returns: ShopReturn[];
  orders: ShopOrder[];
}

export function reconcile(shop: ShopBooks, provider: ProviderListing): string[] {
  const differences: string[] = [];
  const shopPayments = new Map(shop.payments.filter((p) => p.providerRef).map((p) => [p.providerRef!, p]));
  const providerPayments = new Map(provider.payments.map((p) => [p.ref, p]));

  for (const taken of provider.payments.filter((p) => p.state === 'paid')) {
    const ours = shopPayments.get(taken.ref);
    if (!ours) differences.push(`payment ${taken.ref}: the provider took ${rm(taken.amountSen)} the shop has no payment for`);
    else if (ours.state !== 'succeeded') differences.push(`order ${ours.orderNo}, payment ${taken.ref}: the provider took ${rm(taken.amountSen)}, the shop has it ${ours.state}`);
    else if (ours.amountSen !== taken.amountSen) differences.push(`order ${ours.orderNo}, payment ${taken.ref}: the shop counts ${rm(ours.amountSen)}, the provider took ${rm(taken.amountSen)}`);
  }
  for (const ours of shop.payments.filter((p) => p.state === 'succeeded')) {
    const theirs = ours.providerRef ? providerPayments.get(ours.providerRef) : undefined;
    if (!theirs || theirs.state !== 'paid') {
      differences.push(`order ${ours.orderNo}, payment ${ours.providerRef ?? '(no provider ref)'}: the shop counts ${rm(ours.amountSen)} paid, the provider ${theirs ? `has it ${theirs.state}` : 'has no such payment'}`);
    }
  }

  const shopReturns = new Map(shop.returns.filter((r) => r.providerRefundRef).map((r) => [r.providerRefundRef!, r]));
  const providerRefunds = new Map(provider.refunds.map((r) => [r.ref, r]));
  for (const ours of shop.returns.filter((r) => r.state === 'succeeded' && !r.paidOutside)) {
    const theirs = ours.providerRefundRef ? providerRefunds.get(ours.providerRefundRef) : undefined;
    const name = `order ${ours.orderNo}, return ${ours.providerRefundRef ?? '(no provider ref)'}`;
    if (!theirs || theirs.state === 'failed') differences.push(`${name}: the shop counts ${rm(ours.amountSen)} returned, the provider ${theirs ? 'failed it' : 'has no such refund'}`);
    else if (theirs.amountSen !== ours.amountSen) differences.push(`${name}: the shop counts ${rm(ours.amountSen)} returned, the provider refunded ${rm(theirs.amountSen)}`);
  }
  for (const theirs of provider.refunds.filter((r) => r.state !== 'failed')) {
    const ours = shopReturns.get(theirs.ref);
    if (!ours) differences.push(`refund ${theirs.ref} of payment ${theirs.paymentRef}: the provider returned ${rm(theirs.amountSen)} the shop does not know`);
    else if (ours.state === 'failed') differences.push(`order ${ours.orderNo}, return ${theirs.ref}: the provider refunded ${rm(theirs.amountSen)}, the shop has it failed`);
  }

  for (const order of shop.orders) {
    if (order.status === 'PENDING_PAYMENT' || order.toReturnSen > 0) continue;
    const kept = order.paidSen - order.returnedSen;
    // A cancelled order uses nothing; any other uses at most its total (less after-sale refunds).
    const uses = order.status === 'CANCELLED' ? 0 : order.totalSen;
    if (kept > uses) differences.push(`order ${order.orderNo} (${order.status}): the shop keeps ${rm(kept)} of which ${rm(kept - uses)} the order does not use, and no return is pending`);
  }
  return differences;
}

/**
 * The returns staff paid outside the provider: expected to be missing from its books, so never
 * a difference, but listed for whoever checks them against the bank.
 */
export function paidOutside(shop: ShopBooks): string[] {
  return shop.returns
    .filter((r) => r.state === 'succeeded' && r.paidOutside)
    .map((r) => `order ${r.orderNo}, return ${r.providerRefundRef ?? '(no reference)'}: ${rm(r.amountSen)} paid outside the provider`);
}
