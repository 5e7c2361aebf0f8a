import { deliverMessage, type MessageContext } from '../modules/notifications/outbox.ts';
import { deliverNotice, type DeliverContext } from '../modules/notifications/service.ts';
import type { JobHandler } from './queue.ts';

/**
 * Sends the notice a job names (written with the notice, in the transaction that caused it),
 * or its next try. Waits for a process that is sending it right then, and finds it done.
 */
export function noticeSendHandler(ctx: DeliverContext): JobHandler {
  return async (tx, job, now) => {
    await deliverNotice(tx, ctx, Number(job.payload.noticeId), now);
  };
}

/** Sends the outbox message a job names (a garage reminder's SMS or e-mail), or its next try. */
export function messageSendHandler(ctx: MessageContext): JobHandler {
  return async (tx, job, now) => {
    await deliverMessage(tx, ctx, Number(job.payload.messageId), now);
  };
}
