import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ProductContent } from './content.ts';

/**
 * Products synced from content/catalog. Prices sit in their own columns because orders
 * read them at purchase; the rest of the content is kept whole.
 */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  category: text('category').notNull(),
  partsSen: integer('parts_sen').notNull(),
  listPriceSen: integer('list_price_sen').notNull(),
  labourSen: jsonb('labour_sen').$type<ProductContent['labourSen']>().notNull(),
  content: jsonb('content').$type<ProductContent>().notNull(),
  active: boolean('active').notNull().default(true),
});
