import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { currencies, directions, paymentDetails } from '../../../db/schema-exchange.ts';

export type PaymentDetailRow = typeof paymentDetails.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;

export function adminPaymentDetailsRepository(db: Db) {
  const columns = { detail: paymentDetails, currency: currencies };
  return {
    /** Details of one currency (or all), by the currency's position, then active first and oldest first. */
    async list(q: { currencyId?: number | undefined; active?: boolean | undefined; page: number; size: number }) {
      const where = and(
        q.currencyId === undefined ? undefined : eq(paymentDetails.currencyId, q.currencyId),
        q.active === undefined ? undefined : eq(paymentDetails.active, q.active),
      );
      const [total] = await db.select({ n: count() }).from(paymentDetails).where(where);
      const rows = await db
        .select(columns)
        .from(paymentDetails)
        .innerJoin(currencies, eq(currencies.id, paymentDetails.currencyId))
        .where(where)
        .orderBy(
          asc(currencies.position),
          asc(currencies.id),
          sql`${paymentDetails.active} desc`,
          asc(paymentDetails.id),
        )
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },

    async get(id: number, tx: Tx = db) {
      const [row] = await tx
        .select(columns)
        .from(paymentDetails)
        .innerJoin(currencies, eq(currencies.id, paymentDetails.currencyId))
        .where(eq(paymentDetails.id, id));
      return row ?? null;
    },

    async currencyByCode(code: string, tx: Tx = db): Promise<CurrencyRow | null> {
      const [row] = await tx.select().from(currencies).where(eq(currencies.code, code));
      return row ?? null;
    },

    /**
     * Every currency with its active details and the active directions paying in it (the customer's side: a claim
     * takes a detail of the currency it sends).
     */
    coverage: (tx: Tx = db) =>
      tx
        .select({
          currency: currencies,
          // Spelled out: drizzle leaves columns unqualified inside a select's sql, and `id` would mean the inner table's.
          activeDetails: sql<number>`(select count(*)::int from payment_details pd
            where pd.currency_id = "currencies"."id" and pd.active)`,
          activeDirections: sql<number>`(select count(*)::int from directions d
            where d.from_currency_id = "currencies"."id" and d.active)`,
        })
        .from(currencies)
        .orderBy(asc(currencies.position), asc(currencies.id)),

    /**
     * Locks every detail of the currency for the rest of the transaction, so two operators switching off its last two
     * details one each cannot both see "one more is left". Answers how many are active.
     */
    async lockPool(currencyId: number, tx: Tx): Promise<number> {
      const rows = await tx
        .select({ active: paymentDetails.active })
        .from(paymentDetails)
        .where(eq(paymentDetails.currencyId, currencyId))
        .orderBy(asc(paymentDetails.id))
        .for('update');
      return rows.filter((r) => r.active).length;
    },

    async activeDirections(currencyId: number, tx: Tx): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(directions)
        .where(and(eq(directions.fromCurrencyId, currencyId), eq(directions.active, true)));
      return row?.n ?? 0;
    },

    /**
     * The currency's row, locked for the rest of the transaction: two operators adding the same card at once queue
     * here, so the second sees the first's row (`sameValue`). `FOR NO KEY UPDATE`, not `FOR UPDATE`: a claim being
     * inserted holds its payment detail and takes `FOR KEY SHARE` on the currency for its foreign key, which this
     * lock lets through; `FOR UPDATE` would wait on it while the claim waits on the detail this edit locks next.
     */
    async lockCurrency(id: number, tx: Tx): Promise<CurrencyRow | null> {
      const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('no key update');
      return row ?? null;
    },

    /** Another detail of the currency with this (normalised) value, on or off: its id, or null. */
    async sameValue(currencyId: number, value: string, exceptId: number | null, tx: Tx): Promise<number | null> {
      const [row] = await tx
        .select({ id: paymentDetails.id })
        .from(paymentDetails)
        .where(
          and(
            eq(paymentDetails.currencyId, currencyId),
            eq(paymentDetails.value, value),
            exceptId === null ? undefined : ne(paymentDetails.id, exceptId),
          ),
        )
        .orderBy(asc(paymentDetails.id))
        .limit(1);
      return row?.id ?? null;
    },

    async lock(id: number, tx: Tx): Promise<PaymentDetailRow | null> {
      const [row] = await tx.select().from(paymentDetails).where(eq(paymentDetails.id, id)).for('update');
      return row ?? null;
    },

    async insert(values: typeof paymentDetails.$inferInsert, tx: Tx): Promise<PaymentDetailRow> {
      const [row] = await tx.insert(paymentDetails).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<typeof paymentDetails.$inferInsert>, tx: Tx): Promise<PaymentDetailRow> {
      const [row] = await tx.update(paymentDetails).set(values).where(eq(paymentDetails.id, id)).returning();
      return row!;
    },
  };
}
export type AdminPaymentDetailsRepository = ReturnType<typeof adminPaymentDetailsRepository>;
