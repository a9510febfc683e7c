import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { referralAccounts, referralWithdrawals } from '../../../db/schema-referral.ts';
import { users } from '../../../db/schema-users.ts';
import { settingsRepository } from '../../../db/settings-repository.ts';

export function adminPartnersRepository(db: Db) {
  const columns = {
    withdrawal: referralWithdrawals,
    email: users.email,
    balance: referralAccounts.balance,
  };
  return {
    ...settingsRepository(db),
    /** The queue: pending requests oldest first (first come, first paid); decided ones newest first. */
    async withdrawals(q: { page: number; size: number; status?: 'pending' | 'paid' | 'rejected' | undefined }) {
      const where: SQL | undefined = q.status ? eq(referralWithdrawals.status, q.status) : undefined;
      const [total] = await db.select({ n: count() }).from(referralWithdrawals).where(where);
      const order =
        q.status === 'pending'
          ? [asc(referralWithdrawals.createdAt), asc(referralWithdrawals.id)]
          : [desc(referralWithdrawals.createdAt), desc(referralWithdrawals.id)];
      const rows = await db
        .select(columns)
        .from(referralWithdrawals)
        .innerJoin(users, eq(users.id, referralWithdrawals.userId))
        .leftJoin(referralAccounts, eq(referralAccounts.userId, referralWithdrawals.userId))
        .where(where)
        .orderBy(...order)
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },

    async withdrawal(id: number, tx: Tx = db) {
      const [row] = await tx
        .select(columns)
        .from(referralWithdrawals)
        .innerJoin(users, eq(users.id, referralWithdrawals.userId))
        .leftJoin(referralAccounts, eq(referralAccounts.userId, referralWithdrawals.userId))
        .where(eq(referralWithdrawals.id, id));
      return row ?? null;
    },
  };
}
export type AdminPartnersRepository = ReturnType<typeof adminPartnersRepository>;
