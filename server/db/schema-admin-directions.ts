import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { currencies, money } from './schema-exchange.ts';

/**
 * Every change of a currency's reserve made by an operator (issue 6 §3): the signed amount, the reserve it left and
 * why. Written in the same transaction as the change; completed claims spend reserves without a row here (their own
 * history says so).
 */
export const reserveHistory = pgTable(
  'reserve_history',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    delta: money('delta').notNull(),
    reserveAfter: money('reserve_after').notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reserve_history_currency').on(t.currencyId, t.id)],
);
