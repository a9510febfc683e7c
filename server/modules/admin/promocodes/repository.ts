import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { promocodes } from '../../../db/schema-promocodes.ts';
import { users } from '../../../db/schema-users.ts';

export function adminPromocodesRepository(db: Db) {
  const columns = { code: promocodes, assignedTo: users.email };
  return {
    async list(page: { page: number; size: number }) {
      const [total] = await db.select({ n: count() }).from(promocodes);
      const rows = await db
        .select(columns)
        .from(promocodes)
        .leftJoin(users, eq(users.id, promocodes.userId))
        .orderBy(desc(promocodes.createdAt), desc(promocodes.id))
        .limit(page.size)
        .offset((page.page - 1) * page.size);
      return { count: total?.n ?? 0, rows };
    },

    async get(id: number, tx: Tx = db) {
      const [row] = await tx
        .select(columns)
        .from(promocodes)
        .leftJoin(users, eq(users.id, promocodes.userId))
        .where(eq(promocodes.id, id));
      return row ?? null;
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(promocodes).where(eq(promocodes.id, id)).for('update');
      return row ?? null;
    },

    async userId(email: string, tx: Tx = db): Promise<number | null> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id ?? null;
    },

    /** Null when the code is taken (the unique index decides). */
    async insert(values: typeof promocodes.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(promocodes).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async codeTaken(code: string, exceptId: number, tx: Tx) {
      const [row] = await tx.select({ id: promocodes.id }).from(promocodes).where(eq(promocodes.code, code));
      return !!row && row.id !== exceptId;
    },

    async update(id: number, values: Partial<typeof promocodes.$inferInsert>, tx: Tx) {
      const [row] = await tx.update(promocodes).set(values).where(eq(promocodes.id, id)).returning();
      return row!;
    },
  };
}
export type AdminPromocodesRepository = ReturnType<typeof adminPromocodesRepository>;
