import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.ts';
import type { Db, Tx } from '../../db/client.ts';
import { oneTimeTokens, users, type OneTimePurpose } from '../../db/schema-users.ts';

/** Accounts and their e-mailed single-use tokens. */
export function usersRepository(db: Db) {
  return {
    async findByEmail(email: string, tx: Tx = db) {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async findById(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** Creates the account, or returns null when the e-mail is taken (racing sign-ups included: ON CONFLICT). */
    async insert(
      values: { email: string; passwordHash: string; refferal: string | null; locale: Locale },
      tx: Tx = db,
    ) {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return row ?? null;
    },

    async setPassword(userId: number, passwordHash: string, tx: Tx = db) {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** Sets the activation time once; activating an active account keeps the first time. */
    async activate(userId: number, tx: Tx = db) {
      await tx
        .update(users)
        .set({ activatedAt: sql`coalesce(${users.activatedAt}, now())` })
        .where(eq(users.id, userId));
    },

    async insertToken(
      values: { userId: number; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date },
      tx: Tx = db,
    ) {
      await tx.insert(oneTimeTokens).values(values);
    },

    /** Whether a token could still be consumed (a cheap check before the costly password hash). */
    async tokenIsLive(purpose: OneTimePurpose, tokenHash: string, tx: Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            sql`${oneTimeTokens.expiresAt} > now()`,
          ),
        );
      return !!row;
    },

    /**
     * Consumes an unused, unexpired token: the conditional UPDATE is re-checked after a concurrent consumer commits,
     * so parallel uses of one link succeed once. Returns the user it was for.
     */
    async consumeToken(purpose: OneTimePurpose, tokenHash: string, tx: Tx = db): Promise<number | null> {
      const [row] = await tx
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            sql`${oneTimeTokens.expiresAt} > now()`,
          ),
        )
        .returning({ userId: oneTimeTokens.userId });
      return row?.userId ?? null;
    },

    /**
     * Whether a token already spent on an activation belongs to an account that is active now: the same link opened
     * again (a double click, a mail client's second fetch) is then "already active", not "invalid".
     */
    async activatedBySpentToken(tokenHash: string, tx: Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(oneTimeTokens)
        .innerJoin(users, eq(users.id, oneTimeTokens.userId))
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, 'activate'),
            isNotNull(oneTimeTokens.usedAt),
            isNotNull(users.activatedAt),
          ),
        );
      return !!row;
    },

    /** Retires the other unused tokens of a purpose (after a restore, older restore links stop working). */
    async retireTokens(userId: number, purpose: OneTimePurpose, tx: Tx = db) {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
