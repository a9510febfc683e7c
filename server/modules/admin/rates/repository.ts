import type { RateSourceName } from '../../../../shared/rate-sources.ts';
import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RateHistoryQuery, RateSourceProblem } from '../../../../shared/schemas/admin-rates.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { rateHistory, rateSources } from '../../../db/schema-admin-rates.ts';
import { currencies, directions } from '../../../db/schema-exchange.ts';

/** A failed fetch as stored: the technical text for diagnosis and its kind for the console's words. */
export interface SourceFailureFacts {
  error: string;
  problem: RateSourceProblem;
}

export function adminRatesRepository(db: Db) {
  const fromCur = alias(currencies, 'from_cur');
  const toCur = alias(currencies, 'to_cur');
  return {
    /** Every direction that names a rate source, with its currencies' codes and tickers (to write its course). */
    async sourcedDirections(tx: Tx = db) {
      return tx
        .select({
          d: directions,
          from: fromCur.code,
          to: toCur.code,
          fromSymbol: fromCur.symbol,
          toSymbol: toCur.symbol,
        })
        .from(directions)
        .innerJoin(fromCur, eq(fromCur.id, directions.fromCurrencyId))
        .innerJoin(toCur, eq(toCur.id, directions.toCurrencyId))
        .where(isNotNull(directions.rateSource))
        .orderBy(directions.position, directions.id);
    },

    async sourceStates(tx: Tx = db) {
      return tx.select().from(rateSources);
    },

    async recordAttempt(source: RateSourceName, at: Date, failure: SourceFailureFacts | null, tx: Tx = db) {
      const set =
        failure === null
          ? { lastAttemptAt: at, lastSuccessAt: at, lastError: null, lastProblem: null }
          : { lastAttemptAt: at, lastError: failure.error, lastProblem: failure.problem };
      await tx
        .insert(rateSources)
        .values({ source, ...set })
        .onConflictDoUpdate({ target: rateSources.source, set });
    },

    async addHistory(rows: { source: RateSourceName; symbol: string; rate: string; fetchedAt: Date }[], tx: Tx = db) {
      if (rows.length > 0) await tx.insert(rateHistory).values(rows);
    },

    /** One source symbol's new rate for every direction priced from it. */
    async setSourceRate(rateSource: string, rate: string, at: Date, tx: Tx = db) {
      return tx
        .update(directions)
        .set({ sourceRate: rate, sourceUpdatedAt: at, updatedAt: at })
        .where(eq(directions.rateSource, rateSource))
        .returning({ id: directions.id });
    },

    /**
     * Which of these direction rates a refresh read: `source:symbol@time` of each history row written at one of the
     * times (a refresh writes the history row and the direction's `source_updated_at` with the same time).
     */
    async readRates(times: Date[], tx: Tx = db): Promise<Set<string>> {
      if (times.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ source: rateHistory.source, symbol: rateHistory.symbol, at: rateHistory.fetchedAt })
        .from(rateHistory)
        .where(inArray(rateHistory.fetchedAt, times));
      return new Set(rows.map((r) => `${r.source}:${r.symbol}@${r.at.getTime()}`));
    },

    async history(query: RateHistoryQuery) {
      const where: SQL[] = [];
      if (query.source) where.push(eq(rateHistory.source, query.source));
      if (query.symbol) where.push(eq(rateHistory.symbol, query.symbol));
      const cond = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(rateHistory).where(cond);
      const rows = await db
        .select()
        .from(rateHistory)
        .where(cond)
        .orderBy(desc(rateHistory.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type AdminRatesRepository = ReturnType<typeof adminRatesRepository>;
