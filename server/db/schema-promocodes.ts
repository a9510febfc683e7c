import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './schema-exchange.ts';
import { users } from './schema-users.ts';

/**
 * Promocodes (issue 5): a percentage that improves the course of a claim. Public (no `userId`) or assigned to one
 * customer. `usesCount` only grows by a conditional UPDATE under the row's lock; the CHECK is the backstop.
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
    /** Assigned to this customer only (they see it in the account); null: anyone may use it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promocodes_code').on(t.code),
    index('promocodes_user').on(t.userId),
    check('promocodes_uses', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
    check('promocodes_discount', sql`${t.discountPercent} > 0 and ${t.discountPercent} < 100`),
  ],
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
