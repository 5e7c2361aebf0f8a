import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { orderPay, orderPayStatus, paymentOutcomes, payMethodsOffered } from '../../contract/orders.ts';
import { ringgit } from '../../contract/rules/money.ts';
import { fpxBanks } from '../../contract/rules/order-status.ts';
import { atomeQualifies } from '../../contract/rules/pay-later.ts';
import { DomainError } from '../modules/errors.ts';
import { checkPay } from '../modules/orders/actions.ts';
import { customerOrder, lockOrder, type OrderRow } from '../modules/orders/service.ts';
import { paidAtOfOrder } from '../modules/payments/ledger.ts';
import { keepQr } from '../modules/payments/qr.ts';
import {
  abandonPayment,
  attachCheckout,
  attemptIds,
  createPayment,
  hasOtherLiveAttempt,
  lastPayment,
  lockPayment,
  NOT_WAITING_NOTE,
  paymentByCheckout,
  pendingPayments,
  replaceableCheckouts,
  SUPERSEDED_NOTE,
  type PaymentRow,
  type PaymentState,
} from '../modules/payments/service.ts';
import { PaymentRefused, type Checkout, type PaymentStatus } from '../providers/payment/index.ts';
import type { ShopContext } from './context.ts';
import { applyProviderStatus } from './provider-status.ts';
import { supersedeCheckouts } from './supersede-checkouts.ts';
import { errorMessage } from '../db/loggable.ts';
import { log } from '../ops/log.ts';

type PayRequest = z.output<typeof orderPay.request>;
type PayStatus = z.input<typeof orderPayStatus.response>;
type Offered = z.input<typeof payMethodsOffered.response>;

/**
 * The least amount Atome is offered for (content/orders/payments.json), while the provider
 * takes Atome (Curlec); null when it does not (docs/contracts/running-the-business.md §4).
 */
function atomeMinSen(ctx: Pick<ShopContext, 'payments' | 'indexes'>): number | null {
  return ctx.payments.methods.includes('atome') ? ctx.indexes.orderRules.payments.atomeMinSen : null;
}

/**
 * What the payment page offers: the configured provider's methods, the FPX banks when FPX is
 * one, and Atome's minimum when Atome is one.
 */
export function offeredMethods(ctx: Pick<ShopContext, 'payments' | 'indexes'>): Offered {
  const methods = [...ctx.payments.methods];
  return { methods, banks: methods.includes('fpx') ? fpxBanks.map((b) => ({ code: b.code, name: b.name })) : [], atomeMinSen: atomeMinSen(ctx) };
}

const notFound = () => new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });

/** The shop's page the provider sends the browser back to, in the customer's language. */
export function returnUrl(origin: string, orderNo: string, locale: Locale): string {
  return `${origin.replace(/\/+$/, '')}/pc${locale === 'en' ? '' : `/${locale}`}/pages?orderNo=${encodeURIComponent(orderNo)}`;
}

/**
 * Starts a payment attempt: refused unless the order is the customer's, waiting for payment
 * and still within payBefore. The attempt is recorded first, so the provider's answer (or its
 * callback, however early) always finds it. Its checkout is recorded under the order's lock,
 * and kept only when the order still waits for payment and no attempt started after this one
 * is still opening or open: two Pays at once leave the newer one's checkout alone open, and a
 * Pay meeting a cancel or a time-out leaves none (the cancel closes what was recorded before
 * it; an attempt recorded after it closes its own).
 */
export async function startPayment(ctx: ShopContext, customerId: string, input: PayRequest, locale: Locale, origin: string): Promise<{ redirectUrl: string }> {
  const provider = ctx.payments;
  if (!provider.methods.includes(input.payMethod)) throw new DomainError(Code.WARNING, 'payment.methodNotOffered', {}, { field: 'payMethod' });
  const now = ctx.now();
  const { order, payment, earlier, older } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderNo: input.orderNo });
    if (!order || order.customerId !== customerId || order.hidden) throw notFound();
    const refused = checkPay(order, now);
    if (refused) throw new DomainError(Code.WARNING, refused.key, refused.params ?? {});
    // Atome from the content's minimum up: below it, nothing is recorded and Curlec is not asked.
    const minimum = input.payMethod === 'atome' ? atomeMinSen(ctx) : null;
    if (minimum !== null && !atomeQualifies(order.totalSen, minimum)) {
      throw new DomainError(Code.WARNING, 'payment.atomeMinimum', { minimum: ringgit(minimum) }, { field: 'payMethod' });
    }
    // Read under the order's lock: only attempts made before this one are replaced by it.
    const earlier = await replaceableCheckouts(tx, order.id);
    const older = await attemptIds(tx, order.id);
    const payment = await createPayment(tx, {
      orderId: order.id,
      orderNo: order.orderNo,
      provider: provider.name,
      method: input.payMethod,
      bankCode: input.bankCode ?? null,
      amountSen: order.totalSen,
      currency: 'MYR',
      state: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return { order, payment, earlier, older };
  });
  let checkout: Checkout;
  try {
    checkout = await provider.createCheckout({
      paymentId: payment.id,
      orderNo: order.orderNo,
      amountSen: payment.amountSen,
      currency: 'MYR',
      payMethod: input.payMethod,
      ...(input.bankCode ? { bankCode: input.bankCode } : {}),
      description: `Servauto order ${order.orderNo}`,
      returnUrl: returnUrl(origin, order.orderNo, locale),
      expiresAt: order.payBefore!,
      locale,
      customer: { name: order.contact.name, phone: order.contact.phone, ...(order.contact.email ? { email: order.contact.email } : {}) },
    });
  } catch (err) {
    await abandonPayment(ctx.db, payment.id, errorMessage(err).slice(0, 300), now);
    if (err instanceof PaymentRefused) throw new DomainError(Code.WARNING, err.key, err.params, { field: 'payMethod' });
    log.error(`[pay] ${provider.name} did not open a checkout for ${order.orderNo}: ${errorMessage(err)}`);
    throw new DomainError(Code.UNAVAILABLE, 'payment.unavailable');
  }
  // Recorded whatever follows, so the checkout is never lost: a cancel or time-out that comes
  // after closes it, and so does the time-out if closing it below fails.
  const verdict = await ctx.db.transaction(async (tx) => {
    // The payment first, then its order: the order of locks a provider's event takes.
    await lockPayment(tx, provider.name, { paymentId: payment.id, providerRef: checkout.providerRef });
    const current = await lockOrder(tx, { id: order.id });
    await attachCheckout(tx, payment.id, checkout.providerRef, now);
    if (checkout.qr) await keepQr(tx, payment.id, checkout.qr, now);
    const refused = current ? checkPay(current, now) : null;
    if (refused) return { refused, note: NOT_WAITING_NOTE };
    if (await hasOtherLiveAttempt(tx, order.id, [...older, payment.id])) return { refused: { key: 'payment.replaced' as const, params: {} }, note: SUPERSEDED_NOTE };
    return null;
  });
  if (verdict) {
    log.warn(`[pay] closing checkout ${checkout.providerRef} of ${order.orderNo} as it opened: ${verdict.note}`);
    await supersedeCheckouts(ctx, [{ ...payment, providerRef: checkout.providerRef }], now, verdict.note);
    throw new DomainError(Code.WARNING, verdict.refused.key, verdict.refused.params ?? {});
  }
  // Only once the new checkout is open: a Pay that fails leaves the earlier one usable.
  await supersedeCheckouts(ctx, earlier, now);
  return { redirectUrl: checkout.redirectUrl };
}

/**
 * Asks the provider about the order's attempts still waiting, and applies what it says through
 * the same path as its callbacks (so a callback that comes later is a duplicate). The client's
 * word is never asked for: only the provider's.
 */
export async function refreshPayment(ctx: ShopContext, customerId: string, orderNo: string, providerReturn?: Record<string, string>): Promise<PayStatus> {
  let order = await customerOrder(ctx.db, customerId, orderNo);
  if (!order) throw notFound();
  const provider = ctx.payments;
  if (providerReturn) await checkReturn(ctx, order, providerReturn);
  for (const payment of await pendingPayments(ctx.db, order.id)) {
    let status: PaymentStatus;
    try {
      status = await provider.paymentStatus(payment.providerRef!);
    } catch (err) {
      log.error(`[pay] ${provider.name} did not answer about ${payment.providerRef}: ${errorMessage(err)}`);
      throw new DomainError(Code.UNAVAILABLE, 'payment.unavailable');
    }
    await applyProviderStatus(ctx, payment, status);
  }
  order = (await customerOrder(ctx.db, customerId, orderNo))!;
  return statusOf(order, await lastPayment(ctx.db, order.id), (await paidAtOfOrder(ctx.db, order)) !== null);
}

/**
 * The query the provider's page sent the browser back with, checked before anything is
 * answered: its signature must hold and the checkout it names must be one of this order's.
 * A provider whose return carries nothing signed (no checkReturn: the sandbox, Stripe) ignores it.
 */
async function checkReturn(ctx: ShopContext, order: OrderRow, providerReturn: Record<string, string>): Promise<void> {
  const provider = ctx.payments;
  if (!provider.checkReturn) return;
  const verdict = provider.checkReturn(new URLSearchParams(providerReturn));
  const forged = (reason: string) => {
    log.warn(`[pay] refused a ${provider.name} return for ${order.orderNo}: ${reason}`);
    return new DomainError(Code.WARNING, 'payment.returnForged', {}, { field: 'providerReturn' });
  };
  if (!verdict.ok) throw forged(verdict.reason);
  const payment = await paymentByCheckout(ctx.db, provider.name, verdict.providerRef);
  if (!payment || payment.orderId !== order.id || payment.id !== verdict.paymentId) throw forged(`it names ${verdict.providerRef}, not a checkout of this order`);
}

const outcomeOf: Record<PaymentState, (typeof paymentOutcomes)[number]> = {
  pending: 'PENDING',
  succeeded: 'PAID',
  failed: 'FAILED',
  expired: 'EXPIRED',
};

function statusOf(order: OrderRow, payment: Pick<PaymentRow, 'state' | 'method'> | undefined, paid: boolean): PayStatus {
  return {
    orderNo: order.orderNo,
    status: order.status,
    stage: order.stage,
    paid,
    payBefore: order.status === 'PENDING_PAYMENT' && order.payBefore ? order.payBefore.toISOString() : null,
    payment: payment ? { status: outcomeOf[payment.state], method: payment.method } : null,
  };
}
