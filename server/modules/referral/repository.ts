import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  referralAccounts,
  referralAttributions,
  referralFootprints,
  referralLedger,
  referralWithdrawals,
  type FootprintKind,
  type LedgerKind,
} from '../../db/schema-referral.ts';
import type { SelfReferralReason } from '../../../shared/schemas/referral.ts';
import { users } from '../../db/schema-users.ts';
import { claims } from '../../db/schema-exchange.ts';
import { settingsRepository } from '../../db/settings-repository.ts';

export type ReferralAccountRow = typeof referralAccounts.$inferSelect;
export type WithdrawalRow = typeof referralWithdrawals.$inferSelect;

export interface DateRange {
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

export function referralRepository(db: Db) {
  return {
    ...settingsRepository(db),
    async account(userId: number, tx: Tx = db): Promise<ReferralAccountRow | null> {
      const [row] = await tx.select().from(referralAccounts).where(eq(referralAccounts.userId, userId));
      return row ?? null;
    },

    /** Creates the account with `code` unless the user has one; null when the code is taken by someone else. */
    async createAccount(userId: number, code: string, tx: Tx = db): Promise<ReferralAccountRow | null> {
      const [row] = await tx.insert(referralAccounts).values({ userId, code }).onConflictDoNothing().returning();
      return row ?? (await this.account(userId, tx));
    },

    async accountByCode(code: string, tx: Tx = db): Promise<ReferralAccountRow | null> {
      const [row] = await tx.select().from(referralAccounts).where(eq(referralAccounts.code, code));
      return row ?? null;
    },

    async user(userId: number, tx: Tx = db) {
      const [row] = await tx
        .select({ id: users.id, email: users.email, refferal: users.refferal, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * The customers this partner brought, each counted once by e-mail: those who signed up with the code (the owner
     * excepted) and those whose claims came with the partner (by the code or by the account's referrer) and were not
     * refused as the partner's own (`referral_attributions`, docs/decisions/0017). A guest who pays through the link
     * earns the partner money, so they are invited too.
     */
    async invitedCount(code: string, ownerId: number, tx: Tx = db): Promise<number> {
      // A customer is their account where the claim has one (made logged in, or a guest claim with an account's
      // e-mail), else the claim's e-mail.
      const byEmail = alias(users, 'by_email');
      const signedUp = tx
        .select({ who: sql<string>`'u' || ${users.id}`.as('who') })
        .from(users)
        .where(and(sql`upper(${users.refferal}) = ${code}`, sql`${users.id} <> ${ownerId}`));
      const claimed = tx
        .select({
          who: sql<string>`coalesce('u' || ${claims.userId}, 'u' || ${byEmail.id}, 'e' || lower(${claims.email}))`.as(
            'who',
          ),
        })
        .from(referralAttributions)
        .innerJoin(claims, eq(claims.id, referralAttributions.claimId))
        .leftJoin(byEmail, sql`${byEmail.email} = lower(${claims.email})`)
        .where(and(eq(referralAttributions.partnerId, ownerId), isNull(referralAttributions.refused)));
      const [row] = await tx.select({ n: count() }).from(signedUp.union(claimed).as('invited'));
      return row?.n ?? 0;
    },

    /**
     * Moves a balance by `amount` (signed) together with its ledger row. A debit only happens while the balance covers
     * it (conditional UPDATE): false then, and nothing is written.
     */
    async move(
      entry: { userId: number; kind: LedgerKind; amount: string; claimId?: string; withdrawalId?: number },
      tx: Tx,
    ): Promise<boolean> {
      const changed = await tx
        .update(referralAccounts)
        .set({ balance: sql`${referralAccounts.balance} + ${entry.amount}::numeric` })
        .where(
          and(
            eq(referralAccounts.userId, entry.userId),
            sql`${referralAccounts.balance} + ${entry.amount}::numeric >= 0`,
          ),
        )
        .returning({ userId: referralAccounts.userId });
      if (!changed.length) return false;
      await tx.insert(referralLedger).values(entry);
      return true;
    },

    /** The accrual row of a claim, inserted once: false when the claim was credited already. */
    async claimAccrualRow(userId: number, claimId: string, amount: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .insert(referralLedger)
        .values({ userId, kind: 'accrual', amount, claimId })
        .onConflictDoNothing({ target: referralLedger.claimId })
        .returning({ id: referralLedger.id });
      return rows.length > 0;
    },

    async credit(userId: number, amount: string, tx: Tx) {
      await tx
        .update(referralAccounts)
        .set({ balance: sql`${referralAccounts.balance} + ${amount}::numeric` })
        .where(eq(referralAccounts.userId, userId));
    },

    async ledgerPage(userId: number, range: DateRange, page: number, size: number, tx: Tx = db) {
      const where = and(
        eq(referralLedger.userId, userId),
        range.from ? gte(referralLedger.createdAt, range.from) : undefined,
        range.to ? lt(referralLedger.createdAt, range.to) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(referralLedger).where(where);
      const rows = await tx
        .select({
          id: referralLedger.id,
          kind: referralLedger.kind,
          amount: referralLedger.amount,
          claimId: referralLedger.claimId,
          withdrawalId: referralLedger.withdrawalId,
          createdAt: referralLedger.createdAt,
          withdrawalStatus: referralWithdrawals.status,
        })
        .from(referralLedger)
        .leftJoin(referralWithdrawals, eq(referralWithdrawals.id, referralLedger.withdrawalId))
        .where(where)
        .orderBy(desc(referralLedger.createdAt), desc(referralLedger.id))
        .limit(size)
        .offset((page - 1) * size);
      return { count: total?.n ?? 0, rows };
    },

    async insertWithdrawal(values: typeof referralWithdrawals.$inferInsert, tx: Tx) {
      const [row] = await tx
        .insert(referralWithdrawals)
        .values(values)
        .onConflictDoNothing({ target: [referralWithdrawals.userId, referralWithdrawals.idempotencyKey] })
        .returning();
      return row ?? null;
    },

    async withdrawalByKey(userId: number, key: string, tx: Tx = db) {
      const [row] = await tx
        .select()
        .from(referralWithdrawals)
        .where(and(eq(referralWithdrawals.userId, userId), eq(referralWithdrawals.idempotencyKey, key)));
      return row ?? null;
    },

    async withdrawalsPage(userId: number | null, page: number, size: number, tx: Tx = db) {
      const where = userId === null ? undefined : eq(referralWithdrawals.userId, userId);
      const [total] = await tx.select({ n: count() }).from(referralWithdrawals).where(where);
      const rows = await tx
        .select()
        .from(referralWithdrawals)
        .where(where)
        .orderBy(desc(referralWithdrawals.createdAt), desc(referralWithdrawals.id))
        .limit(size)
        .offset((page - 1) * size);
      return { count: total?.n ?? 0, rows };
    },

    /** Decides a pending withdrawal (conditional: only one decision wins); null when it was not pending. */
    async decideWithdrawal(
      id: number,
      patch: { status: 'paid' | 'rejected'; reference?: string | null; reason?: string | null; decidedBy: string },
      tx: Tx,
    ): Promise<WithdrawalRow | null> {
      const [row] = await tx
        .update(referralWithdrawals)
        .set({ ...patch, decidedAt: new Date() })
        .where(and(eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Marks the footprints as seen now, and forgets the user's footprints older than `days`. */
    async touchFootprints(userId: number, list: { kind: FootprintKind; hash: string }[], days: number, tx: Tx = db) {
      await tx
        .insert(referralFootprints)
        .values(list.map((f) => ({ userId, ...f })))
        .onConflictDoUpdate({
          target: [referralFootprints.userId, referralFootprints.kind, referralFootprints.hash],
          set: { lastSeenAt: sql`now()` },
        });
      await tx
        .delete(referralFootprints)
        .where(
          and(
            eq(referralFootprints.userId, userId),
            sql`${referralFootprints.lastSeenAt} < now() - make_interval(days => ${days})`,
          ),
        );
    },

    /** The kinds of the given footprints that the user left within the last `days` days. */
    async matchingFootprints(
      userId: number,
      list: { kind: FootprintKind; hash: string }[],
      days: number,
      tx: Tx = db,
    ): Promise<FootprintKind[]> {
      if (!list.length) return [];
      const rows = await tx
        .select({ kind: referralFootprints.kind })
        .from(referralFootprints)
        .where(
          and(
            eq(referralFootprints.userId, userId),
            inArray(
              referralFootprints.hash,
              list.map((f) => f.hash),
            ),
            sql`${referralFootprints.lastSeenAt} >= now() - make_interval(days => ${days})`,
          ),
        );
      // The kind is part of the hashed text too, so a hash only ever matches a footprint of its own kind.
      return rows.map((r) => r.kind);
    },

    async insertAttribution(
      row: { claimId: string; partnerId: number; refused: SelfReferralReason | null },
      tx: Tx,
    ): Promise<void> {
      await tx.insert(referralAttributions).values(row).onConflictDoNothing();
    },

    async attribution(claimId: string, tx: Tx = db) {
      const [row] = await tx.select().from(referralAttributions).where(eq(referralAttributions.claimId, claimId));
      return row ?? null;
    },

    /** Sums for the books: what was credited, paid out and is reserved in pending requests, and the balance. */
    async totals(userId: number, tx: Tx = db) {
      const result = (await tx.execute(sql`
        select
          coalesce((select sum(amount) from referral_ledger where user_id = ${userId} and kind = 'accrual'), 0)::text as credited,
          coalesce((select sum(amount) from referral_withdrawals where user_id = ${userId} and status = 'paid'), 0)::text as paid,
          coalesce((select sum(amount) from referral_withdrawals where user_id = ${userId} and status = 'pending'), 0)::text as reserved,
          coalesce((select balance from referral_accounts where user_id = ${userId}), 0)::text as balance
      `)) as unknown as { rows: { credited: string; paid: string; reserved: string; balance: string }[] };
      return result.rows[0]!;
    },
  };
}
export type ReferralRepository = ReturnType<typeof referralRepository>;
