import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { EXPORT_FORMAT, type exportDocument } from '../../contract/data-export.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import { users } from '../modules/auth/schema.ts';
import { invoiceOfOrder } from '../modules/invoices/service.ts';
import { carReminders, outbox, reminderConsents } from '../modules/notifications/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import type { OrderRow } from '../modules/orders/service.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { imagesOf } from '../modules/reviews/service.ts';
import type { garageService } from '../modules/vehicles/service.ts';
import { userCars } from '../modules/vehicles/schema.ts';
import { claimsOfOrder } from '../modules/warranty/service.ts';
import { pick } from '../i18n/localized.ts';
import type { ReadContext } from './context.ts';
import { orderEinvoice } from './einvoice.ts';
import { garageHistory } from './garage-history.ts';
import { creditNoteViews, payMethodWords } from './invoice.ts';
import { describeOrder } from './order-view.ts';
import { authorView } from './review-parts.ts';
import { claimViews } from './warranty.ts';

type ExportDocument = z.input<typeof exportDocument>;

export interface ExportReads {
  garage: ReturnType<typeof garageService>;
  /** The MyInvois portal that validation links point to. */
  portalBase: string;
  /** Days of the workmanship warranty (content). */
  warrantyDays: number;
}

/**
 * Everything the shop keeps about one customer, as the export document
 * (docs/contracts/running-the-business.md §5): each part read by the customer's own id, so no other
 * customer's row can enter it. Words in `locale`; values as stored.
 */
export async function exportDocumentOf(ctx: ReadContext, reads: ExportReads, userId: string, locale: Locale): Promise<ExportDocument> {
  const [account] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // A closed account has no phone and no session left to ask with.
  if (!account?.phone) throw new Error(`no open account ${userId}`);
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const orderRows = await ctx.db.select().from(orders).where(eq(orders.customerId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  const cars = await carsOf(ctx, reads, userId, locale);
  const consents = await ctx.db.select().from(reminderConsents).where(eq(reminderConsents.userId, userId)).orderBy(asc(reminderConsents.id));
  const exported: ExportDocument['orders'] = [];
  for (const order of orderRows) exported.push(await orderOf(ctx, reads, order, locale));
  return {
    format: EXPORT_FORMAT,
    exportedAt: ctx.now().toISOString(),
    language: locale,
    profile: {
      phone: account.phone,
      name: account.name,
      realName: account.realName,
      email: orderRows.find((o) => o.contact.email)?.contact.email ?? null,
      createdAt: account.createdAt.toISOString(),
      lastLoginAt: account.lastLoginAt.toISOString(),
    },
    cars,
    consents: consents.map((c) => ({ purpose: c.purpose, granted: c.granted, at: c.at.toISOString(), wording: c.wording, locale: c.locale as Locale, source: c.source })),
    orders: exported,
    reviews: await reviewsOf(ctx, userId, locale),
    messages: (await messagesOfNoOrder(ctx, userId)).map(messageView),
  };
}

/** The garage: each car with its plate, papers, readings, services and reminders. */
async function carsOf(ctx: ReadContext, reads: ExportReads, userId: string, locale: Locale): Promise<ExportDocument['cars']> {
  const saved = await ctx.db.select({ id: userCars.id, createdAt: userCars.createdAt }).from(userCars).where(eq(userCars.userId, userId));
  const addedAt = new Map(saved.map((c) => [c.id, c.createdAt.toISOString()]));
  const cars: ExportDocument['cars'] = [];
  for (const car of await reads.garage.list(userId)) {
    const history = await garageHistory(ctx, reads.garage, userId, car.id, locale);
    cars.push({ car: history.car, addedAt: addedAt.get(car.id) ?? '', services: history.services, odometer: history.odometer, reminders: history.reminders });
  }
  return cars;
}

type MessageRow = typeof outbox.$inferSelect;

function messageView(m: MessageRow): ExportDocument['messages'][number] {
  return {
    channel: m.channel,
    to: m.to,
    kind: m.kind,
    at: m.at.toISOString(),
    subject: m.subject,
    text: m.text,
    state: m.state,
    sentAt: m.sentAt?.toISOString() ?? null,
    delivery: m.delivery,
    fallback: m.fallbackOf !== null,
  };
}

/** Messages about no order: those addressed to the customer's account, and the reminders about their garage cars. */
async function messagesOfNoOrder(ctx: ReadContext, userId: string): Promise<MessageRow[]> {
  const reminders = await ctx.db.select({ id: carReminders.id }).from(carReminders).where(eq(carReminders.userId, userId));
  const mine = reminders.length ? or(eq(outbox.userId, userId), inArray(outbox.carReminderId, reminders.map((r) => r.id))) : eq(outbox.userId, userId);
  return ctx.db.select().from(outbox).where(and(isNull(outbox.orderId), mine)).orderBy(asc(outbox.id));
}

/** One order as the customer's page shows it, with its invoices, e-invoices, claims and messages. */
async function orderOf(ctx: ReadContext, reads: ExportReads, order: OrderRow, locale: Locale): Promise<ExportDocument['orders'][number]> {
  const shown = await describeOrder(ctx, order, locale);
  const invoice = await invoiceOfOrder(ctx.db, order.id);
  const creditNotes = await creditNoteViews(ctx, order.id, locale, reads.portalBase);
  const noteDocuments = creditNotes.flatMap((n) => (n.einvoice ? [n.einvoice] : []));
  const own = await orderEinvoice(ctx, order, null, reads.portalBase);
  const claims = await claimsOfOrder(ctx.db, order.id);
  const warrantyClaims = claims.length ? await claimViews(ctx, claims, new Map([[order.id, order]]), reads.warrantyDays, locale) : [];
  const messages = await ctx.db.select().from(outbox).where(eq(outbox.orderId, order.id)).orderBy(asc(outbox.id));
  return {
    orderNo: shown.orderNo,
    status: shown.status,
    statusWords: message(locale, `orderStatus.${order.status}`),
    stage: shown.stage,
    stageWords: order.stage ? message(locale, `orderStage.${order.stage}`) : null,
    method: shown.method,
    createdAt: shown.createdAt,
    removedFromList: order.hidden,
    car: shown.car,
    contact: shown.contact,
    address: shown.address,
    notes: shown.notes,
    store: shown.store,
    appointment: shown.appointment,
    visit: shown.visit,
    lines: shown.lines,
    totals: shown.totals,
    coupon: shown.coupon,
    money: shown.money,
    pickupCode: shown.pickupCode,
    expressCompany: shown.expressCompany,
    expressNo: shown.expressNo,
    history: shown.history,
    payments: shown.payments.map((p) => ({ ...p, methodWords: payMethodWords({ method: p.method, bankCode: p.bank?.code ?? null, cardType: p.cardType }, locale) })),
    refunds: shown.refunds.map((r) => ({ ...r, statusWords: message(locale, `refundStatus.${r.status}`) })),
    invoice: invoice ? { invoiceNo: invoice.invoiceNo, issuedAt: invoice.issuedAt.toISOString(), totalSen: order.totalSen } : null,
    creditNotes,
    einvoices: [...(own.document ? [own.document] : []), ...noteDocuments],
    warrantyClaims,
    messages: messages.map(messageView),
  };
}

/** The customer's reviews in every state, each with what it is about named in `locale`. */
async function reviewsOf(ctx: ReadContext, userId: string, locale: Locale): Promise<ExportDocument['reviews']> {
  const rows = await ctx.db
    .select({ review: reviews, orderNo: orders.orderNo })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.customerId, userId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  const images = await imagesOf(ctx.db, rows.map((r) => r.review.id));
  return rows.map(({ review, orderNo }) => {
    const { editable: _editable, editableUntil: _until, ...view } = authorView(ctx, review, orderNo, images.get(review.id) ?? [], locale);
    const product = review.productId ? ctx.indexes.catalog.byId.get(review.productId) : undefined;
    const about =
      review.target === 'workshop'
        ? (ctx.indexes.workshops.find((w) => w.id === review.storeId)?.name ?? review.storeId ?? '')
        : product
          ? pick(product.name, locale)
          : review.productId;
    return { ...view, about };
  });
}
