import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ClaimStatusValue } from '../../../../shared/schemas/exchange.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { claims, currencies } from '../../../db/schema-exchange.ts';
import { referralWithdrawals } from '../../../db/schema-referral.ts';
import { waitingForOperator } from '../claims/repository.ts';

/** The dashboard's reads: a handful of aggregate queries on indexed columns (claims by created_at and by status). */
export function dashboardRepository(db: Db) {
  return {
    /** Claims created since `start`, per status as the console shows it (an unpaid one past its deadline: expired). */
    async createdSince(start: Date, tx: Tx = db) {
      const status = sql<ClaimStatusValue>`(case when ${claims.status} = 'new' and ${claims.expiresAt} < now() then 'expired' else ${claims.status} end)`;
      return tx.select({ status, n: count() }).from(claims).where(gte(claims.createdAt, start)).groupBy(status);
    },

    /**
     * Completed since `start`, per direction: sums of each side (numeric, as text). Completion is final, so the
     * claim's `updated_at` is the completion's time.
     */
    async completedSince(start: Date, tx: Tx = db) {
      return tx
        .select({
          directionId: claims.directionId,
          fromCurrencyId: claims.fromCurrencyId,
          toCurrencyId: claims.toCurrencyId,
          fromSum: sql<string>`sum(${claims.fromAmount})::text`,
          toSum: sql<string>`sum(${claims.toAmount})::text`,
          n: count(),
        })
        .from(claims)
        .where(and(eq(claims.status, 'completed'), gte(claims.updatedAt, start)))
        .groupBy(claims.directionId, claims.fromCurrencyId, claims.toCurrencyId)
        .orderBy(claims.directionId);
    },

    /**
     * What waits for an operator, per status: the queue's `waiting` filter, so each tile adds up to it. Its `requoted`
     * row counts only offers that lapsed unanswered (a live one waits for the customer).
     */
    async waiting(tx: Tx = db) {
      return tx
        .select({ status: claims.status, n: count() })
        .from(claims)
        .where(waitingForOperator)
        .groupBy(claims.status);
    },

    async pendingWithdrawals(tx: Tx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(referralWithdrawals)
        .where(eq(referralWithdrawals.status, 'pending'));
      return row?.n ?? 0;
    },

    currencies: (ids: number[], tx: Tx = db) =>
      ids.length
        ? tx
            .select({
              id: currencies.id,
              code: currencies.code,
              symbol: currencies.symbol,
              decimals: currencies.decimals,
            })
            .from(currencies)
            .where(inArray(currencies.id, ids))
        : Promise.resolve([]),
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
