import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema-users.ts';
import { hashPassword } from '../auth/passwords.ts';

/**
 * The first admin (issue 6 §1): with ADMIN_EMAIL and ADMIN_PASSWORD set and no admin in the database, that account
 * becomes an activated admin — created, or promoted when it already signed up as a customer. Once any admin exists
 * this does nothing, so changing the variables later never resets a password or takes a role away.
 * Returns what it did, for the start-up log.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string } | undefined,
): Promise<'created' | 'promoted' | 'exists' | 'not configured'> {
  if (!admin) return 'not configured';
  return db.transaction(async (tx) => {
    // Two processes starting together: the second waits here and then sees the first one's admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('obmen.ensure-admin'))`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (existing) return 'exists';
    const passwordHash = await hashPassword(admin.password);
    const [promoted] = await tx
      .update(users)
      .set({ role: 'admin', passwordHash, activatedAt: sql`coalesce(${users.activatedAt}, now())` })
      .where(eq(users.email, admin.email))
      .returning({ id: users.id });
    if (promoted) return 'promoted';
    await tx.insert(users).values({ email: admin.email, passwordHash, role: 'admin', activatedAt: new Date() });
    return 'created';
  });
}
