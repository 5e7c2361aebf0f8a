import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** How an export was asked for: the call (`app/user/data/export`) or the file (`GET …/export.json`). */
export type ExportWay = 'call' | 'file';

/**
 * One row per export of a customer's data (docs/contracts/running-the-business.md §5), written before the
 * document is made: the record of who took their data and when, and what the hourly limit counts.
 * `userId` is the auth module's user; no cross-module reference by design.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    way: text('way').$type<ExportWay>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('data_exports_user_at_idx').on(t.userId, t.at)],
);
