import type { PaymentRow } from '../modules/payments/service.ts';
import type { PaymentStatus, ProviderEvent } from '../providers/payment/index.ts';
import type { PaymentContext } from './context.ts';
import { recordPayment } from './record-payment.ts';

const eventKind: Record<Exclude<PaymentStatus['state'], 'pending'>, ProviderEvent['kind']> = {
  paid: 'payment.succeeded',
  failed: 'payment.failed',
  expired: 'payment.expired',
};

/**
 * Applies what the provider said about one attempt through the same path as its callbacks (so
 * a callback that comes later is a duplicate). Nothing to apply while it is still pending.
 */
export async function applyProviderStatus(ctx: PaymentContext, payment: PaymentRow, status: PaymentStatus): Promise<void> {
  if (status.state === 'pending') return;
  const event: ProviderEvent = {
    // The provider's stable id for the fact when it has one, so its callback is then a duplicate.
    eventId: status.eventId ?? `status:${payment.id}:${status.state}`,
    kind: eventKind[status.state],
    providerRef: payment.providerRef!,
    paymentId: payment.id,
    orderNo: payment.orderNo,
    amountSen: status.amountSen,
    currency: status.currency.toUpperCase(),
    ...(status.used ? { used: status.used } : {}),
  };
  await recordPayment(ctx, ctx.payments.name, event, JSON.stringify({ asked: payment.providerRef, status }));
}
