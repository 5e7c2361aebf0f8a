import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { payMethods } from '../../../contract/rules/order-status.ts';
import { checkEvent, eventKinds, firstIssue, unusableEvent } from '../../../server/providers/payment/event-limits.ts';
import type { CallbackVerdict, ProviderEventKind } from '../../../server/providers/payment/types.ts';

/**
 * The body of a sandbox callback, in the sandbox's own format (as a real gateway has its
 * own): an event id, a type, and what it is about.
 */
export interface SandboxEvent {
  id: string;
  type: ProviderEventKind;
  /** Epoch seconds. */
  created: number;
  data: {
    checkout: string;
    paymentId: string;
    orderNo: string;
    amountSen: number;
    currency: string;
    payMethod?: string;
    bankCode?: string;
    /** Refund events: ours, and the sandbox's. */
    refundId?: string;
    refund?: string;
  };
}

/** A fresh event id: each press, each refund is its own event. */
export const newEventId = () => `evt_sbx_${randomBytes(16).toString('base64url')}`;

const shortText = z.string().min(1).max(200);

// Amounts and currency are left to the shop's limits (checkEvent), which keep what they refuse.
const eventShape = z.object({
  id: z.string().regex(/^evt_sbx_[\w-]{8,64}$/),
  type: z.string().min(1).max(100),
  created: z.number().int().positive(),
  data: z.object({
    checkout: shortText,
    paymentId: shortText,
    orderNo: shortText,
    amountSen: z.number(),
    currency: z.string().max(10),
    payMethod: z.enum(payMethods).optional(),
    bankCode: shortText.optional(),
    refundId: shortText.optional(),
    refund: shortText.optional(),
  }),
});

/** What can be read of a signed body that is not a sandbox event, to keep it under its id. */
const anyEvent = z.object({ id: z.unknown(), type: z.unknown(), data: z.record(z.string(), z.unknown()).catch({}) });

function unusable(json: unknown, reason: string): CallbackVerdict {
  const read = anyEvent.safeParse(json);
  const kept = read.success ? unusableEvent(read.data.id, read.data.type, { providerRef: read.data.data.checkout, amountSen: read.data.data.amountSen, currency: read.data.data.currency }) : undefined;
  return kept ? { ok: false, reason, unusable: kept } : { ok: false, reason };
}

/**
 * Reads a signed body into the shop's event. The sandbox sends the shop's five kinds only: any
 * other type, like any event outside the shop's limits, is refused and kept for review; a
 * refund event without its refund id is not a sandbox event.
 */
export function readSandboxEvent(rawBody: string): CallbackVerdict {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = eventShape.safeParse(json);
  if (!parsed.success) return unusable(json, `body is not a sandbox event (${firstIssue(parsed.error)})`);
  const { id, type, data } = parsed.data;
  if (!(eventKinds as readonly string[]).includes(type)) return unusable(json, `unknown event type ${type}`);
  const kind = type as ProviderEventKind;
  const isRefund = kind.startsWith('refund.');
  if (isRefund && !data.refundId) return unusable(json, 'a refund event names no refundId');
  return checkEvent({
    eventId: id,
    kind,
    providerRef: data.checkout,
    paymentId: data.paymentId,
    orderNo: data.orderNo,
    ...(isRefund ? { refundId: data.refundId } : {}),
    amountSen: data.amountSen,
    currency: data.currency.toUpperCase(),
  });
}
