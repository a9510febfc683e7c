import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './schema-exchange.ts';
import { users } from './schema-users.ts';

/**
 * Promocodes (issue 5): a percentage that improves the course of a claim. Public (no rows in `promocode_customers`)
 * or assigned to a list of customers. `usesCount` only grows by a conditional UPDATE under the row's lock; the CHECK
 * is the backstop.
 */
export const promocodes = pgTable(
  'promocodes',
  {
    id: serial('id').primaryKey(),
    /** Upper-case; customers type it in any case. */
    code: text('code').notNull(),
    discountPercent: money('discount_percent').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Uses across everyone; null: unlimited. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** Uses per customer (account, or e-mail for a guest); null: unlimited. */
    perCustomer: integer('per_customer').default(1),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promocodes_code').on(t.code),
    check('promocodes_uses', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
    check('promocodes_discount', sql`${t.discountPercent} > 0 and ${t.discountPercent} < 100`),
  ],
);

/**
 * The customers a code is assigned to (issue 6 §5): only they may use it, and they see it in the account. A code
 * with no rows here is public. Replaced the single `promocodes.user_id` (migration 0007 moved its values here).
 */
export const promocodeCustomers = pgTable(
  'promocode_customers',
  {
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // The key answers "is this customer on the code's list"; the index, "which codes are this customer's".
  (t) => [primaryKey({ columns: [t.promocodeId, t.userId] }), index('promocode_customers_user').on(t.userId)],
);

/** One row per claim that used a code; deleted (and the count returned) when that claim ends unpaid. */
export const promocodeUses = pgTable(
  'promocode_uses',
  {
    id: serial('id').primaryKey(),
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id').notNull(),
    userId: integer('user_id'),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promocode_uses_claim').on(t.claimId),
    index('promocode_uses_code_user').on(t.promocodeId, t.userId),
    index('promocode_uses_code_email').on(t.promocodeId, t.email),
  ],
);
