import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../contract/console.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * People who work the operations console (docs/contracts/orders.md §4), by the phone they log in with: a
 * staff member may be added before their first login. Removing keeps the row (the audit log
 * names it) and ends access on the next call; one current row per phone.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** +60… as the login stores it. */
    phone: text('phone').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** Workshop staff: their workshop; admins: null. */
    storeId: text('store_id'),
    /** Who added them: "content" (demo staff), "command", or a staff phone. */
    addedBy: text('added_by').notNull(),
    addedAt: at('added_at').notNull(),
    removedAt: at('removed_at'),
  },
  (t) => [
    uniqueIndex('staff_current_phone_key').on(t.phone).where(sql`${t.removedAt} is null`),
    check('staff_role_check', sql`(${t.role} = 'admin' and ${t.storeId} is null) or (${t.role} = 'workshop' and ${t.storeId} is not null)`),
  ],
);
