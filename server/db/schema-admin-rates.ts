import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { RateSourceProblem } from '../../shared/schemas/admin-rates.ts';
import { rateSourceNames } from '../../shared/rate-sources.ts';
import { money } from './schema-exchange.ts';

/**
 * Every rate a source refresh read for a symbol some direction uses (issue 6 §4): the course history an operator
 * checks a complaint against. `source` is one of shared/rate-sources.ts, `symbol` what follows the colon in a
 * direction's `rate_source`.
 */
export const rateHistory = pgTable(
  'rate_history',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: rateSourceNames }).notNull(),
    symbol: text('symbol').notNull(),
    rate: money('rate').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rate_history_symbol').on(t.source, t.symbol, t.id),
    // The console's rates page asks which direction rates a refresh wrote (by their time): without it, a scan of
    // every rate ever read on each page load (docs/admin/rates.md).
    index('rate_history_fetched_at').on(t.fetchedAt),
  ],
);

/** Each source's last fetch: when, whether it worked and the error it gave (one row per source, upserted). */
export const rateSources = pgTable('rate_sources', {
  source: text('source', { enum: rateSourceNames }).primaryKey(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** The kind of that error, as the service decided it (migration 0017 filled it in for errors stored before). */
  lastProblem: jsonb('last_problem').$type<RateSourceProblem>(),
});
