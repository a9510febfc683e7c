import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from './build.ts';
import { users } from '../../server/db/schema-users.ts';
import { referralRepository } from '../../server/modules/referral/repository.ts';

/** The account id of an e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Puts `amount` on a referral balance as an accrual of a made-up claim (tests of withdrawals need money first). */
export async function fund(t: TestApp, userId: number, amount: string) {
  await t.services.referral.ensureAccount(userId);
  const repo = referralRepository(t.database.db);
  await t.database.db.transaction(async (tx) => {
    await repo.claimAccrualRow(userId, randomUUID(), amount, tx);
    await repo.credit(userId, amount, tx);
  });
}
