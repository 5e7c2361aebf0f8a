import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** +60…; null once the account is closed (its number free for a new account). */
  phone: text('phone').unique(),
  name: text('name').notNull().default(''),
  realName: text('real_name').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  useType: integer('use_type').notNull().default(1),
  companyId: integer('company_id').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the customer closed the account (docs/contracts/running-the-business.md §5): the row stays,
   * so the orders kept for the books still name an account, with its phone, names and avatar erased.
   */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

/** What a code is for: logging in, or closing the logged-in customer's account. One is never taken for the other. */
export type CodePurpose = 'login' | 'close';

/** A user key. Only its SHA-256 is kept, so a copy of the table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One row per code sent: also the record the hourly send limits count. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    /** HMAC-SHA256 of phone and code under the server secret. */
    codeHash: text('code_hash').notNull(),
    clientAddress: text('client_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    purpose: text('purpose').$type<CodePurpose>().notNull().default('login'),
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone, t.createdAt.desc()),
    index('otp_codes_address_created_idx').on(t.clientAddress, t.createdAt),
  ],
);

