import { boolean, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import type { Hours } from './hours.ts';

/** Partner workshops, synced from content/stores. */
export const workshops = pgTable('workshops', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  postcode: text('postcode').notNull(),
  state: text('state').notNull(),
  lat: real('lat').notNull(),
  lng: real('lng').notNull(),
  phone: text('phone').notNull(),
  hours: jsonb('hours').$type<Hours>().notNull(),
  services: jsonb('services').$type<string[]>().notNull(),
  bays: integer('bays').notNull(),
  closedOn: jsonb('closed_on').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
});
