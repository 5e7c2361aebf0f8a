import type { Db } from '../../../server/db/client.ts';
import { finishJobs, retryDelayMs, scheduleJob, type JobHandler } from '../../../server/jobs/queue.ts';
import type { Courier } from './courier.ts';
import { SIGNATURE_HEADER } from './signing.ts';

/**
 * A callback's delivery kept as a job row, written with the fact it reports (a Pay, a refund),
 * so a process stopped before the shop took it delivers it after the restart, as a real
 * gateway keeps at a webhook. The quick tries of the courier close the job when they succeed.
 */
export const SANDBOX_CALLBACK_JOB = 'sandbox.callback';

/** Tries by the job: 30 s, then doubling up to an hour apart (retryDelayMs), about six hours in all. */
export const DELIVERY_TRIES = 12;

interface Delivery {
  eventId: string;
  /** The body as signed when the event happened: sent as it is, never signed again. */
  body: string;
  signature: string;
  attempt: number;
}

const keyOf = (eventId: string, attempt: number) => (attempt === 0 ? `${SANDBOX_CALLBACK_JOB}:${eventId}` : `${SANDBOX_CALLBACK_JOB}:${eventId}:${attempt}`);

export const signedHeaders = (signature: string): Record<string, string> => ({ 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature });

/** In the caller's transaction: the first try of the job is due a little after the courier's own. */
export async function scheduleDelivery(tx: Db, event: { id: string; body: string }, signature: string, now: Date): Promise<void> {
  const payload: Delivery = { eventId: event.id, body: event.body, signature, attempt: 0 };
  await scheduleJob(tx, { kind: SANDBOX_CALLBACK_JOB, key: keyOf(event.id, 0), runAt: new Date(now.getTime() + retryDelayMs(1)), payload: { ...payload } }, now);
}

/** The shop took the event (or refused it for good): nothing of it is to be sent again. */
export function closeDelivery(db: Db, eventId: string, now: Date): Promise<void> {
  return finishJobs(db, keyOf(eventId, 0), now);
}

/**
 * Runs one try. The next try is scheduled in the job's own transaction, before the callback
 * goes out (after the commit), so a stop while sending still leaves one; a try the shop takes
 * closes it.
 */
export function deliveryJobHandler(db: Db, courier: Courier, log: (line: string) => void): JobHandler {
  return async (tx, job, now) => {
    const delivery = job.payload as unknown as Delivery;
    const next = delivery.attempt + 1;
    const last = next >= DELIVERY_TRIES;
    if (!last) {
      await scheduleJob(tx, { kind: SANDBOX_CALLBACK_JOB, key: keyOf(delivery.eventId, next), runAt: new Date(now.getTime() + retryDelayMs(next)), payload: { ...delivery, attempt: next } }, now);
    }
    return async () => {
      const result = await courier.tryOnce(delivery.body, signedHeaders(delivery.signature));
      if (result !== 'failed') await closeDelivery(db, delivery.eventId, now);
      else if (last) log(`[payment] sandbox callback ${delivery.eventId} not taken after ${DELIVERY_TRIES} tries by its job: giving up`);
    };
  };
}
