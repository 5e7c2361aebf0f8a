import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from './schema.ts';
import type { PaymentRow } from './service.ts';

/**
 * A DuitNow QR attempt keeps the QR the provider made for it, so the shop's own page can draw
 * it again on every visit and in every process: the provider gives the QR's text only once,
 * when the payment is created.
 */
export async function keepQr(db: Db, paymentId: string, qr: { text: string; expiresAt: Date }, now: Date) {
  await db.update(payments).set({ qrText: qr.text, qrExpiresAt: qr.expiresAt, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** The order's newest attempt that has a QR to show (whatever became of it), or none. */
export async function lastQrPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.qrText)))
    // Two Pays in one instant: the one still waiting is the newer (Pay closes the earlier).
    .orderBy(desc(payments.createdAt), desc(sql`${payments.state} = 'pending'`), desc(payments.id))
    .limit(1);
  return row;
}
