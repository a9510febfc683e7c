import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClaimStatusValue } from '../../../../shared/schemas/exchange.ts';
import { waitingStatuses, type ClaimQueueFilter } from '../../../../shared/schemas/admin-claims.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { claims, currencies } from '../../../db/schema-exchange.ts';
import { referralAttributions, referralLedger } from '../../../db/schema-referral.ts';
import { users } from '../../../db/schema-users.ts';

export interface ClaimQueueQuery {
  page: number;
  size: number;
  status?: ClaimQueueFilter | undefined;
  q?: string | undefined;
}

/** The operator's text taken literally in a LIKE pattern: %, _ and \ are escaped. */
const literal = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * A claim's status as the console shows it: an unpaid claim past its deadline is expired even before the sweep marks
 * it (as the customer's list does), so no operator acts on a dead claim believing it payable.
 */
const effective = sql<ClaimStatusValue>`(case when ${claims.status} = 'new' and ${claims.expiresAt} < now() then 'expired' else ${claims.status} end)`;

/**
 * A re-quoted claim whose offer lapsed unanswered: the customer's money is here and only the operator can move it on
 * (a new offer, or a refund). Read against the database clock at query time, as `effective` reads a deadline: no job
 * marks it. An offer still holding waits for the customer.
 */
const offerLapsed = sql`(${claims.status} = 'requoted' and ${claims.offerValidUntil} <= now())`;

/** Claims that wait for an operator: the `waitingStatuses`, and a lapsed offer. The queue and the dashboard share it. */
export const waitingForOperator: SQL = or(inArray(claims.status, [...waitingStatuses]), offerLapsed)!;

export function adminClaimsRepository(db: Db) {
  const fromCurrency = alias(currencies, 'from_currency');
  const toCurrency = alias(currencies, 'to_currency');

  return {
    /**
     * The queue: newest first, or with `waiting` (and `offer_lapsed`, a part of it) the oldest waiting claim first
     * (first come, first served). `q` finds
     * a claim by its uuid or number (the uuid's first characters), the customer's e-mail, either side's requisites
     * or the payout reference.
     */
    async list(query: ClaimQueueQuery, tx: Tx = db) {
      const where: SQL[] = [];
      if (query.status === 'waiting') where.push(waitingForOperator);
      else if (query.status === 'offer_lapsed') where.push(offerLapsed);
      // Only 'new' and 'expired' differ from the stored status: the others use the (status, created_at) index.
      else if (query.status === 'new' || query.status === 'expired') where.push(sql`${effective} = ${query.status}`);
      else if (query.status) where.push(eq(claims.status, query.status));
      if (query.q) {
        const like = `%${literal(query.q)}%`;
        where.push(
          or(
            sql`${claims.id}::text like ${`${literal(query.q.toLowerCase())}%`}`,
            ilike(claims.email, like),
            sql`${claims.fromRequisites}::text ilike ${like}`,
            sql`${claims.toRequisites}::text ilike ${like}`,
            ilike(claims.payoutReference, like),
          )!,
        );
      }
      const cond = where.length ? and(...where) : undefined;
      const [total] = await tx.select({ n: count() }).from(claims).where(cond);
      const order =
        query.status === 'waiting' || query.status === 'offer_lapsed'
          ? [asc(claims.createdAt), asc(claims.id)]
          : [desc(claims.createdAt), desc(claims.id)];
      const rows = await tx
        .select({
          id: claims.id,
          createdAt: claims.createdAt,
          updatedAt: claims.updatedAt,
          status: effective,
          email: claims.email,
          offerLapsedAt: sql<Date | null>`(case when ${offerLapsed} then ${claims.offerValidUntil} end)`.mapWith(
            claims.offerValidUntil,
          ),
          fromAmount: claims.fromAmount,
          toAmount: claims.toAmount,
          fromCode: fromCurrency.code,
          fromSymbol: fromCurrency.symbol,
          fromDecimals: fromCurrency.decimals,
          fromLogo: fromCurrency.logo,
          toCode: toCurrency.code,
          toSymbol: toCurrency.symbol,
          toDecimals: toCurrency.decimals,
          toLogo: toCurrency.logo,
        })
        .from(claims)
        .innerJoin(fromCurrency, eq(fromCurrency.id, claims.fromCurrencyId))
        .innerJoin(toCurrency, eq(toCurrency.id, claims.toCurrencyId))
        .where(cond)
        .orderBy(...order)
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return { count: total?.n ?? 0, rows };
    },

    /** E-mails of accounts (the claim's customer, the operators in its history). */
    async emails(ids: number[], tx: Tx = db): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    /** The partner's accrual for a claim (one at most: the ledger's unique claim id), with the partner's e-mail. */
    async accrual(claimId: string, tx: Tx = db) {
      const [row] = await tx
        .select({ amount: referralLedger.amount, partner: users.email })
        .from(referralLedger)
        .innerJoin(users, eq(users.id, referralLedger.userId))
        .where(and(eq(referralLedger.claimId, claimId), eq(referralLedger.kind, 'accrual')));
      return row ?? null;
    },

    /** A self-referral's refusal (docs/decisions/0017): the partner who is not paid for the claim, and why. */
    /** The partner the claim came with, and why it does not credit them (a self-referral) or null; null: none. */
    async attribution(claimId: string, tx: Tx = db) {
      const [row] = await tx
        .select({ reason: referralAttributions.refused, partner: users.email })
        .from(referralAttributions)
        .innerJoin(users, eq(users.id, referralAttributions.partnerId))
        .where(eq(referralAttributions.claimId, claimId));
      return row ?? null;
    },
  };
}
export type AdminClaimsRepository = ReturnType<typeof adminClaimsRepository>;
