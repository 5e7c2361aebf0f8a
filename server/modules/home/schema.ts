import { integer, jsonb, pgTable, text, boolean } from 'drizzle-orm/pg-core';
import type { Localized } from '../../i18n/localized.ts';

/** Home carousel banners, synced from content/home/banners.json. */
export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  image: text('image').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  subtitle: jsonb('subtitle').$type<Localized>().notNull(),
  alt: jsonb('alt').$type<Localized>().notNull(),
  link: text('link').notNull(),
  /** Car models this banner is aimed at; empty for everyone. */
  models: jsonb('models').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
});
