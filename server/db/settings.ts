import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide values generated once and shared by every API process (e.g. the OTP secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
