import { refreshCookieName } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import type { UserRole } from '../../db/schema-users.ts';
import type { AuthRepository } from './repository.ts';
import { consoleRoles, type StaffLogin } from './login-alert.ts';
import { primeDummyHash, verifyPassword } from './passwords.ts';
import { hashToken, looksLikeToken, randomToken, type AccessTokens } from './tokens.ts';

/** The account a request acts for, once its access token (or refresh cookie) checked out. */
export interface AuthUser {
  id: number;
  email: string;
  role: UserRole;
  activated: boolean;
  /** The session (refresh family) the token belongs to. */
  sessionId: string;
}

/** What the SSR header needs to know about the visitor (session info, docs/product/api.md: email, isLogged). */
export interface CookieSession {
  userId: number;
  email: string;
  role: UserRole;
  activated: boolean;
}

export interface IssuedSession {
  userId: number;
  access: string;
  refreshToken: string;
  remember: boolean;
}

/** Why a refresh was refused; the route answers 401 either way and decides about the cookie. */
export type RefreshFailure = 'invalid' | 'race' | 'reused';

export interface AuthServiceOptions {
  db: Db;
  repository: AuthRepository;
  tokens: AccessTokens;
  /** Idle lifetime of a refresh token with remember-me (and the cookie's Max-Age). */
  rememberSeconds: number;
  /** Idle lifetime without remember-me (the cookie itself ends with the browser session). */
  sessionSeconds: number;
  /**
   * A rotated token presented again within this many seconds is a race of the same browser (two tabs refreshing at
   * once), answered 401 without revoking; later it is a replay and revokes the family (docs/decisions/0007).
   */
  reuseGraceSeconds: number;
  findUserByEmail(email: string): Promise<{ id: number; email: string; role: UserRole; passwordHash: string } | null>;
  /** Told of each login to an account with console access (after the session opened; it must not throw). */
  onStaffLogin?: (login: StaffLogin) => void;
}

/** The refreshToken value of a Cookie header (its values are base64url: nothing to decode). */
function refreshCookieValue(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === refreshCookieName) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Sessions: login, refresh with rotation and reuse detection, logout, access-token checks (docs/auth.md). */
export function authService(opts: AuthServiceOptions) {
  const { db, repository: repo, tokens } = opts;
  primeDummyHash();

  const expiry = (remember: boolean) =>
    new Date(Date.now() + (remember ? opts.rememberSeconds : opts.sessionSeconds) * 1000);

  /**
   * The session of a refreshToken cookie WITHOUT rotating it: the server render shows the right header at once, and
   * the browser's own refresh (docs/auth.md) stays the only one that uses the token.
   */
  const sessionFromRefreshCookie = async (cookieValue: string | undefined | null): Promise<CookieSession | null> => {
    if (!looksLikeToken(cookieValue)) return null;
    const row = await repo.sessionOfRefreshToken(hashToken(cookieValue));
    return row ? { userId: row.id, email: row.email, role: row.role, activated: row.activated } : null;
  };

  return {
    rememberSeconds: opts.rememberSeconds,
    accessTtlSeconds: tokens.ttlSeconds,

    /** Checks the credentials; null when they do not match (an unknown e-mail costs the same as a wrong password). */
    async checkCredentials(
      email: string,
      password: string,
    ): Promise<{ id: number; email: string; role: UserRole } | null> {
      const user = await opts.findUserByEmail(email);
      const ok = await verifyPassword(user?.passwordHash, password);
      return ok && user ? { id: user.id, email: user.email, role: user.role } : null;
    },

    /** Opens a session: a new refresh family with its first token, and an access token for it. */
    async startSession(
      user: { id: number; email: string; role: UserRole },
      meta: { remember: boolean; userAgent: string | null; ip: string | null },
    ): Promise<IssuedSession> {
      const userId = user.id;
      const refreshToken = randomToken();
      const sessionId = await db.transaction(async (tx) => {
        const id = await repo.createSession({ userId, ...meta }, tx);
        await repo.insertRefreshToken(
          { sessionId: id, tokenHash: hashToken(refreshToken), expiresAt: expiry(meta.remember) },
          tx,
        );
        return id;
      });
      const access = await tokens.sign({ userId, sessionId });
      if (consoleRoles.includes(user.role)) {
        opts.onStaffLogin?.({
          email: user.email,
          role: user.role,
          at: new Date(),
          ip: meta.ip,
          userAgent: meta.userAgent,
        });
      }
      return { userId, access, refreshToken, remember: meta.remember };
    },

    /**
     * Uses a refresh token once: it is marked used and its successor issued in one transaction. A token that is not
     * current fails; one rotated earlier than the grace window revokes its whole family (it was stolen, or we were).
     */
    async refresh(cookieValue: string | undefined): Promise<IssuedSession | { failure: RefreshFailure }> {
      if (!looksLikeToken(cookieValue)) return { failure: 'invalid' };
      const tokenHash = hashToken(cookieValue);
      const next = randomToken();
      const outcome = await db.transaction(async (tx) => {
        const used = await repo.useRefreshToken(tokenHash, tx);
        if (!used) return null;
        const session = await repo.liveSession(used.sessionId, tx);
        if (!session) return null;
        await repo.insertRefreshToken(
          { sessionId: used.sessionId, tokenHash: hashToken(next), expiresAt: expiry(session.remember) },
          tx,
        );
        await repo.touchSession(used.sessionId, tx);
        return { sessionId: used.sessionId, userId: session.userId, remember: session.remember };
      });
      if (outcome) {
        const access = await tokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId });
        return { userId: outcome.userId, access, refreshToken: next, remember: outcome.remember };
      }
      const found = await repo.inspectRefreshToken(tokenHash, opts.reuseGraceSeconds);
      if (!found || !found.used || found.sessionRevoked) return { failure: 'invalid' };
      if (found.usedRecently) return { failure: 'race' };
      await repo.revokeSession(found.sessionId, 'reuse');
      return { failure: 'reused' };
    },

    /** Ends the session of a refresh cookie and/or of an access token; unknown values are simply ignored. */
    async logout(cookieValue: string | undefined, sessionId: string | null): Promise<void> {
      if (looksLikeToken(cookieValue)) {
        const id = await repo.sessionIdOfToken(hashToken(cookieValue));
        if (id) await repo.revokeSession(id, 'logout');
      }
      if (sessionId) await repo.revokeSession(sessionId, 'logout');
    },

    /**
     * The user of a bearer token: valid signature, issuer, audience, type and lifetime, and a session not revoked
     * (logout and password change end access tokens at once, not ten minutes later).
     */
    async userFromAccessToken(token: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await repo.userOfSession(claims.sessionId, claims.userId);
      return user ? { ...user, sessionId: claims.sessionId } : null;
    },

    sessionFromRefreshCookie,

    /** The same from a whole `Cookie` request header, as SSR loaders see it (`request.headers.get('cookie')`). */
    async sessionFromCookieHeader(header: string | undefined | null): Promise<CookieSession | null> {
      return sessionFromRefreshCookie(refreshCookieValue(header));
    },
  };
}
