import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Fitment } from './content.ts';

/** Synced from content/vehicles; rows no longer in content are kept inactive (garages refer to them). */
export const vehicleBrands = pgTable('vehicle_brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  popular: boolean('popular').notNull(),
  active: boolean('active').notNull().default(true),
});

export const vehicleModels = pgTable('vehicle_models', {
  id: text('id').primaryKey(),
  brandId: text('brand_id').notNull().references(() => vehicleBrands.id),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const vehicleVariants = pgTable('vehicle_variants', {
  id: text('id').primaryKey(),
  modelId: text('model_id').notNull().references(() => vehicleModels.id),
  name: text('name').notNull(),
  yearFrom: integer('year_from').notNull(),
  yearTo: integer('year_to').notNull(),
  engine: text('engine').notNull(),
  transmission: text('transmission').notNull(),
  fuel: text('fuel').notNull(),
  bodyType: text('body_type').notNull(),
  sizeClass: text('size_class').notNull(),
  fitment: jsonb('fitment').$type<Fitment>().notNull(),
  active: boolean('active').notNull().default(true),
});

/** A customer's garage. `userId` is the auth module's user; no cross-module reference by design. */
export const userCars = pgTable(
  'user_cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    brandId: text('brand_id').notNull().references(() => vehicleBrands.id),
    modelId: text('model_id').notNull().references(() => vehicleModels.id),
    year: integer('year'),
    variantId: text('variant_id').references(() => vehicleVariants.id),
    current: boolean('current').notNull().default(false),
    /** The plate given at the customer's last checkout for this car ("" until then). */
    plate: text('plate').notNull().default(''),
    /** Typed by the customer (Malaysia has no public lookup): when the road tax and the insurance run out. */
    roadTaxExpiry: date('road_tax_expiry', { mode: 'string' }),
    insuranceExpiry: date('insurance_expiry', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_cars_user_idx').on(t.userId),
    // The same car once per garage (a null year or variant counts as "any").
    unique('user_cars_same_car_key').on(t.userId, t.modelId, t.year, t.variantId).nullsNotDistinct(),
    // At most one current car per customer, whatever two API processes do at once.
    uniqueIndex('user_cars_one_current_key').on(t.userId).where(sql`current`),
  ],
);

/** Who read an odometer: staff completing a service, or the customer. */
export type ReadingSource = 'staff' | 'customer';

/** A garage car's odometer readings; a reading staff took when completing a service names its order. */
export const odometerReadings = pgTable(
  'odometer_readings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    carId: uuid('car_id')
      .notNull()
      .references(() => userCars.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    km: integer('km').notNull(),
    source: text('source').$type<ReadingSource>().notNull(),
    /** The orders module's order completed with this reading (no cross-module reference by design). */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('odometer_readings_car_idx').on(t.carId, t.date),
    uniqueIndex('odometer_readings_order_key').on(t.orderId),
    check('odometer_readings_km_check', sql`${t.km} >= 0`),
    check('odometer_readings_source_check', sql`${t.source} in ('staff', 'customer')`),
  ],
);
