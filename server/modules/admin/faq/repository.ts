import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { faqItems } from '../../../db/schema.ts';

export type FaqRow = typeof faqItems.$inferSelect;

export function adminFaqRepository(db: Db) {
  return {
    list: (tx: Tx = db) => tx.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id)),

    /** Every question, locked in order for the rest of the transaction: a reorder and an add cannot interleave. */
    lockAll: (tx: Tx) => tx.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id)).for('update'),

    async get(id: number, tx: Tx = db): Promise<FaqRow | null> {
      const [row] = await tx.select().from(faqItems).where(eq(faqItems.id, id));
      return row ?? null;
    },

    async lock(id: number, tx: Tx): Promise<FaqRow | null> {
      const [row] = await tx.select().from(faqItems).where(eq(faqItems.id, id)).for('update');
      return row ?? null;
    },

    /** Appends the question after the last one. */
    async insert(values: Pick<FaqRow, 'question' | 'answer'>, tx: Tx): Promise<FaqRow> {
      const [row] = await tx
        .insert(faqItems)
        .values({ ...values, position: sql`(select coalesce(max(position), -1) + 1 from ${faqItems})` })
        .returning();
      return row!;
    },

    async update(id: number, values: Partial<typeof faqItems.$inferInsert>, tx: Tx): Promise<FaqRow> {
      const [row] = await tx.update(faqItems).set(values).where(eq(faqItems.id, id)).returning();
      return row!;
    },

    async delete(id: number, tx: Tx): Promise<FaqRow | null> {
      const [row] = await tx.delete(faqItems).where(eq(faqItems.id, id)).returning();
      return row ?? null;
    },
  };
}
export type AdminFaqRepository = ReturnType<typeof adminFaqRepository>;
