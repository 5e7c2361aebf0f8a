import { addDays, klDate } from './kl-calendar.ts';
import type { MessageKey } from './messages.ts';
import { stateTable, type StateMove } from './state-table.ts';

/**
 * The 30-day workmanship warranty as a flow (docs/contracts/going-live.md §2): a claim on lines of a completed
 * installation, decided by staff. Pure: the caller passes "now" and the completion time.
 */

export const warrantyStatuses = ['SUBMITTED', 'ACCEPTED', 'RESOLVED', 'REJECTED', 'REFUND_OFFERED'] as const;
export type WarrantyStatus = (typeof warrantyStatuses)[number];
/** A claim still being dealt with: a line has at most one. */
export const openWarrantyStatuses: readonly WarrantyStatus[] = ['SUBMITTED', 'ACCEPTED'];

export const WARRANTY_DESCRIPTION_MIN = 10;
export const WARRANTY_DESCRIPTION_MAX = 1000;
export const MAX_WARRANTY_PHOTOS = 3;
export const WARRANTY_REASON_MAX = 500;

export type WarrantyEvent = 'accept' | 'reject' | 'refund' | 'resolve';
/** Who decides: workshop staff on their own jobs, or an admin; an offered refund is the admin's alone. */
export type WarrantyRole = 'admin' | 'workshop';

type WarrantyRow = StateMove<WarrantyStatus, WarrantyEvent, WarrantyRole>;

export const warrantyTable: readonly WarrantyRow[] = [
  { event: 'accept', from: 'SUBMITTED', to: 'ACCEPTED', by: ['admin', 'workshop'] },
  { event: 'reject', from: 'SUBMITTED', to: 'REJECTED', by: ['admin', 'workshop'] },
  { event: 'refund', from: 'SUBMITTED', to: 'REFUND_OFFERED', by: ['admin'] },
  { event: 'refund', from: 'ACCEPTED', to: 'REFUND_OFFERED', by: ['admin'] },
  { event: 'resolve', from: 'ACCEPTED', to: 'RESOLVED', by: ['admin', 'workshop'] },
];

const refusal: Record<WarrantyEvent, MessageKey> = {
  accept: 'warranty.notSubmitted',
  reject: 'warranty.notSubmitted',
  refund: 'warranty.notOpen',
  resolve: 'warranty.notAccepted',
};

// Pure: a page that reads only the limits above leaves it out of its bundle.
const claims = /* @__PURE__ */ stateTable<WarrantyStatus, WarrantyEvent, WarrantyRole>({ rows: warrantyTable, refusal, notPermitted: 'console.adminOnly' });

/** The claim's next status after `event` by a staff member of `role`, or why not. */
export function transitionWarranty(status: WarrantyStatus, event: WarrantyEvent, role: WarrantyRole): { ok: true; status: WarrantyStatus } | { ok: false; key: MessageKey; forbidden?: true } {
  const allowed = claims.move(status, event, role);
  if (allowed.ok) return { ok: true, status: allowed.row.to };
  return allowed.reason === 'by' ? { ok: false, key: allowed.key, forbidden: true } : { ok: false, key: allowed.key };
}

/** The moves a staff member of `role` could make on a claim in `status` now (the console's buttons). */
export function warrantyEventsFor(status: WarrantyStatus, role: WarrantyRole): WarrantyEvent[] {
  return claims.eventsFor(status, role);
}

/**
 * The last day a claim may be opened: `days` calendar days (Kuala Lumpur) after the day the
 * installation was completed, that day included ("within 30 days": completed on 1 June, claimed
 * up to 1 July, the whole day).
 */
export function warrantyLastDay(completedAt: Date, days: number): string {
  return addDays(klDate(completedAt), days);
}

/** Whole days left to claim today (0 on the last day); negative once the warranty has ended. */
export function warrantyDaysLeft(completedAt: Date, days: number, now: Date): number {
  const last = Date.parse(`${warrantyLastDay(completedAt, days)}T00:00:00Z`);
  const today = Date.parse(`${klDate(now)}T00:00:00Z`);
  return Math.round((last - today) / 86_400_000);
}

/** How long a free rework takes a bay: the claimed lines' own fitting times, at least half an hour. */
export function reworkMinutes(lineMinutes: readonly number[]): number {
  return Math.max(30, lineMinutes.reduce((sum, m) => sum + m, 0));
}
