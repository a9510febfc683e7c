import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { reserveHistory } from '../../../db/schema-admin-directions.ts';
import { currencies, directions } from '../../../db/schema-exchange.ts';

export type DirectionRow = typeof directions.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;

export function adminDirectionsRepository(db: Db) {
  return {
    directions: (tx: Tx = db) => tx.select().from(directions).orderBy(asc(directions.position), asc(directions.id)),
    currencies: (tx: Tx = db) => tx.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.id)),

    async direction(id: number, tx: Tx = db): Promise<DirectionRow | null> {
      const [row] = await tx.select().from(directions).where(eq(directions.id, id));
      return row ?? null;
    },

    /** Whether a direction sends `fromId` and receives `toId` already. */
    async pairExists(fromId: number, toId: number, tx: Tx = db) {
      const [row] = await tx
        .select({ id: directions.id })
        .from(directions)
        .where(and(eq(directions.fromCurrencyId, fromId), eq(directions.toCurrencyId, toId)));
      return !!row;
    },

    /** The direction, locked for the rest of the transaction: two edits of one direction apply one after the other. */
    async lockDirection(id: number, tx: Tx): Promise<DirectionRow | null> {
      const [row] = await tx.select().from(directions).where(eq(directions.id, id)).for('update');
      return row ?? null;
    },

    async updateDirection(id: number, patch: Partial<typeof directions.$inferInsert>, tx: Tx) {
      const [row] = await tx
        .update(directions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(directions.id, id))
        .returning();
      return row!;
    },

    /** Null when the pair exists already (the unique index decides, so two racing creates cannot both win). */
    async insertDirection(values: typeof directions.$inferInsert, tx: Tx): Promise<DirectionRow | null> {
      const [row] = await tx.insert(directions).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Null when the code is taken (the unique index decides). */
    async insertCurrency(values: typeof currencies.$inferInsert, tx: Tx): Promise<CurrencyRow | null> {
      const [row] = await tx.insert(currencies).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The currency, locked for the transaction: edits of one currency (and its reserve changes) queue. */
    async lockCurrency(id: number, tx: Tx): Promise<CurrencyRow | null> {
      const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
      return row ?? null;
    },

    async updateCurrency(id: number, patch: Partial<typeof currencies.$inferInsert>, tx: Tx) {
      const [row] = await tx
        .update(currencies)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(currencies.id, id))
        .returning();
      return row!;
    },

    /**
     * The two currencies of a direction, share-locked for the transaction: a rounding checked against their decimals
     * stays valid, because a currency edit (FOR UPDATE) waits for this transaction and sees its rounding.
     */
    async sidesShared(fromId: number, toId: number, tx: Tx) {
      const rows = await tx
        .select()
        .from(currencies)
        .where(or(eq(currencies.id, fromId), eq(currencies.id, toId)))
        .for('share');
      return { from: rows.find((r) => r.id === fromId) ?? null, to: rows.find((r) => r.id === toId) ?? null };
    },

    async codeTaken(code: string, exceptId: number, tx: Tx) {
      const [row] = await tx
        .select({ id: currencies.id })
        .from(currencies)
        .where(and(eq(currencies.code, code), sql`${currencies.id} <> ${exceptId}`));
      return !!row;
    },

    /** The largest rounding any direction applies to the currency (its send side or its receive side), or null. */
    async maxRound(currencyId: number, tx: Tx) {
      const [row] = await tx
        .select({
          dp: sql<number | null>`max(case when ${directions.fromCurrencyId} = ${currencyId}
            then ${directions.fromRound} else ${directions.toRound} end)`,
        })
        .from(directions)
        .where(or(eq(directions.fromCurrencyId, currencyId), eq(directions.toCurrencyId, currencyId)));
      return row?.dp === null || row?.dp === undefined ? null : Number(row.dp);
    },

    async currency(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
      return row ?? null;
    },

    /**
     * Adds `delta` to the reserve unless that takes it below zero or past what numeric(36,18) holds (one conditional
     * UPDATE: concurrent changes and claim completions cannot interleave into a negative or overflowing reserve). Null
     * when refused.
     */
    async changeReserve(id: number, delta: string, tx: Tx) {
      const [row] = await tx
        .update(currencies)
        .set({ reserve: sql`${currencies.reserve} + ${delta}::numeric`, updatedAt: new Date() })
        .where(
          and(
            eq(currencies.id, id),
            sql`${currencies.reserve} + ${delta}::numeric >= 0`,
            sql`${currencies.reserve} + ${delta}::numeric < 1e18`,
          ),
        )
        .returning({ reserve: currencies.reserve });
      return row ?? null;
    },

    async addReserveHistory(values: typeof reserveHistory.$inferInsert, tx: Tx) {
      await tx.insert(reserveHistory).values(values);
    },

    async reserveHistory(currencyId: number, page: { page: number; size: number }) {
      const where = eq(reserveHistory.currencyId, currencyId);
      const [total] = await db.select({ n: count() }).from(reserveHistory).where(where);
      const rows = await db
        .select()
        .from(reserveHistory)
        .where(where)
        .orderBy(desc(reserveHistory.id))
        .limit(page.size)
        .offset((page.page - 1) * page.size);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type AdminDirectionsRepository = ReturnType<typeof adminDirectionsRepository>;
