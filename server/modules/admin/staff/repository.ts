import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { authSessions, users, type UserRole } from '../../../db/schema-users.ts';

const staff: UserRole[] = ['operator', 'admin'];

/** Accounts with a console role, and role changes (the users table: roles are a column, docs/decisions/0011). */
export function adminStaffRepository(db: Db) {
  return {
    async list(tx: Tx = db) {
      return tx
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          activatedAt: users.activatedAt,
          createdAt: users.createdAt,
          lastSeenAt: max(authSessions.lastUsedAt),
        })
        .from(users)
        .leftJoin(authSessions, eq(authSessions.userId, users.id))
        .where(inArray(users.role, staff))
        .groupBy(users.id)
        .orderBy(sql`case ${users.role} when 'admin' then 0 else 1 end`, asc(users.email));
    },

    /**
     * Serialises every role change: with it, "is there another admin?" cannot be answered the same way to two admins
     * demoting each other at once (each would see two admins and both would go).
     */
    async lockRoles(tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('obmen.staff-roles'))`);
    },

    async byEmail(email: string, tx: Tx) {
      const [row] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async byId(id: number, tx: Tx) {
      const [row] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async admins(tx: Tx) {
      const [row] = await tx.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
      return row?.n ?? 0;
    },

    async setRole(id: number, role: UserRole, tx: Tx) {
      await tx.update(users).set({ role }).where(eq(users.id, id));
    },
  };
}
export type AdminStaffRepository = ReturnType<typeof adminStaffRepository>;
