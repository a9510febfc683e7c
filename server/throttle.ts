import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError } from './errors.ts';
import type { CounterStore } from './shared-state.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Attempt limits of the account endpoints (docs/auth.md). Counters live in the CounterStore (Redis when several
 * processes run), so a limit holds across processes.
 */
export const limits = {
  /**
   * Failed logins of one account, from anywhere: from the `max`-th on within the window, every attempt needs a solved
   * captcha. Never a refusal: a lockout would be one an attacker could put any owner under (docs/decisions/0019).
   */
  loginAccountCaptcha: { max: 5, windowSeconds: 15 * 60 },
  signupIp: { max: 10, windowSeconds: 60 * 60 },
  /** Sign-up letters to one address (activation, or "you already have an account"): past it, no letter goes. */
  signupEmail: { max: 3, windowSeconds: 30 * 60 },
  restoreIp: { max: 10, windowSeconds: 15 * 60 },
  /** Restore letters to one address: past it the answer stays the same and no letter goes. */
  restoreEmail: { max: 3, windowSeconds: 30 * 60 },
  restoreCompleteIp: { max: 20, windowSeconds: 15 * 60 },
  /** The /recover page's check of its link on load (a reload counts too): more than the sets, still no guessing. */
  restoreCheckIp: { max: 30, windowSeconds: 15 * 60 },
  activateIp: { max: 30, windowSeconds: 15 * 60 },
  reactivateUser: { max: 3, windowSeconds: 60 * 60 },
  passwordUser: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export interface Bucket {
  capacity: number;
  refillPerMinute: number;
}

/**
 * Login attempts from one address: a token bucket of 5, refilled by one every 12 s, so at most 10 in any minute and 5
 * at once. A successful login gives its token back (`refundToken`): an office behind one NAT can log in all day;
 * guessing, which fails, is what runs the bucket dry.
 */
export const loginAddressBucket = { capacity: 5, refillPerMinute: 5 } satisfies Bucket;

/**
 * What the throttles did since the process started, for metrics to read (per process; the limits themselves hold
 * across processes). Counted, not logged, is what an alert wants: a rise in refusals means a guessing run.
 */
export const throttleStats = {
  /** Login attempts refused with 429 by the per-address bucket. */
  loginAddressThrottled: 0,
  /** Accounts that started needing the captcha (their `limits.loginAccountCaptcha.max`-th failure). */
  loginCaptchaStarted: 0,
  /** Login attempts answered "solve the captcha" (missing, wrong or replayed proof) instead of being checked. */
  loginCaptchaRefused: 0,
};

/** An e-mail as logs may carry it: a short hash, enough to follow one account through the log, not to read it. */
export function hashedEmail(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 12);
}

/** Takes a token for this attempt, or refuses it with 429 and Retry-After: the seconds until the next token. */
export async function takeToken(
  counters: CounterStore,
  reply: FastifyReply,
  key: string,
  bucket: Bucket,
  log: FastifyBaseLogger,
) {
  const taken = await counters.take(key, bucket.capacity, bucket.refillPerMinute);
  if (taken.ok) return;
  throttleStats.loginAddressThrottled += 1;
  const retryAfter = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
  log.warn({ throttle: key, retryAfter }, 'attempts throttled for an address');
  reply.header('retry-after', String(retryAfter));
  throw new AppError('rate_limited');
}

/** Gives back the token of an attempt that turned out fine. */
export async function refundToken(counters: CounterStore, key: string, bucket: Bucket) {
  await counters.refund(key, bucket.capacity, bucket.refillPerMinute);
}

/** 429 with Retry-After (the whole window: the store does not say when the oldest attempt falls out). */
function tooMany(reply: FastifyReply, limit: Limit): AppError {
  reply.header('retry-after', String(limit.windowSeconds));
  return new AppError('rate_limited');
}

/** Counts one attempt: whether it is past the limit (a page's form answers that itself, server/plugins/ssr.ts). */
export async function overLimit(counters: CounterStore, key: string, limit: Limit): Promise<boolean> {
  return (await counters.increment(key, limit.windowSeconds)) > limit.max;
}

/** Counts one attempt and refuses it with 429 past the limit. */
export async function countAttempt(counters: CounterStore, reply: FastifyReply, key: string, limit: Limit) {
  if (await overLimit(counters, key, limit)) throw tooMany(reply, limit);
}
