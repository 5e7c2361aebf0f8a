import { Code } from '../../contract/codes.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import { ringgit } from '../../contract/rules/order-total.ts';
import { reworkMinutes, warrantyDaysLeft, warrantyLastDay, type WarrantyEvent } from '../../contract/rules/warranty.ts';
import type { Db } from '../db/client.ts';
import { bookHeldUnits, freeUnitsOf, holdAppointment, moveBooking } from '../modules/booking/service.ts';
import { DomainError, warning } from '../modules/errors.ts';
import { orderNotice, type Notice } from '../modules/notifications/service.ts';
import { addHistory, breaksUnique, isTyreLine, linesOf, lockOrder, tyresOf, type OrderRow } from '../modules/orders/service.ts';
import { insertRefund } from '../modules/refunds/service.ts';
import { requireOrderAccess } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import { audit } from '../modules/audit/service.ts';
import { insertClaim, lineIdsOfClaim, linesWithOpenClaims, linkClaimRefund, lockClaim, moveClaim, setRework, type ClaimRow } from '../modules/warranty/service.ts';
import { ownedUploads } from '../storage/service.ts';
import { calendarOf, workshopOf } from './cart.ts';
import type { ShopContext } from './context.ts';
import { lockOwnOrder } from './my-orders/own-order.ts';
import { attachedKeys } from './photos-attached.ts';
import { decideRefund } from './refunds/review.ts';

/**
 * The warranty claims' verbs (docs/contracts/going-live.md §2), each in one transaction with the order locked
 * (then the claim): the customer opens a claim and books its free rework; staff accept, reject,
 * resolve; an admin offers a refund through the refund flow. Every decision is told by SMS
 * through the outbox, written in the same transaction; every staff decision is audited.
 */

/** A claim's number: the order's with "-W" and its number on the order. */
export const claimNo = (orderNo: string, seq: number) => `${orderNo}-W${seq}`;

export interface OpenClaimInput {
  orderNo: string;
  lineIds: string[];
  description: string;
  photoIds: string[];
}

/**
 * Opens a claim on lines of the customer's completed installation within the warranty (the last
 * day included, Kuala Lumpur calendar); one open claim per line (a partial unique index has the
 * last word); photos the customer's own, on nothing else. A claim on a tyre fitted older than the
 * shop's promise (an admin's override) is accepted as it opens.
 */
export async function openClaim(ctx: ShopContext, customerId: string, input: OpenClaimInput): Promise<void> {
  const now = ctx.now();
  const lineIds = [...new Set(input.lineIds)];
  if (new Set(input.photoIds).size !== input.photoIds.length) throw warning('warranty.photo', {}, { field: 'photoIds' });
  const told = await ctx.db
    .transaction(async (tx) => {
      const order = await lockOwnOrder(tx, customerId, input.orderNo);
      const days = ctx.indexes.orderRules.warranty.warrantyDays;
      if (order.method !== 'install' || order.status !== 'COMPLETED' || !order.completedAt || !order.storeId) throw warning('warranty.notCompleted', {}, { field: 'orderNo' });
      if (warrantyDaysLeft(order.completedAt, days, now) < 0) throw warning('warranty.ended', { days, date: warrantyLastDay(order.completedAt, days) }, { field: 'orderNo' });
      const lines = await linesOf(tx, order.id);
      const claimed = lineIds.map((id) => lines.find((l) => l.id === id));
      if (claimed.some((l) => !l)) throw warning('warranty.lineUnknown', {}, { field: 'lineIds' });
      const open = await linesWithOpenClaims(tx, lineIds);
      if (open.length) throw warning('warranty.lineOpen', { name: lines.find((l) => l.id === open[0])!.name }, { field: 'lineIds' });
      const owned = await ownedUploads(tx, customerId, input.photoIds);
      if (owned.length !== input.photoIds.length || (await attachedKeys(tx, input.photoIds)).length) {
        throw warning('warranty.photo', {}, { field: 'photoIds' });
      }
      const old = (await tyresOf(tx, order.id)).filter((t) => t.beyondPromise && lineIds.includes(t.lineId));
      const preApproved = old.length > 0 && claimed.some((l) => l && isTyreLine(l));
      const claim = await insertClaim(
        tx,
        { orderId: order.id, customerId, workshopId: order.storeId, description: input.description, preApproved, lineIds, photoKeys: input.photoIds },
        now,
      );
      if (!claim) throw warning('warranty.lineOpen', { name: claimed[0]!.name }, { field: 'lineIds' });
      await addHistory(tx, order, { by: 'customer', noteKey: 'history.warrantyClaimed', noteParams: { claimNo: claimNo(order.orderNo, claim.seq) } }, now);
      if (!preApproved) return null;
      await moveClaim(tx, claim, { event: 'accept', role: 'system', noteKey: 'warranty.preApprovedNote' }, now);
      return orderNotice(tx, ctx, order, { kind: 'warrantyAccepted' }, now);
    })
    .catch((err: unknown) => {
      // Another request claimed the line, or took the photo, at the same moment: the unique indexes decided.
      if (breaksUnique(err, 'warranty_claim_lines_one_open_key')) throw warning('warranty.lineOpen', { name: '' }, { field: 'lineIds' });
      if (breaksUnique(err, 'warranty_claim_photos_key')) throw warning('warranty.photo', {}, { field: 'photoIds' });
      throw err;
    });
  if (told) await told();
}

/** The customer's claim and its order, both locked; someone else's claim is as good as none. */
async function lockOwnClaim(tx: Db, customerId: string, claimId: string): Promise<{ claim: ClaimRow; order: OrderRow }> {
  const first = await lockClaim(tx, claimId);
  if (!first || first.customerId !== customerId) throw new DomainError(Code.NOT_FOUND, 'warranty.unknown', {}, { field: 'claimId' });
  const order = await lockOrder(tx, { id: first.orderId });
  // Locked in the order every move takes them (order, then claim): read the claim again under both.
  const claim = (await lockClaim(tx, claimId))!;
  return { claim, order: order! };
}

/**
 * Books an accepted claim's free rework at the order's workshop, through the same slots and bays
 * as orders (the unique index over booked units decides a race); a second booking moves it. No
 * payment: the bay is booked at once, under the claim's id.
 */
/** How long a claim's free repair takes a bay: its claimed lines' fitting times as the order recorded them. */
export async function reworkMinutesOf(db: Db, claim: ClaimRow): Promise<number> {
  const ids = await lineIdsOfClaim(db, claim.id);
  return reworkMinutes((await linesOf(db, claim.orderId)).filter((l) => ids.includes(l.id)).map((l) => l.fittingMinutes));
}

export async function bookRework(ctx: ShopContext, customerId: string, input: { claimId: string; date: string; time: string }): Promise<string> {
  const now = ctx.now();
  const { told, orderNo } = await ctx.db.transaction(async (tx) => {
    const { claim, order } = await lockOwnClaim(tx, customerId, input.claimId);
    if (claim.status !== 'ACCEPTED') throw warning('warranty.notAccepted', {}, { field: 'claimId' });
    const workshop = workshopOf(ctx.indexes, claim.workshopId);
    const fittingMinutes = await reworkMinutesOf(tx, claim);
    const appointment = { date: input.date, time: input.time };
    const request = { workshopId: workshop.id, calendar: calendarOf(workshop), fittingMinutes, appointment, holder: { kind: 'claim' as const, id: claim.id }, now };
    const held = claim.reworkDate ? await moveBooking(tx, { ...request, fromDate: claim.reworkDate }) : await holdAppointment(tx, request);
    if (!held.ok) throw warning(held.key, {}, { field: 'time' });
    if (!claim.reworkDate) await bookHeldUnits(tx, claim.id);
    await setRework(tx, claim.id, { ...appointment, bay: held.bay }, now);
    await addHistory(tx, order, { by: 'customer', noteKey: 'history.warrantyBooked', noteParams: { claimNo: claimNo(order.orderNo, claim.seq), date: input.date, time: input.time } }, now);
    return { told: await orderNotice(tx, ctx, order, { kind: 'warrantyBooked', date: input.date, time: input.time }, now), orderNo: order.orderNo };
  });
  await told();
  return orderNo;
}

const historyKeys = { accept: 'history.warrantyAccepted', reject: 'history.warrantyRejected', resolve: 'history.warrantyResolved' } as const;

export type StaffDecision =
  | { event: 'accept'; claimId: string; note?: string }
  | { event: 'reject'; claimId: string; reason: string }
  | { event: 'resolve'; claimId: string; note?: string }
  | { event: 'refund'; claimId: string; amountSen: number };

/**
 * A staff decision on a claim, with its order and then the claim locked: the claim state table
 * decides (807; 403 for a workshop's refund offer), workshop staff decide only on their own
 * jobs (403). A refund offer opens a refund of the order approved at once for the amount, sent
 * to the way the customer paid (the refund flow's rules: within what may still be returned, no
 * other refund open). The customer is told by SMS; the decision is audited.
 */
export async function decideClaim(ctx: ShopContext, who: StaffRow, input: StaffDecision): Promise<ClaimRow> {
  const now = ctx.now();
  const { moved, afterCommit } = await ctx.db.transaction(async (tx) => {
    const first = await lockClaim(tx, input.claimId);
    if (!first) throw new DomainError(Code.NOT_FOUND, 'warranty.unknown', {}, { field: 'claimId' });
    const order = (await lockOrder(tx, { id: first.orderId }))!;
    requireOrderAccess(who, order);
    const claim = (await lockClaim(tx, input.claimId))!;
    const number = claimNo(order.orderNo, claim.seq);
    const role = who.role;
    let notice: Notice;
    let after: () => Promise<void> = async () => {};
    let row: ClaimRow;
    const event: WarrantyEvent = input.event;
    if (input.event === 'refund') {
      row = await moveClaim(tx, claim, { event, role, refundAmountSen: input.amountSen }, now);
      // The repair's bay, if one was booked, is free for others again.
      if (claim.reworkDate) await freeUnitsOf(tx, claim.id);
      const refund = await insertRefund(
        tx,
        { orderId: order.id, customerId: order.customerId, amountSen: input.amountSen, reason: `${number}: ${claim.description}`.slice(0, 500), contact: order.contact.phone, imageKeys: [] },
        { by: 'staff', noteKey: 'warranty.refundNote' },
        now,
      ).catch((err: unknown) => {
        if (breaksUnique(err, 'refunds_one_open_key')) throw warning('order.refundOpen', {}, { field: 'claimId' });
        throw err;
      });
      await linkClaimRefund(tx, claim.id, refund.id, now);
      // One SMS for the offer: the claim's, which says the refund instead of the repair.
      const reviewed = await decideRefund(tx, ctx, order, { decision: 'approve', amountSen: input.amountSen, note: number, untold: true }, now);
      notice = await orderNotice(tx, ctx, order, { kind: 'warrantyRefund', amountSen: input.amountSen }, now);
      after = reviewed.afterCommit;
      await addHistory(tx, order, { by: 'staff', noteKey: 'history.warrantyRefund', noteParams: { claimNo: number, amount: ringgit(input.amountSen) } }, now);
    } else {
      const note = input.event === 'reject' ? input.reason : (input.note ?? '');
      // Resolved before its booked repair's day: as starting a job early, only with a reason.
      if (input.event === 'resolve' && claim.status === 'ACCEPTED' && claim.reworkDate && claim.reworkDate > klDate(now) && !note.trim()) {
        throw warning('warranty.resolveEarly', { date: claim.reworkDate }, { field: 'note' });
      }
      row = await moveClaim(tx, claim, { event, role, note }, now);
      const kind = input.event === 'accept' ? 'warrantyAccepted' : input.event === 'reject' ? 'warrantyRejected' : 'warrantyResolved';
      notice = await orderNotice(tx, ctx, order, kind === 'warrantyRejected' ? { kind, reason: note } : { kind }, now);
      await addHistory(tx, order, { by: 'staff', noteKey: historyKeys[input.event], noteParams: { claimNo: number } }, now);
    }
    await audit(tx, { staff: who, action: `console/warranty/${input.event}`, orderNo: order.orderNo, storeId: order.storeId, details: { claimNo: number, from: claim.status, to: row.status, ...('reason' in input ? { reason: input.reason } : {}), ...('amountSen' in input ? { amountSen: input.amountSen } : {}) } }, now);
    return { moved: row, afterCommit: async () => { await notice(); await after(); } };
  });
  await afterCommit();
  return moved;
}
