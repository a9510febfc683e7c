import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  claimHistory,
  claims,
  currencies,
  paymentDetails,
  type ClaimStatus,
  type PaymentDetailSnapshot,
} from '../../db/schema-exchange.ts';

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimInsert = typeof claims.$inferInsert;

/** Rows of raw SQL: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function claimsRepository(db: Db) {
  return {
    /**
     * Inserts a claim unless its Idempotency-Key is taken: null then (the unique index decides, so parallel requests
     * with one key wait for the first and create nothing).
     */
    async insert(values: ClaimInsert, tx: Tx = db): Promise<ClaimRow | null> {
      const [row] = await tx
        .insert(claims)
        .values(values)
        .onConflictDoNothing({ target: claims.idempotencyKey })
        .returning();
      return row ?? null;
    },

    async find(id: string, tx: Tx = db): Promise<ClaimRow | null> {
      const [row] = await tx.select().from(claims).where(eq(claims.id, id));
      return row ?? null;
    },

    async findByKey(key: string, tx: Tx = db): Promise<ClaimRow | null> {
      const [row] = await tx.select().from(claims).where(eq(claims.idempotencyKey, key));
      return row ?? null;
    },

    currencies: (ids: number[], tx: Tx = db) => tx.select().from(currencies).where(inArray(currencies.id, ids)),

    history: (claimId: string, tx: Tx = db) =>
      tx.select().from(claimHistory).where(eq(claimHistory.claimId, claimId)).orderBy(asc(claimHistory.id)),

    async addHistory(
      rows: {
        claimId: string;
        fromStatus: ClaimStatus | null;
        toStatus: ClaimStatus;
        actor: string;
        reason: string | null;
        note?: string | null;
        reference?: string | null;
        amounts?: { course: string; toSumma: string; validUntil?: string } | null;
      }[],
      tx: Tx = db,
    ) {
      if (rows.length) await tx.insert(claimHistory).values(rows);
    },

    /**
     * The next of the currency's payment details, least recently used first. SKIP LOCKED lets parallel claims take
     * different details; when every one is taken right now, the least recently used is shared rather than waited for.
     */
    async takePaymentDetail(currencyId: number, tx: Tx = db): Promise<PaymentDetailSnapshot | null> {
      type Row = {
        id: number;
        label: PaymentDetailSnapshot['label'];
        value: string;
        holder: string | null;
        memo: string | null;
      };
      const [taken] = await rowsOf<Row>(
        tx,
        sql`update ${paymentDetails} set usage_count = usage_count + 1, last_used_at = clock_timestamp()
            where id = (select id from ${paymentDetails} where currency_id = ${currencyId} and active
                        order by last_used_at asc nulls first, id limit 1 for update skip locked)
            returning id, label, value, holder, memo`,
      );
      if (taken) return taken;
      const [shared] = await tx
        .select({
          id: paymentDetails.id,
          label: paymentDetails.label,
          value: paymentDetails.value,
          holder: paymentDetails.holder,
          memo: paymentDetails.memo,
        })
        .from(paymentDetails)
        .where(sql`${paymentDetails.currencyId} = ${currencyId} and ${paymentDetails.active}`)
        .orderBy(sql`${paymentDetails.lastUsedAt} asc nulls first`, asc(paymentDetails.id))
        .limit(1);
      return shared ?? null;
    },

    /**
     * Conditional status change: only from one of `from` (and, with `unexpired`, only before the deadline). Returns
     * the claim and its previous status, or null when another change won (the caller reads the claim again).
     */
    async setStatus(
      id: string,
      from: ClaimStatus[],
      to: ClaimStatus,
      opts: { unexpired?: boolean },
      tx: Tx = db,
    ): Promise<{ claim: ClaimRow; previous: ClaimStatus } | null> {
      const fromList = sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      );
      const deadline = opts.unexpired ? sql` and old.expires_at > now()` : sql``;
      const [row] = await rowsOf<{ id: string; previous: ClaimStatus }>(
        tx,
        sql`update ${claims} c set status = ${to}, updated_at = now()
            from (select id, status, expires_at from ${claims} where id = ${id} for update) old
            where c.id = old.id and old.status in (${fromList})${deadline}
            returning c.id, old.status as previous`,
      );
      if (!row) return null;
      const claim = await this.find(id, tx);
      return claim ? { claim, previous: row.previous } : null;
    },

    /** Unpaid claims past their deadline, marked expired (up to `limit`, rows other sweepers hold are skipped). */
    async expireDue(limit: number, tx: Tx = db): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        tx,
        sql`update ${claims} c set status = 'expired', updated_at = now()
            from (select id from ${claims} where status = 'new' and expires_at < now()
                  order by expires_at limit ${limit} for update skip locked) due
            where c.id = due.id and c.status = 'new'
            returning c.id`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * One customer's claims, newest first. An unpaid claim past its deadline reads (and filters) as expired even before
     * the sweep marks it, so the list never shows a dead claim as payable.
     */
    async listOfUser(userId: number, q: { page: number; size: number; status?: ClaimStatus | undefined }, tx: Tx = db) {
      const effective = sql`(case when ${claims.status} = 'new' and ${claims.expiresAt} < now() then 'expired' else ${claims.status} end)`;
      const where = and(eq(claims.userId, userId), q.status ? sql`${effective} = ${q.status}` : undefined);
      const [total] = await tx.select({ n: count() }).from(claims).where(where);
      const rows = await tx
        .select({
          id: claims.id,
          createdAt: claims.createdAt,
          status: sql<ClaimStatus>`${effective}`,
          course: claims.course,
          fromCurrencyId: claims.fromCurrencyId,
          toCurrencyId: claims.toCurrencyId,
          fromAmount: claims.fromAmount,
          toAmount: claims.toAmount,
        })
        .from(claims)
        .where(where)
        .orderBy(desc(claims.createdAt), desc(claims.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },

    /** The payout's reference, written by the completion (operator console). */
    /** Sets columns of a claim whose status the caller just changed in `tx` (the row is locked by that update). */
    async update(
      id: string,
      values: Partial<
        Pick<
          ClaimRow,
          | 'txid'
          | 'customerComment'
          | 'offerCourse'
          | 'offerToAmount'
          | 'offerValidUntil'
          | 'refundRequisites'
          | 'course'
          | 'toAmount'
          | 'payoutReference'
        >
      >,
      tx: Tx,
    ): Promise<ClaimRow | null> {
      const [row] = await tx
        .update(claims)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(claims.id, id))
        .returning();
      return row ?? null;
    },

    async setPayoutReference(id: string, reference: string, tx: Tx = db): Promise<ClaimRow | null> {
      const [row] = await tx.update(claims).set({ payoutReference: reference }).where(eq(claims.id, id)).returning();
      return row ?? null;
    },

    /** Pays the reserve out of the receive currency when a claim completes (never below zero). */
    async spendReserve(currencyId: number, amount: string, tx: Tx = db) {
      await tx
        .update(currencies)
        .set({ reserve: sql`greatest(${currencies.reserve} - ${amount}::numeric, 0)`, updatedAt: new Date() })
        .where(eq(currencies.id, currencyId));
    },
  };
}
export type ClaimsRepository = ReturnType<typeof claimsRepository>;
