import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';
import { SmsSendError } from '../../providers/sms/index.ts';
import type { NoticeState } from './schema.ts';

/**
 * How a message of the outbox (an order's SMS, a garage reminder's SMS or e-mail) goes: written
 * as to send, then tried until the provider takes it, waiting longer between tries, and failed
 * with the provider's reason when it refuses for good or after the last try (outbox.ts sends it).
 */

/**
 * How long a message that could not be sent waits before each next try: six tries in all over
 * about five hours, then it is not sent (the timeline and the console's Attention list say why).
 */
export const NOTICE_RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 4 * 60 * 60_000];

/**
 * What a failed try means: the provider's words, whether its answer was final, whether it was
 * the last try (final, or no wait left), and when the next one is due.
 */
export function failedTry(err: unknown, tries: number, delays: readonly number[], now: Date) {
  const reason = errorMessage(err).slice(0, 500);
  const refused = err instanceof SmsSendError && err.refused;
  const last = refused || tries > delays.length;
  const nextTryAt = last ? null : new Date(now.getTime() + delays[tries - 1]!);
  return { reason, refused, last, nextTryAt };
}

/** The change a try makes to its message's row. */
export interface DeliveryChange {
  state?: NoticeState;
  tries: number;
  sentAt?: Date;
  providerRef?: string | null;
  lastError?: string;
  refused?: boolean;
  nextTryAt: Date | null;
}

export interface TryOutcome {
  /** What to write on the message's row. */
  change: DeliveryChange;
  sent: boolean;
  /** Failed for good: no try after this one. */
  failed: boolean;
  /** When it is tried again, or null. */
  retryAt: Date | null;
}

/**
 * One try of a message that is due: `send` hands it to the provider and answers its reference.
 * Answers what to record; the caller writes it on its row once the provider has answered.
 */
export async function tryToSend(
  message: { tries: number },
  send: () => Promise<string | null>,
  { delays, now, what }: { delays: readonly number[]; now: Date; what: string },
): Promise<TryOutcome> {
  const tries = message.tries + 1;
  try {
    const providerRef = await send();
    return { change: { state: 'sent', tries, sentAt: now, providerRef, nextTryAt: null }, sent: true, failed: false, retryAt: null };
  } catch (err) {
    const { reason, refused, last, nextTryAt } = failedTry(err, tries, delays, now);
    log.error(`${what} not sent (try ${tries}${last ? ', the last' : ''}): ${reason}`);
    const change: DeliveryChange = { tries, lastError: reason, refused, nextTryAt, ...(last ? { state: 'failed' as const } : {}) };
    return { change, sent: false, failed: last, retryAt: nextTryAt };
  }
}
