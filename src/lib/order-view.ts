import type { Actor, OrderStage, OrderStatus, RefundStatus } from '../../contract/rules/order-status.ts';

/**
 * What the order pages show, worked out from the server's answer: the refund's steps and
 * the order's timeline. Pure, so the rules are tested without a browser.
 */

export interface RefundHistoryRow {
  status: RefundStatus;
  at: string;
  by: Actor;
  note: string;
}

export type StepState = 'done' | 'current' | 'todo';
export interface RefundStep {
  status: RefundStatus;
  state: StepState;
  /** When the refund reached the step (its latest row), null while not reached. */
  at: string | null;
  note: string;
}

/** The way a request goes when approved; a rejection or a revocation ends it after review's first step. */
const approvedPath: readonly RefundStatus[] = ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'COMPLETED'];

/** Each step of a refund with its time and note: the approved path, or pending review then rejected or revoked. */
export function refundSteps(status: RefundStatus, history: readonly RefundHistoryRow[]): RefundStep[] {
  const path: RefundStatus[] =
    status === 'REJECTED' || status === 'REVOKED'
      ? ['PENDING_REVIEW', status]
      : status === 'FAILED'
        ? ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED']
        : [...approvedPath];
  const reached = path.indexOf(status);
  return path.map((step, i) => {
    const row = history.filter((h) => h.status === step).at(-1);
    const state: StepState = i < reached ? 'done' : i === reached ? (step === 'COMPLETED' || step === 'REJECTED' || step === 'REVOKED' ? 'done' : 'current') : 'todo';
    return { status: step, state, at: row?.at ?? null, note: row?.note ?? '' };
  });
}

export interface TimelineHistoryRow {
  status: OrderStatus;
  stage: OrderStage | null;
  at: string;
  by: Actor;
  note: string;
}
export interface TimelineNotice {
  at: string;
  phone: string;
  text: string;
  sent: boolean;
  /** sending, sent or failed (after the last try). */
  state?: string;
  /** The server's words beside a notice not sent yet or not sent; null once sent. */
  status?: string | null;
  /** How it went: SMS, or WhatsApp for a customer who chose it. */
  channel: NoticeChannel;
  /** What the provider said last: sent, delivered, read (WhatsApp only), failed; null before any. */
  delivery: NoticeDelivery | null;
  /** An SMS sent because WhatsApp could not deliver the same notice. */
  fallback: boolean;
}

export type NoticeChannel = 'sms' | 'whatsapp';
export type NoticeDelivery = 'sent' | 'delivered' | 'read' | 'failed';

/** The words of a notice's channel line, in the page's language. */
export interface ChannelWords {
  channel: Record<NoticeChannel, string>;
  delivery: Record<NoticeDelivery, string>;
  /** Beside an SMS that stood in for WhatsApp. */
  fallback: string;
}

/**
 * A notice's channel and how far it got, as the timeline names it: "WhatsApp · Read",
 * "SMS · Delivered", "SMS · instead of WhatsApp · Sent". Before the provider says anything, a
 * notice it took reads as sent; one not taken yet, or not at all, names its channel alone (its
 * status line says why).
 */
export function noticeChannelLine(n: Pick<TimelineNotice, 'channel' | 'delivery' | 'fallback' | 'state'>, w: ChannelWords): string {
  const delivery = n.delivery ?? (n.state === 'sent' ? 'sent' : null);
  return [w.channel[n.channel], n.fallback && w.fallback, delivery && w.delivery[delivery]].filter(Boolean).join(' · ');
}

export type TimelineEntry = ({ kind: 'state' } & TimelineHistoryRow) | ({ kind: 'sms' } & TimelineNotice);

/** Every state change and every message sent about the order, oldest first (a state before its message at the same moment). */
export function orderTimeline(history: readonly TimelineHistoryRow[], notices: readonly TimelineNotice[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [...history.map((h) => ({ kind: 'state' as const, ...h })), ...notices.map((n) => ({ kind: 'sms' as const, ...n }))];
  // A stable sort keeps states (listed first) ahead of SMS sent at the same moment.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Ringgit typed by a person ("120", "120.5", "RM 1,020.50") as sen, or null when it is not an amount. */
export function senOfRinggit(typed: string): number | null {
  const clean = typed.trim().replace(/^RM\s*/i, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, cents = ''] = clean.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** An amount proposed in a field as a person types ringgit (12050 → "120.50"), read back by senOfRinggit. */
export { amountForInput } from '../../contract/rules/money.ts';
