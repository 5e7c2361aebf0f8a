import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../contract/rules/language.ts';
import type { LineOptions } from '../../../contract/line.ts';
import type { Actor, FulfilmentMethod, OrderStage, OrderStatus } from '../../../contract/rules/order-status.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { SizeClass } from '../../../contract/rules/price.ts';
import type { DeliveryRules, FulfilmentRules, MobileFileRules, PaymentRules, WarrantyRules } from './content.ts';

/** The car as it was when the order was placed: names survive later content changes. */
export interface CarSnapshot {
  variantId: string;
  brand: string;
  model: string;
  variant: string;
  sizeClass: SizeClass;
}

export interface ContactSnapshot {
  name: string;
  phone: string;
  email?: string;
}

export interface AddressSnapshot {
  recipient: string;
  phone: string;
  line1: string;
  line2?: string;
  postcode: string;
  city: string;
  state: string;
  /** Fitting at the customer's place: what helps the technician find the car. */
  landmark?: string;
}

const at = (name: string) => timestamp(name, { withTimezone: true });
const sen = (name: string) => integer(name).notNull();

/**
 * Orders. A customer is the auth module's user id (no cross-module reference); the workshop
 * is the stores module's id. Totals are the server's own, itemised as the bill shows them.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull(),
    customerId: uuid('customer_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    stage: text('stage').$type<OrderStage>(),
    method: text('method').$type<FulfilmentMethod>().notNull(),
    /** The workshop fitting or handing over the goods; at the customer's place, the van's base (its stock). */
    storeId: text('store_id'),
    /** Installation: the appointment; at the customer's place, the window's date and start. */
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    /** At the customer's place: the van that comes (content/orders/mobile.json), and when its technician set off, arriving in about `etaMinutes`. */
    vanId: text('van_id'),
    onTheWayAt: timestamp('on_the_way_at', { withTimezone: true }),
    etaMinutes: integer('eta_minutes'),
    /** Minutes a bay is taken for the job (install orders). */
    fittingMinutes: integer('fitting_minutes').notNull().default(0),
    car: jsonb('car').$type<CarSnapshot>().notNull(),
    carPlate: text('car_plate').notNull(),
    /** The customer's garage car the order is for (the vehicles module's), when it was one of theirs. */
    carId: uuid('car_id'),
    /** The odometer staff read when they completed the installation. */
    odometerKm: integer('odometer_km'),
    contact: jsonb('contact').$type<ContactSnapshot>().notNull(),
    address: jsonb('address').$type<AddressSnapshot>(),
    notes: text('notes').notNull().default(''),
    couponCode: text('coupon_code'),
    partsSen: sen('parts_sen'),
    labourSen: sen('labour_sen'),
    serviceTaxSen: sen('service_tax_sen'),
    goodsSen: sen('goods_sen'),
    deliveryFeeSen: sen('delivery_fee_sen'),
    /** At the customer's place: the visit fee and its service tax (8 %). */
    visitFeeSen: integer('visit_fee_sen').notNull().default(0),
    visitFeeTaxSen: integer('visit_fee_tax_sen').notNull().default(0),
    discountSen: sen('discount_sen'),
    totalSen: sen('total_sen'),
    payBefore: at('pay_before'),
    pickupCode: text('pickup_code'),
    expressCompany: text('express_company'),
    expressNo: text('express_no'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** Deleted by its owner: hidden from them, kept for the shop. */
    hidden: boolean('hidden').notNull().default(false),
    hiddenAt: at('hidden_at'),
    /** Who ended an unpaid order: the customer, or the system when the time to pay ran out. */
    cancelledBy: text('cancelled_by').$type<Actor>(),
    language: text('language').$type<Locale>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request as placed: the same key with another order is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_store_date_idx').on(t.storeId, t.appointmentDate),
    index('orders_car_idx').on(t.carId),
    // A code shown at the counter names one order among those still to be collected.
    uniqueIndex('orders_open_pickup_code_key')
      .on(t.pickupCode)
      .where(sql`${t.pickupCode} is not null and ${t.status} in ('UPCOMING', 'IN_PROGRESS')`),
    check('orders_money_check', sql`${t.totalSen} >= 0 and ${t.discountSen} >= 0`),
    check('orders_status_check', sql`${t.status} in ('PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REFUNDED')`),
    check('orders_method_check', sql`${t.method} in ('install', 'pickup', 'mail', 'mobile')`),
  ],
);

/** What was bought, as it was bought: the name in the order's language, unit prices, choices. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    quantity: integer('quantity').notNull(),
    options: jsonb('options').$type<LineOptions>().notNull(),
    unitPartsSen: sen('unit_parts_sen'),
    unitLabourSen: sen('unit_labour_sen'),
    unitServiceTaxSen: sen('unit_service_tax_sen'),
    unitSen: sen('unit_sen'),
    partsSen: sen('parts_sen'),
    labourSen: sen('labour_sen'),
    serviceTaxSen: sen('service_tax_sen'),
    totalSen: sen('total_sen'),
    fittingMinutes: integer('fitting_minutes').notNull().default(0),
  },
  (t) => [uniqueIndex('order_lines_position_key').on(t.orderId, t.position)],
);

/**
 * The tyres an installation fitted (docs/contracts/going-live.md §2): each tyre's DOT date code as staff read it
 * off the sidewall when completing, its week and year and its age that day. A tyre older than the
 * shop's promise was fitted only with an admin's reason (`overrideReason`).
 */
export const orderLineTyres = pgTable(
  'order_line_tyres',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => orderLines.id),
    /** 1, 2, …: the order the tyres were given in. */
    position: integer('position').notNull(),
    dot: text('dot').notNull(),
    dotFull: text('dot_full'),
    photoKey: text('photo_key'),
    madeWeek: integer('made_week').notNull(),
    madeYear: integer('made_year').notNull(),
    madeOn: date('made_on').notNull(),
    fittedOn: date('fitted_on').notNull(),
    ageMonthsAtFitting: integer('age_months_at_fitting').notNull(),
    beyondPromise: boolean('beyond_promise').notNull().default(false),
    overrideReason: text('override_reason'),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [uniqueIndex('order_line_tyres_position_key').on(t.orderId, t.position), index('order_line_tyres_line_idx').on(t.lineId)],
);

/** Every move of an order. System notes are message keys, worded in the reader's language. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').$type<OrderStatus>().notNull(),
    stage: text('stage').$type<OrderStage>(),
    at: at('at').notNull(),
    by: text('by').$type<Actor>().notNull(),
    note: text('note').notNull().default(''),
    noteKey: text('note_key').$type<MessageKey>(),
    noteParams: jsonb('note_params').$type<Record<string, string | number>>(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/** content/orders/fulfilment.json, delivery.json, warranty.json, mobile.json and payments.json as the last start loaded them. */
export const orderRules = pgTable('order_rules', {
  key: text('key').$type<'fulfilment' | 'delivery' | 'warranty' | 'mobile' | 'payments'>().primaryKey(),
  rules: jsonb('rules').$type<FulfilmentRules | DeliveryRules | WarrantyRules | MobileFileRules | PaymentRules>().notNull(),
});
