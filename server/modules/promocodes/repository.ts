import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { promocodeCustomers, promocodes, promocodeUses } from '../../db/schema-promocodes.ts';

export type PromocodeRow = typeof promocodes.$inferSelect;
export type PromocodeInsert = typeof promocodes.$inferInsert;

export function promocodesRepository(db: Db) {
  return {
    async byCode(code: string, tx: Tx = db): Promise<PromocodeRow | null> {
      const [row] = await tx.select().from(promocodes).where(eq(promocodes.code, code));
      return row ?? null;
    },

    /** The row locked for this transaction: every use of one code queues here, so per-customer counts hold. */
    async lock(id: number, tx: Tx): Promise<PromocodeRow | null> {
      const [row] = await tx.select().from(promocodes).where(eq(promocodes.id, id)).for('update');
      return row ?? null;
    },

    /** Uses by one customer: their account's, or for a guest the e-mail's. */
    async usesBy(id: number, who: { userId?: number | undefined; email: string }, tx: Tx = db): Promise<number> {
      const whose =
        who.userId !== undefined
          ? eq(promocodeUses.userId, who.userId)
          : eq(promocodeUses.email, who.email.toLowerCase());
      const [row] = await tx
        .select({ n: count() })
        .from(promocodeUses)
        .where(and(eq(promocodeUses.promocodeId, id), whose));
      return row?.n ?? 0;
    },

    /** Counts one use unless the code is used up (conditional UPDATE): false then. */
    async countUse(id: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(promocodes)
        .set({ usesCount: sql`${promocodes.usesCount} + 1` })
        .where(
          and(
            eq(promocodes.id, id),
            sql`(${promocodes.maxUses} is null or ${promocodes.usesCount} < ${promocodes.maxUses})`,
          ),
        )
        .returning({ id: promocodes.id });
      return rows.length > 0;
    },

    async insertUse(values: typeof promocodeUses.$inferInsert, tx: Tx) {
      await tx.insert(promocodeUses).values(values);
    },

    /** The discount of the code whose use `claimId` holds, or null when it holds none (never had one, or gave it back). */
    async heldDiscount(claimId: string, tx: Tx = db): Promise<string | null> {
      const [row] = await tx
        .select({ discount: promocodes.discountPercent })
        .from(promocodeUses)
        .innerJoin(promocodes, eq(promocodes.id, promocodeUses.promocodeId))
        .where(eq(promocodeUses.claimId, claimId));
      return row?.discount ?? null;
    },

    /** Gives a claim's use back (the claim ended unpaid): the row goes and the count drops, once. */
    async releaseUse(claimId: string, tx: Tx): Promise<boolean> {
      const [use] = await tx.delete(promocodeUses).where(eq(promocodeUses.claimId, claimId)).returning();
      if (!use) return false;
      await tx
        .update(promocodes)
        .set({ usesCount: sql`greatest(${promocodes.usesCount} - 1, 0)` })
        .where(eq(promocodes.id, use.promocodeId));
      return true;
    },

    /** Codes assigned to the customer (on the code's list). */
    async ofUser(userId: number, tx: Tx = db): Promise<PromocodeRow[]> {
      return tx
        .select({ code: promocodes })
        .from(promocodeCustomers)
        .innerJoin(promocodes, eq(promocodes.id, promocodeCustomers.promocodeId))
        .where(eq(promocodeCustomers.userId, userId))
        .orderBy(asc(promocodes.id))
        .then((rows) => rows.map((r) => r.code));
    },

    /** Whether the code is assigned at all (a list exists), and whether `userId` is on its list. */
    async assignment(id: number, userId: number | undefined, tx: Tx = db) {
      const [row] = await tx
        .select({
          listed: count(),
          mine: sql<number>`count(*) filter (where ${promocodeCustomers.userId} = ${userId ?? null})::int`,
        })
        .from(promocodeCustomers)
        .where(eq(promocodeCustomers.promocodeId, id));
      return { assigned: (row?.listed ?? 0) > 0, mine: (row?.mine ?? 0) > 0 };
    },

    /** Replaces the code's list of customers (empty: public). */
    async setCustomers(id: number, userIds: number[], tx: Tx = db) {
      await tx.delete(promocodeCustomers).where(eq(promocodeCustomers.promocodeId, id));
      if (userIds.length) {
        await tx.insert(promocodeCustomers).values(userIds.map((userId) => ({ promocodeId: id, userId })));
      }
    },

    async insert(values: PromocodeInsert, tx: Tx = db): Promise<PromocodeRow> {
      const [row] = await tx.insert(promocodes).values(values).returning();
      return row!;
    },
  };
}
export type PromocodesRepository = ReturnType<typeof promocodesRepository>;
