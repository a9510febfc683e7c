import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fixedStatement } from '../../db/prepared.ts';
import { authSessions, refreshTokens, users, type UserRole } from '../../db/schema-users.ts';

/** The account fields a request needs once its token is checked. */
const sessionUser = {
  id: users.id,
  email: users.email,
  role: users.role,
  activated: sql<boolean>`${users.activatedAt} is not null`,
};

/**
 * The live session of a refresh token and its account, prepared (server/db/prepared.ts): a logged-in visitor's every
 * page asks it (the header shows who they are), and drizzle's building plus the embedded database's parse and plan
 * were most of its cost (docs/performance.md, "Customers' pages").
 */
const sessionOfToken = fixedStatement(
  'session_of_refresh_token',
  ['tokenHash'],
  (v) => sql`select ${users.id} as id, ${users.email} as email, ${users.role} as role,
      ${users.activatedAt} is not null as activated, ${authSessions.id} as session_id
    from ${refreshTokens}
    join ${authSessions} on ${authSessions.id} = ${refreshTokens.sessionId}
    join ${users} on ${users.id} = ${authSessions.userId}
    where ${refreshTokens.tokenHash} = ${v.tokenHash} and ${refreshTokens.usedAt} is null
      and ${refreshTokens.expiresAt} > now() and ${authSessions.revokedAt} is null`,
);

/** Sessions (refresh-token families) and their refresh tokens. */
export function authRepository(db: Db) {
  return {
    async createSession(
      values: { userId: number; remember: boolean; userAgent: string | null; ip: string | null },
      tx: Tx = db,
    ): Promise<string> {
      const [row] = await tx.insert(authSessions).values(values).returning({ id: authSessions.id });
      return row!.id;
    },

    async insertRefreshToken(values: { sessionId: string; tokenHash: string; expiresAt: Date }, tx: Tx = db) {
      await tx.insert(refreshTokens).values(values);
    },

    /**
     * Marks an unused, unexpired token of a live session as used and says which session it belonged to. The WHERE is
     * re-checked after a concurrent writer commits (READ COMMITTED), so of many racing uses of one token exactly one
     * gets a row back: that is the whole single-use guarantee, no lock held across requests.
     */
    async useRefreshToken(tokenHash: string, tx: Tx = db) {
      const [row] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            sql`${refreshTokens.expiresAt} > now()`,
            sql`${refreshTokens.sessionId} in (select ${authSessions.id} from ${authSessions} where ${authSessions.revokedAt} is null)`,
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId });
      return row ?? null;
    },

    /** What became of a token that could not be used: unknown, or used (and how recently), expired, revoked. */
    async inspectRefreshToken(tokenHash: string, graceSeconds: number, tx: Tx = db) {
      const [row] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          used: sql<boolean>`${refreshTokens.usedAt} is not null`,
          usedRecently: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
          sessionRevoked: sql<boolean>`${authSessions.revokedAt} is not null`,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /** The session and its user, when the session is live. */
    async liveSession(sessionId: string, tx: Tx = db) {
      const [row] = await tx
        .select({ ...sessionUser, remember: authSessions.remember, userId: authSessions.userId })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
      return row ?? null;
    },

    async touchSession(sessionId: string, tx: Tx = db) {
      await tx
        .update(authSessions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(authSessions.id, sessionId));
    },

    /** The user of an access token's session, when the session is live and belongs to that user. */
    async userOfSession(sessionId: string, userId: number, tx: Tx = db) {
      const [row] = await tx
        .select(sessionUser)
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
      return row ?? null;
    },

    /** The session a current refresh token opens, without using the token (server render). */
    async sessionOfRefreshToken(
      tokenHash: string,
      tx: Tx = db,
    ): Promise<{ id: number; email: string; role: UserRole; activated: boolean; sessionId: string } | null> {
      const rows = await sessionOfToken.run(tx, { tokenHash });
      if (rows) {
        const [row] = rows;
        // PGlite's prepared path answers every column as text; node-postgres parses them.
        return row
          ? {
              id: Number(row.id),
              email: String(row.email),
              role: row.role as UserRole,
              activated: row.activated === true || row.activated === 't',
              sessionId: String(row.session_id),
            }
          : null;
      }
      // In a transaction on the embedded database: an ordinary query.
      const [row] = await tx
        .select({ ...sessionUser, sessionId: authSessions.id })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            sql`${refreshTokens.expiresAt} > now()`,
            isNull(authSessions.revokedAt),
          ),
        );
      return row ?? null;
    },

    /** The session of a refresh token in any state (logout accepts a rotated one too: it only ends things). */
    async sessionIdOfToken(tokenHash: string, tx: Tx = db) {
      const [row] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row?.sessionId ?? null;
    },

    async revokeSession(sessionId: string, reason: string, tx: Tx = db) {
      await tx
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    /** Revokes every live session of a user, but `except` (the one changing the password keeps going). */
    async revokeUserSessions(userId: number, reason: string, except: string | null, tx: Tx = db) {
      await tx
        .update(authSessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            except ? ne(authSessions.id, except) : undefined,
          ),
        );
    },

    /** The activated accounts with console access (operator, admin): who hears of a console login. */
    async staffEmails(roles: readonly UserRole[], tx: Tx = db): Promise<string[]> {
      const rows = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.role, [...roles]), isNotNull(users.activatedAt)));
      return rows.map((r) => r.email);
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
