import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { payMethods } from '../../../../contract/rules/order-status.ts';
import type { CallbackVerdict, ProviderEventKind } from '../types.ts';

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

const kinds = ['payment.succeeded', 'payment.failed', 'payment.expired', 'refund.succeeded', 'refund.failed'] as const;
const shortText = z.string().min(1).max(200);

const eventShape = z.object({
  id: z.string().regex(/^evt_sbx_[\w-]{8,64}$/),
  type: z.string().min(1).max(100),
  created: z.number().int().positive(),
  data: z.object({
    checkout: shortText,
    paymentId: shortText,
    orderNo: shortText,
    amountSen: z.number().int().positive(),
    currency: z.string().regex(/^[A-Za-z]{3}$/),
    payMethod: z.enum(payMethods).optional(),
    bankCode: shortText.optional(),
    refundId: shortText.optional(),
    refund: shortText.optional(),
  }),
});

/**
 * Reads a signed body into the shop's event. Types the sandbox may add later are valid but
 * not acted on; a refund event without its refund id is not a sandbox event.
 */
export function readSandboxEvent(rawBody: string): CallbackVerdict {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = eventShape.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `body is not a sandbox event (${issue.path.join('.') || 'body'}: ${issue.message})` };
  }
  const { id, type, data } = parsed.data;
  if (!(kinds as readonly string[]).includes(type)) return { ok: true, event: null };
  const kind = type as ProviderEventKind;
  const isRefund = kind.startsWith('refund.');
  if (isRefund && !data.refundId) return { ok: false, reason: 'a refund event names no refundId' };
  return {
    ok: true,
    event: {
      eventId: id,
      kind,
      providerRef: data.checkout,
      paymentId: data.paymentId,
      orderNo: data.orderNo,
      ...(isRefund ? { refundId: data.refundId } : {}),
      amountSen: data.amountSen,
      currency: data.currency.toUpperCase(),
    },
  };
}
