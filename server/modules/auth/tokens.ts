import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** An opaque secret for a cookie or an e-mailed link: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of an opaque token. A plain sha256 is enough: the value has 256 bits of entropy, so there is
 * nothing to brute-force, and a leaked table gives no usable token.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque tokens are base64url of 32 bytes; anything else is refused before it reaches the database. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface AccessTokenOptions {
  secret: string;
  /** `iss`: the site's public URL. */
  issuer: string;
  /** `aud`: the API of that site. */
  audience: string;
  ttlSeconds: number;
}

/** The JOSE `typ` of our access tokens (RFC 9068): a token of another kind signed with the same key is refused. */
const accessTyp = 'at+jwt';
const algorithm = 'HS256';

/** Short-lived access JWTs (docs/auth.md): HS256 only, with issuer, audience, `typ`, subject and session id. */
export function accessTokens(opts: AccessTokenOptions) {
  const key = new TextEncoder().encode(opts.secret);
  return {
    ttlSeconds: opts.ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: algorithm, typ: accessTyp })
        .setSubject(String(claims.userId))
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setIssuedAt()
        .setExpirationTime(`${opts.ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything expired, forged, of another issuer, audience or type. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [algorithm],
          issuer: opts.issuer,
          audience: opts.audience,
          typ: accessTyp,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return null;
        if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
        return { userId, sessionId };
      } catch (e) {
        if (e instanceof joseErrors.JOSEError) return null;
        throw e;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
