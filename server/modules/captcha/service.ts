import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { captchaUses } from '../../db/schema-exchange.ts';

/**
 * The claim form's captcha (`recaptcha` field of the payload), by CAPTCHA_PROVIDER:
 * - altcha (default): self-hosted proof of work, no third party. The challenge is HMAC-signed and stateless; a solved
 *   one is accepted once (its signature goes into captcha_uses in the claim's transaction).
 * - recaptcha: Google's siteverify through `recaptchaVerify` (injectable: tests have no network).
 * - none: trusted test setups only.
 */

type CaptchaProvider = 'altcha' | 'recaptcha' | 'none';

export type RecaptchaVerify = (token: string, secret: string, ip: string) => Promise<{ success: boolean }>;

/** Google's siteverify over HTTPS. */
const googleRecaptchaVerify: RecaptchaVerify = async (token, secret, ip) => {
  const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) return { success: false };
  const body = (await res.json()) as { success?: unknown };
  return { success: body.success === true };
};

export interface CaptchaServiceOptions {
  db: Db;
  provider: CaptchaProvider;
  /** Signs altcha challenges (derived from COOKIE_SECRET: one secret less to configure). */
  secret: string;
  recaptchaSecret?: string | undefined;
  recaptchaSiteKey?: string | undefined;
  recaptchaVerify?: RecaptchaVerify;
  /** Upper bound of the altcha counter: the client's work (SHA-256 rounds) is up to this many. */
  altchaMaxCounter?: number;
  /** How long a challenge may be solved and used. */
  challengeTtlSeconds?: number;
}

export type CaptchaResult = { ok: true; useKey: string | null } | { ok: false };

export function captchaService(opts: CaptchaServiceOptions) {
  const hmacSignatureSecret = createHmac('sha256', opts.secret).update('altcha-signature').digest('base64url');
  const hmacKeySignatureSecret = createHmac('sha256', opts.secret).update('altcha-key').digest('base64url');
  const maxCounter = opts.altchaMaxCounter ?? 50_000;
  const ttl = opts.challengeTtlSeconds ?? 600;
  const recaptchaVerify = opts.recaptchaVerify ?? googleRecaptchaVerify;

  function decodeAltcha(token: string): Payload | null {
    try {
      const text = /^[A-Za-z0-9+/=_-]+$/.test(token) ? Buffer.from(token, 'base64').toString('utf8') : token;
      const payload = JSON.parse(text) as Payload;
      if (!payload?.challenge?.parameters || !payload.solution) return null;
      return payload;
    } catch {
      return null;
    }
  }

  return {
    provider: opts.provider,

    /** GET /claim/captchacheck: which captcha the form shows. */
    describe() {
      return {
        provider: opts.provider,
        challengeUrl: opts.provider === 'altcha' ? '/api/v1/claim/captcha-challenge/' : null,
        siteKey: opts.provider === 'recaptcha' ? (opts.recaptchaSiteKey ?? null) : null,
      };
    },

    /** A fresh altcha challenge (deterministic mode: the server knows the answer's key, verification is one HMAC). */
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.max(2, maxCounter)),
        deriveKey,
        expiresAt: new Date(Date.now() + ttl * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** Checks the token; `useKey` is what `consume` marks used (null when the provider has no single-use state). */
    async verify(token: string, ip: string): Promise<CaptchaResult> {
      if (opts.provider === 'none') return { ok: true, useKey: null };
      if (!token) return { ok: false };
      if (opts.provider === 'recaptcha') {
        if (!opts.recaptchaSecret) return { ok: false };
        try {
          const { success } = await recaptchaVerify(token, opts.recaptchaSecret, ip);
          // Google itself refuses a token twice, so there is nothing to store.
          return success ? { ok: true, useKey: null } : { ok: false };
        } catch {
          return { ok: false };
        }
      }
      const payload = decodeAltcha(token);
      if (!payload?.challenge.signature) return { ok: false };
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        return result.verified ? { ok: true, useKey: `altcha:${payload.challenge.signature}` } : { ok: false };
      } catch {
        return { ok: false };
      }
    },

    /** Marks a solution used; false when it already was (a replay). Runs in the claim's transaction. */
    async consume(useKey: string, tx: Tx = opts.db): Promise<boolean> {
      const rows = await tx
        .insert(captchaUses)
        .values({ key: useKey })
        .onConflictDoNothing({ target: captchaUses.key })
        .returning({ key: captchaUses.key });
      return rows.length === 1;
    },

    /** Forgets uses older than any challenge can live (the jobs sweep calls this). */
    async prune(tx: Tx = opts.db) {
      await tx.delete(captchaUses).where(lt(captchaUses.createdAt, sql`now() - make_interval(secs => ${ttl * 2})`));
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
