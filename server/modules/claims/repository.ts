import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema-users.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  claimHistory,
  claims,
  currencies,
  directions,
  paymentDetails,
  type ClaimStatus,
} from '../../db/schema-exchange.ts';
import { settings } from '../../db/schema.ts';
import { mailOutbox } from '../../db/schema-mail.ts';
import { fixedStatement, tableRows } from '../../db/prepared.ts';

export type ClaimRow = typeof claims.$inferSelect;
type ClaimInsert = typeof claims.$inferInsert;

/** What a new claim writes: its columns as priced, without the payment detail (taken by the INSERT) and the times. */
export type NewClaim = Required<
  Pick<
    ClaimInsert,
    | 'email'
    | 'locale'
    | 'directionId'
    | 'fromCurrencyId'
    | 'toCurrencyId'
    | 'fromAmount'
    | 'toAmount'
    | 'course'
    | 'breakdown'
    | 'fromRequisites'
    | 'toRequisites'
    | 'userId'
    | 'refferal'
    | 'promocode'
    | 'idempotencyKey'
    | 'requestHash'
  >
>;

/** The row versions (xmin) a claim was priced from: the INSERT happens only while they are still current. */
export interface PricedFrom {
  direction: string;
  from: string;
  to: string;
}

/**
 * How a creation went: `stale` (a row priced from changed since, or maintenance went on: nothing was written),
 * `no_details` (the currency has no payment detail switched on), `key_taken` (another claim holds the Idempotency-Key),
 * or the new claim's id.
 */
export type Creation = { id: string } | 'stale' | 'no_details' | 'key_taken';

/** Rows of raw SQL: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The values of a claim's guarded INSERT (`insertClaim`): the claim's columns, the priced row versions, its window. */
const insertKeys = [
  'email',
  'locale',
  'directionId',
  'fromCurrencyId',
  'toCurrencyId',
  'fromAmount',
  'toAmount',
  'course',
  'breakdown',
  'fromRequisites',
  'toRequisites',
  'userId',
  'refferal',
  'promocode',
  'idempotencyKey',
  'requestHash',
  'directionVersion',
  'fromVersion',
  'toVersion',
  'paymentWindowMinutes',
] as const;
type InsertKey = (typeof insertKeys)[number];

/**
 * A new claim in ONE statement (docs/decisions/0029-claims-at-database-speed.md): guarded by the versions of the
 * direction and both currencies it was priced from, the receive side's reserve and the maintenance flag; the
 * currency's next payment detail (least recently used; SKIP LOCKED lets parallel claims take different ones, and
 * when every one is taken right now, the least recently used is shared rather than waited for); the claim, its
 * first history row and its letter (rendered at delivery). Unless the Idempotency-Key is taken (the unique index
 * decides, so parallel requests with one key wait for the first and create nothing). Its text never changes: written
 * once, prepared where the database allows (server/db/prepared.ts).
 */
const insertClaim = fixedStatement(
  'claim_insert',
  insertKeys,
  (v) => sql`with fresh as (
      select 1 from ${directions} d, ${currencies} f, ${currencies} t
      where d.id = ${v.directionId} and d.xmin::text = ${v.directionVersion}
        and f.id = ${v.fromCurrencyId} and f.xmin::text = ${v.fromVersion}
        and t.id = ${v.toCurrencyId} and t.xmin::text = ${v.toVersion}
        and t.reserve >= ${v.toAmount}::numeric
        and not exists (select 1 from ${settings} s
                        where s.key = 'maintenance' and s.value -> 'enabled' = 'true'::jsonb)),
    picked as (
      select id, label, value, holder, memo from ${paymentDetails}
      where currency_id = ${v.fromCurrencyId} and active and exists (select 1 from fresh)
      order by last_used_at asc nulls first, id limit 1 for update skip locked),
    detail as (
      select * from picked
      union all
      (select id, label, value, holder, memo from ${paymentDetails}
       where currency_id = ${v.fromCurrencyId} and active and exists (select 1 from fresh)
         and not exists (select 1 from picked)
       order by last_used_at asc nulls first, id limit 1)),
    claim as (
      insert into ${claims} (email, locale, direction_id, from_currency_id, to_currency_id, from_amount,
        to_amount, course, breakdown, from_requisites, to_requisites, user_id, refferal, promocode,
        payment_detail, idempotency_key, request_hash, expires_at)
      select ${v.email}, ${v.locale}, ${v.directionId}, ${v.fromCurrencyId}, ${v.toCurrencyId},
        ${v.fromAmount}::numeric, ${v.toAmount}::numeric, ${v.course}::numeric,
        ${v.breakdown}::jsonb, ${v.fromRequisites}::jsonb, ${v.toRequisites}::jsonb, ${v.userId}::integer,
        ${v.refferal}::text, ${v.promocode}::text,
        jsonb_build_object('id', d.id, 'label', d.label, 'value', d.value, 'holder', d.holder, 'memo', d.memo),
        ${v.idempotencyKey}::text, ${v.requestHash}::text, now() + make_interval(mins => ${v.paymentWindowMinutes})
      from detail d
      on conflict (idempotency_key) do nothing
      returning id, email),
    used as (
      update ${paymentDetails} set usage_count = usage_count + 1, last_used_at = clock_timestamp()
      where id in (select id from picked) and exists (select 1 from claim)),
    history as (
      insert into ${claimHistory} (claim_id, from_status, to_status, actor, reason)
      select id, null, 'new', 'customer', 'created' from claim),
    letter as (
      insert into ${mailOutbox} ("to", kind, meta, status)
      select email, 'claim.created', jsonb_build_object('claimId', id), 'pending' from claim)
    select exists (select 1 from fresh) as fresh, exists (select 1 from detail) as detail,
      (select id from claim) as id`,
);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims by their ids (a uuid[] literal). */
const claimsByIds = fixedStatement(
  'claims_by_ids',
  ['ids'],
  (v) => sql`select * from ${claims} where id = any(${v.ids}::uuid[])`,
);

export function claimsRepository(db: Db) {
  return {
    /**
     * The guest claims made with the account's e-mail join the account once that address is proven (activation): a
     * customer who exchanged before signing up finds those claims in "Мои заявки". The e-mail is compared as the
     * accounts store it (lower case); claims already someone's are left as they are.
     */
    async adoptGuestClaims(userId: number, tx: Tx = db): Promise<number> {
      const adopted = await tx
        .update(claims)
        .set({ userId })
        .where(
          and(
            isNull(claims.userId),
            sql`lower(${claims.email}) = (select ${users.email} from ${users} where ${users.id} = ${userId})`,
          ),
        )
        .returning({ id: claims.id });
      return adopted.length;
    },

    /** A new claim in one guarded statement (`insertClaim`), or why none was written. */
    async create(c: NewClaim, pricedFrom: PricedFrom, paymentWindowMinutes: number, tx: Tx = db): Promise<Creation> {
      const values: Record<InsertKey, unknown> = {
        ...c,
        breakdown: JSON.stringify(c.breakdown),
        fromRequisites: JSON.stringify(c.fromRequisites),
        toRequisites: JSON.stringify(c.toRequisites),
        directionVersion: pricedFrom.direction,
        fromVersion: pricedFrom.from,
        toVersion: pricedFrom.to,
        paymentWindowMinutes,
      };
      // Prepared (server/db/prepared.ts), in a caller's transaction too on PostgreSQL; in PGlite's as an ordinary query.
      const rows =
        (await insertClaim.run(tx, values)) ?? (await rowsOf<Record<string, unknown>>(tx, insertClaim.build(values)));
      const row = rows[0];
      // PGlite's prepared path answers text ('t'), the drivers parsed booleans.
      const yes = (v: unknown) => v === true || v === 't';
      if (!row || !yes(row.fresh)) return 'stale';
      if (!yes(row.detail)) return 'no_details';
      return typeof row.id === 'string' ? { id: row.id } : 'key_taken';
    },

    async find(id: string, tx: Tx = db): Promise<ClaimRow | null> {
      const [row] = await tx.select().from(claims).where(eq(claims.id, id));
      return row ?? null;
    },

    /** Claims by id, in no particular order; an id that names no claim (or is no uuid) is left out. */
    async findMany(ids: string[], tx: Tx = db): Promise<ClaimRow[]> {
      const uuids = ids.filter((id) => uuidPattern.test(id));
      if (!uuids.length) return [];
      // Prepared (a delivery round's letters' claims, in its transaction on PostgreSQL: server/db/prepared.ts).
      const prepared = await claimsByIds.run(tx, { ids: `{${uuids.join(',')}}` });
      return prepared ? tableRows(claims, prepared) : tx.select().from(claims).where(inArray(claims.id, uuids));
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
          // An offer of the claim's own terms is named as a confirmation in the list (views.ts `offersOwnTerms`).
          offerCourse: claims.offerCourse,
          offerToAmount: claims.offerToAmount,
          // And an offer past its time as lapsed (views.ts), as the claim page names it.
          offerValidUntil: claims.offerValidUntil,
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
          | 'offerBreakdown'
          | 'breakdown'
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
