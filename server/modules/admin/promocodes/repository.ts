import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { promocodeCustomers, promocodes } from '../../../db/schema-promocodes.ts';
import { users } from '../../../db/schema-users.ts';
import { promocodesRepository } from '../../promocodes/repository.ts';

export function adminPromocodesRepository(db: Db) {
  return {
    async list(page: { page: number; size: number }) {
      const [total] = await db.select({ n: count() }).from(promocodes);
      const rows = await db
        .select()
        .from(promocodes)
        .orderBy(desc(promocodes.createdAt), desc(promocodes.id))
        .limit(page.size)
        .offset((page.page - 1) * page.size);
      return { count: total?.n ?? 0, rows };
    },

    async get(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(promocodes).where(eq(promocodes.id, id));
      return row ?? null;
    },

    /** The e-mails on each code's list, by code id, alphabetically. */
    async customers(ids: number[], tx: Tx = db): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>(ids.map((id) => [id, []]));
      if (!ids.length) return out;
      const rows = await tx
        .select({ promocodeId: promocodeCustomers.promocodeId, email: users.email })
        .from(promocodeCustomers)
        .innerJoin(users, eq(users.id, promocodeCustomers.userId))
        .where(inArray(promocodeCustomers.promocodeId, ids))
        .orderBy(asc(users.email));
      for (const r of rows) out.get(r.promocodeId)!.push(r.email);
      return out;
    },

    /** Replaces a code's list (the promocodes module owns the table). */
    setCustomers: promocodesRepository(db).setCustomers,

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(promocodes).where(eq(promocodes.id, id)).for('update');
      return row ?? null;
    },

    /** Accounts by e-mail (lower-case): the ones found, as e-mail -> id. */
    async userIds(emails: string[], tx: Tx = db): Promise<Map<string, number>> {
      if (!emails.length) return new Map();
      const rows = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, emails));
      return new Map(rows.map((r) => [r.email, r.id]));
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
