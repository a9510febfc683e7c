import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { reserveHistory } from '../../../db/schema-admin-directions.ts';
import { currencies, directions } from '../../../db/schema-exchange.ts';

export type DirectionRow = typeof directions.$inferSelect;

export function adminDirectionsRepository(db: Db) {
  return {
    directions: (tx: Tx = db) => tx.select().from(directions).orderBy(asc(directions.position), asc(directions.id)),
    currencies: (tx: Tx = db) => tx.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.id)),

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

    async currency(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(currencies).where(eq(currencies.id, id));
      return row ?? null;
    },

    /**
     * Adds `delta` to the reserve unless that takes it below zero (one conditional UPDATE: concurrent changes and claim
     * completions cannot interleave into a negative reserve). Null when refused.
     */
    async changeReserve(id: number, delta: string, tx: Tx) {
      const [row] = await tx
        .update(currencies)
        .set({ reserve: sql`${currencies.reserve} + ${delta}::numeric`, updatedAt: new Date() })
        .where(and(eq(currencies.id, id), sql`${currencies.reserve} + ${delta}::numeric >= 0`))
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
