import { supersedePayment, type PaymentRow } from '../modules/payments/service.ts';
import type { ShopContext } from './context.ts';
import { errorMessage } from '../db/loggable.ts';
import { log } from '../ops/log.ts';

/**
 * At most one open checkout per order: once a new one is open, the order's earlier attempts
 * still waiting are closed at the provider and marked expired. One the provider could not close
 * stays waiting, so the time-out still asks about it; one paid meanwhile stays paid at the
 * provider and its payment is recorded when reported (money the order cannot use goes back).
 */
export async function supersedeCheckouts(ctx: Pick<ShopContext, 'db' | 'payments'>, earlier: readonly PaymentRow[], now: Date, note?: string): Promise<void> {
  const { payments } = ctx;
  if (!payments.expireCheckout) return;
  for (const payment of earlier) {
    if (!payment.providerRef) continue;
    try {
      await payments.expireCheckout(payment.providerRef);
      // Paid just before it closed: left waiting, so its callback or the time-out records it.
      if ((await payments.paymentStatus(payment.providerRef)).state === 'paid') continue;
    } catch (err) {
      log.error(`[pay] could not close the replaced checkout ${payment.providerRef}: ${errorMessage(err)}`);
      continue;
    }
    await supersedePayment(ctx.db, payment.id, now, note);
  }
}
