import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import type { orderPayQr } from '../../contract/orders.ts';
import { errorMessage } from '../db/loggable.ts';
import { DomainError } from '../modules/errors.ts';
import { customerOrder } from '../modules/orders/service.ts';
import { lastQrPayment } from '../modules/payments/qr.ts';
import { paymentById, type PaymentRow, type PaymentState } from '../modules/payments/service.ts';
import type { PaymentStatus } from '../providers/payment/index.ts';
import { log } from '../ops/log.ts';
import type { ShopContext } from './context.ts';
import { applyProviderStatus } from './provider-status.ts';

type PayQr = z.input<typeof orderPayQr.response>;

const outcomeOf: Record<PaymentState, PayQr['status']> = {
  pending: 'PENDING',
  succeeded: 'PAID',
  failed: 'FAILED',
  expired: 'EXPIRED',
};

/**
 * The customer's DuitNow QR for an order, as the shop's own QR page draws it: the newest QR
 * attempt of the order, asked about at the provider while it waits (through the same path as
 * the provider's webhooks, so a QR paid is recorded once, whichever tells first). The QR's
 * text is given only while it can still be paid. Another customer's order, or one with no QR,
 * answers 404.
 */
export async function payQr(ctx: ShopContext, customerId: string, orderNo: string): Promise<PayQr> {
  const order = await customerOrder(ctx.db, customerId, orderNo);
  let payment = order ? await lastQrPayment(ctx.db, order.id) : undefined;
  if (!order || !payment || !payment.qrText || !payment.qrExpiresAt) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  if (payment.state === 'pending' && payment.providerRef) payment = await ask(ctx, payment);
  const seller = await ctx.einvoice.seller();
  const status = outcomeOf[payment.state];
  return {
    orderNo: order.orderNo,
    amountSen: payment.amountSen,
    merchantName: seller.legalName,
    qrText: status === 'PENDING' ? payment.qrText : null,
    expiresAt: payment.qrExpiresAt!.toISOString(),
    status,
  };
}

/** What the provider says of a QR still waiting, applied; the payment as it then stands. */
async function ask(ctx: ShopContext, payment: PaymentRow): Promise<PaymentRow> {
  let status: PaymentStatus;
  try {
    status = await ctx.payments.paymentStatus(payment.providerRef!);
  } catch (err) {
    // The page asks again in a moment: meanwhile it shows what the shop knows (webhooks still arrive).
    log.warn(`[pay] ${ctx.payments.name} did not answer about QR ${payment.providerRef}: ${errorMessage(err)}`);
    return payment;
  }
  // Nothing captured and the QR's own time, as the provider gave it, is over: nobody can pay it
  // any more (a failure the provider reports after that time is the QR lapsing). A payment that
  // still arrives for it is recorded as usual.
  const over = payment.qrExpiresAt !== null && payment.qrExpiresAt.getTime() <= ctx.now().getTime();
  if (over && (status.state === 'pending' || status.state === 'failed')) {
    status = { ...status, state: 'expired', amountSen: payment.amountSen, eventId: `${payment.providerRef}:expired` };
  }
  await applyProviderStatus(ctx, payment, status);
  return (await paymentById(ctx.db, payment.id)) ?? payment;
}
