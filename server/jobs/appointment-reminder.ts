import { klInstant } from '../../contract/rules/kl-calendar.ts';
import type { Db } from '../db/client.ts';
import { reminderAt } from '../modules/notifications/reminder.ts';
import { orderNotice, type NoticeContext } from '../modules/notifications/service.ts';
import { lockOrder, type OrderRow } from '../modules/orders/service.ts';
import { scheduleJob, type JobHandler } from './queue.ts';

/** The SMS the day before an installation. */
export const APPOINTMENT_REMINDER_JOB = 'appointment.reminder';

const slotOf = (order: Pick<OrderRow, 'appointmentDate' | 'appointmentTime'>) => `${order.appointmentDate}T${order.appointmentTime}`;

/**
 * Schedules the reminder of a booked installation, in the caller's transaction (payment or a
 * change of time). One job per order and appointment: a changed time schedules its own, and
 * the old one finds the appointment moved and sends nothing.
 */
export async function scheduleReminder(tx: Db, order: OrderRow, now: Date): Promise<void> {
  // An installation's appointment, or a van's window at the customer's place.
  if ((order.method !== 'install' && order.method !== 'mobile') || !order.appointmentDate || !order.appointmentTime) return;
  const slot = slotOf(order);
  await scheduleJob(
    tx,
    {
      kind: APPOINTMENT_REMINDER_JOB,
      key: `${APPOINTMENT_REMINDER_JOB}:${order.id}:${slot}`,
      runAt: reminderAt({ date: order.appointmentDate, time: order.appointmentTime }),
      payload: { orderId: order.id, slot },
    },
    now,
  );
}

/**
 * Sends the reminder if the order is still booked for that time and the time is ahead. Safe
 * with several processes: the job is claimed by one (SKIP LOCKED), and the notice's unique key
 * stops a second send of the same reminder whatever happens.
 */
export function appointmentReminderHandler(ctx: NoticeContext): JobHandler {
  return async (tx, job, now) => {
    const order = await lockOrder(tx, { id: String(job.payload.orderId) });
    if (!order || order.status !== 'UPCOMING' || order.stage !== 'BOOKED' || slotOf(order) !== job.payload.slot) return;
    const start = klInstant(order.appointmentDate!, order.appointmentTime!);
    if (start <= now) return;
    return orderNotice(tx, ctx, order, { kind: 'reminder' }, now, `reminder:${order.id}:${job.payload.slot}`);
  };
}
