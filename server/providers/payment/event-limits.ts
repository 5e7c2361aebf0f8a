import { z } from 'zod';
import type { CallbackVerdict, ProviderEvent, ProviderEventKind, UnusableEvent } from './types.ts';

/**
 * What a signed provider event may say before the shop touches its database: a signature
 * proves who sent it, not that it makes sense. An event outside these limits is never right
 * later, so it is refused for good (and kept for review) rather than failing in a query.
 */

/**
 * The most one event may carry: RM 1,000,000. Far above the most a cart can cost (20 lines of
 * at most 4 each), and far below 2³¹ sen, so it always fits the integer columns money lives in.
 */
export const MOST_AN_EVENT_CARRIES_SEN = 100_000_000;

/** The one currency the shop sells in. */
export const SHOP_CURRENCY = 'MYR';

export const eventKinds = ['payment.succeeded', 'payment.failed', 'payment.expired', 'refund.succeeded', 'refund.failed'] as const satisfies readonly ProviderEventKind[];

/** Event ids, checkout refs and our own ids: printable, no spaces, of a sane length. */
const id = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'not an id of 1 to 200 printable characters');

const amountSen = z
  .number()
  .refine(
    (n) => Number.isSafeInteger(n) && n >= 1 && n <= MOST_AN_EVENT_CARRIES_SEN,
    { error: (issue) => `amount ${String(issue.input)} sen is not one an order can hold (1 to ${MOST_AN_EVENT_CARRIES_SEN} sen)` },
  );

const eventShape = z.object({
  eventId: id,
  kind: z.enum(eventKinds, { error: (issue) => `unknown event kind ${String(issue.input).slice(0, 100)}` }),
  providerRef: id,
  paymentId: id.optional(),
  orderNo: id.optional(),
  refundId: id.optional(),
  amountSen,
  currency: z.string().refine(
    (c) => c.toUpperCase() === SHOP_CURRENCY,
    { error: (issue) => `currency ${String(issue.input).slice(0, 10)}, expected ${SHOP_CURRENCY}` },
  ),
});

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : '');

/**
 * A signed event the shop cannot take, as it is kept for review; undefined when it has no id
 * to keep it under (a replay could not be told apart). An amount outside the limits is kept
 * as 0: the reason names what was claimed.
 */
export function unusableEvent(eventId: unknown, kind: unknown, facts: { providerRef?: unknown; amountSen?: unknown; currency?: unknown } = {}): UnusableEvent | undefined {
  if (!id.safeParse(eventId).success) return undefined;
  const amount = amountSen.safeParse(facts.amountSen);
  return {
    eventId: eventId as string,
    kind: text(kind, 100) || 'unknown',
    providerRef: text(facts.providerRef, 200),
    amountSen: amount.success ? amount.data : 0,
    currency: text(facts.currency, 10),
  };
}

/** The first thing wrong with a shape, as a reason a person reviewing it can read. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  // The limits above word their own reasons; zod's own need the field they are about.
  return issue.code === 'custom' ? issue.message : `${issue.path.join('.') || 'body'}: ${issue.message}`;
}

/** The event when it is within the limits; otherwise refused with the reason, and what to keep of it. */
export function checkEvent(event: ProviderEvent): CallbackVerdict {
  const parsed = eventShape.safeParse(event);
  if (parsed.success) return { ok: true, event };
  const reason = firstIssue(parsed.error);
  const unusable = unusableEvent(event.eventId, event.kind, event);
  return unusable ? { ok: false, reason, unusable } : { ok: false, reason };
}
