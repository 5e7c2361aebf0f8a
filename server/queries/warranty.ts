import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { isMessageKey, message } from '../../contract/rules/messages.ts';
import { reworkMinutes, warrantyDaysLeft, warrantyEventsFor, warrantyLastDay } from '../../contract/rules/warranty.ts';
import type { consoleWarrantyCard, warrantyClaimDto, warrantyMine } from '../../contract/warranty.ts';
import { DomainError } from '../modules/errors.ts';
import { lineName } from '../modules/orders/line-view.ts';
import { customerOrder, linesOf, type OrderRow } from '../modules/orders/service.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import { requireStoreAccess } from '../modules/staff/access.ts';
import { claimDetails, claimPage, claimsOfOrder, linesWithOpenClaims, type ClaimRow } from '../modules/warranty/service.ts';
import { orders } from '../modules/orders/schema.ts';
import { inArray } from 'drizzle-orm';
import { signedImageUrl } from '../storage/signing.ts';
import { jobUnits, timeOfUnit, unitOfTime } from '../modules/booking/slots.ts';
import type { ReadContext } from './context.ts';

type ClaimView = z.input<typeof warrantyClaimDto>;
type Mine = z.input<typeof warrantyMine.response>;
type Card = z.input<typeof consoleWarrantyCard>;

const claimNumber = (orderNo: string, seq: number) => `${orderNo}-W${seq}`;

/** Claims as the customer and the console read them: lines named in the reader's language, photos signed, steps in words. */
export async function claimViews(ctx: ReadContext, claims: ClaimRow[], ordersById: Map<string, OrderRow>, days: number, locale: Locale): Promise<ClaimView[]> {
  const details = await claimDetails(ctx.db, claims.map((c) => c.id));
  const now = ctx.now();
  const views: ClaimView[] = [];
  for (const claim of claims) {
    const order = ordersById.get(claim.orderId)!;
    const lines = await linesOf(ctx.db, order.id);
    const ids = details.lines.filter((l) => l.claimId === claim.id).map((l) => l.lineId);
    const workshop = ctx.indexes.workshops.find((w) => w.id === claim.workshopId);
    views.push({
      claimId: claim.id,
      claimNo: claimNumber(order.orderNo, claim.seq),
      orderNo: order.orderNo,
      status: claim.status,
      lines: lines.filter((l) => ids.includes(l.id)).map((l) => ({ lineId: l.id, name: lineName(l, ctx.indexes.catalog.byId, locale), quantity: l.quantity })),
      description: claim.description,
      photos: details.photos.filter((p) => p.claimId === claim.id).map((p) => ({ key: p.key, url: signedImageUrl(ctx.secret, p.key, now) })),
      preApproved: claim.preApproved,
      decisionNote: claim.decisionNote,
      refundAmountSen: claim.refundAmountSen,
      rework: claim.reworkDate && claim.reworkTime ? { date: claim.reworkDate, time: claim.reworkTime } : null,
      workshop: { id: claim.workshopId, name: workshop?.name ?? claim.workshopId },
      completedOn: order.completedAt ? klDate(order.completedAt) : '',
      lastDay: order.completedAt ? warrantyLastDay(order.completedAt, days) : '',
      createdAt: claim.createdAt.toISOString(),
      history: details.history
        .filter((h) => h.claimId === claim.id)
        .map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by, note: h.noteKey && isMessageKey(h.noteKey) ? message(locale, h.noteKey) : h.note })),
    });
  }
  return views;
}

/** The customer's order's warranty: its last day, the lines a claim may be opened for, its claims. */
export async function myWarranty(ctx: ReadContext, customerId: string, orderNo: string, days: number, locale: Locale): Promise<Mine> {
  const order = await customerOrder(ctx.db, customerId, orderNo);
  if (!order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  const claims = await claimsOfOrder(ctx.db, order.id);
  const completed = order.method === 'install' && order.status === 'COMPLETED' && order.completedAt !== null;
  const daysLeft = completed ? warrantyDaysLeft(order.completedAt!, days, ctx.now()) : -1;
  const lines = completed ? await linesOf(ctx.db, order.id) : [];
  const open = new Set(await linesWithOpenClaims(ctx.db, lines.map((l) => l.id)));
  return {
    orderNo: order.orderNo,
    lastDay: completed ? warrantyLastDay(order.completedAt!, days) : null,
    daysLeft,
    claimable: daysLeft >= 0 ? lines.filter((l) => !open.has(l.id)).map((l) => ({ lineId: l.id, name: lineName(l, ctx.indexes.catalog.byId, locale) })) : [],
    claims: await claimViews(ctx, claims, new Map([[order.id, order]]), days, locale),
  };
}

/** Claims for the console, oldest first: an admin's of every workshop (or one), workshop staff's of their own. */
export async function consoleClaims(
  ctx: ReadContext,
  who: StaffRow,
  input: { status?: ClaimRow['status']; storeId?: string; date?: string; pageNum: number; pageSize: number },
  days: number,
  locale: Locale,
): Promise<{ list: Card[]; total: number; pageNum: number; pageSize: number }> {
  if (input.storeId) requireStoreAccess(who, input.storeId);
  const workshopId = who.role === 'workshop' ? who.storeId! : input.storeId;
  const where = { ...(workshopId ? { workshopId } : {}), ...(input.status ? { status: input.status } : {}), ...(input.date ? { reworkDate: input.date } : {}) };
  const page = await claimPage(ctx.db, where, { offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize });
  return { list: await consoleCards(ctx, who, page.rows, days, locale), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Claims as console cards: with the car, the days the warranty had left and what this staff member may do. */
export async function consoleCards(ctx: ReadContext, who: StaffRow, claims: ClaimRow[], days: number, locale: Locale): Promise<Card[]> {
  const orderRows = claims.length ? await ctx.db.select().from(orders).where(inArray(orders.id, [...new Set(claims.map((c) => c.orderId))])) : [];
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  const views = await claimViews(ctx, claims, byId, days, locale);
  const lineMinutes = new Map<string, number>();
  for (const order of orderRows) if (claims.some((c) => c.orderId === order.id && c.reworkTime)) for (const l of await linesOf(ctx.db, order.id)) lineMinutes.set(l.id, l.fittingMinutes);
  return views.map((view, i) => {
    const claim = claims[i]!;
    const order = byId.get(claim.orderId)!;
    const events = warrantyEventsFor(claim.status, who.role);
    const minutes = reworkMinutes(view.lines.map((l) => lineMinutes.get(l.lineId) ?? 0));
    return {
      ...view,
      reworkJob: claim.reworkTime ? { endTime: timeOfUnit(unitOfTime(claim.reworkTime) + jobUnits(minutes)), bay: claim.reworkBay } : null,
      daysLeft: order.completedAt ? warrantyDaysLeft(order.completedAt, days, claim.createdAt) : 0,
      car: { name: [order.car.brand, order.car.model, order.car.variant].filter(Boolean).join(' '), plate: order.carPlate },
      actions: { accept: events.includes('accept'), reject: events.includes('reject'), refund: events.includes('refund'), resolve: events.includes('resolve') },
    };
  });
}
