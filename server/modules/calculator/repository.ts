import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { currencies, directions, paymentDetails } from '../../db/schema-exchange.ts';
import { settingsRepository } from '../../db/settings-repository.ts';

export type CurrencyRow = typeof currencies.$inferSelect;
export type DirectionRow = typeof directions.$inferSelect;
/**
 * A row with its version: PostgreSQL's `xmin`, which every write of the row changes (whoever writes it, through any
 * code path). Claim creation prices from the in-memory catalogue and lets its INSERT go through only while the rows it
 * priced from still carry these versions (docs/decisions/0029-claims-at-database-speed.md).
 */
export type Versioned<T> = T & { version: string };
const version = sql<string>`xmin::text`;
const currencyColumns = { ...getTableColumns(currencies), version };
const directionColumns = { ...getTableColumns(directions), version };

export type DirectionPatch = Partial<Omit<typeof directions.$inferInsert, 'id' | 'fromCurrencyId' | 'toCurrencyId'>>;

export function calculatorRepository(db: Db) {
  return {
    ...settingsRepository(db),
    listCurrencies: (tx: Tx = db): Promise<Versioned<CurrencyRow>[]> =>
      tx.select(currencyColumns).from(currencies).orderBy(asc(currencies.position), asc(currencies.id)),

    /** Currencies a customer can pay in now: at least one of the operator's payment details is switched on. */
    async payableCurrencyIds(tx: Tx = db): Promise<Set<number>> {
      const rows = await tx
        .selectDistinct({ id: paymentDetails.currencyId })
        .from(paymentDetails)
        .where(eq(paymentDetails.active, true));
      return new Set(rows.map((r) => r.id));
    },

    listDirections: (tx: Tx = db): Promise<Versioned<DirectionRow>[]> =>
      tx.select(directionColumns).from(directions).orderBy(asc(directions.position), asc(directions.id)),

    /** One direction with both currencies, read fresh (claim creation prices from this, never from a cache). */
    async findPair(fromId: number, toId: number, tx: Tx = db) {
      const [direction] = await tx
        .select(directionColumns)
        .from(directions)
        .where(and(eq(directions.fromCurrencyId, fromId), eq(directions.toCurrencyId, toId)));
      if (!direction) return null;
      const rows = await tx
        .select(currencyColumns)
        .from(currencies)
        .where(sql`${currencies.id} in (${fromId}, ${toId})`);
      const from = rows.find((r) => r.id === fromId);
      const to = rows.find((r) => r.id === toId);
      return from && to ? { direction, from, to } : null;
    },

    async updateDirection(id: number, patch: DirectionPatch, tx: Tx = db) {
      const [row] = await tx
        .update(directions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(directions.id, id))
        .returning();
      return row ?? null;
    },

    /** A rate source's new value for every direction priced from it. */
    async setSourceRate(source: string, rate: string, tx: Tx = db) {
      return tx
        .update(directions)
        .set({ sourceRate: rate, sourceUpdatedAt: new Date(), updatedAt: new Date() })
        .where(eq(directions.rateSource, source))
        .returning({ id: directions.id });
    },

    async setReserve(currencyId: number, reserve: string, tx: Tx = db) {
      const [row] = await tx
        .update(currencies)
        .set({ reserve, updatedAt: new Date() })
        .where(eq(currencies.id, currencyId))
        .returning();
      return row ?? null;
    },
  };
}
export type CalculatorRepository = ReturnType<typeof calculatorRepository>;
