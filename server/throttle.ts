import type { FastifyReply } from 'fastify';
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
  /** Login attempts from one IP, successful or not. */
  loginIp: { max: 30, windowSeconds: 10 * 60 },
  /** Failed logins of one account, from anywhere: slows guessing one password from many addresses. */
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  signupIp: { max: 10, windowSeconds: 60 * 60 },
  /** Sign-up letters to one address (activation, or "you already have an account"): past it, no letter goes. */
  signupEmail: { max: 3, windowSeconds: 30 * 60 },
  restoreIp: { max: 10, windowSeconds: 15 * 60 },
  /** Restore letters to one address: past it the answer stays the same and no letter goes. */
  restoreEmail: { max: 3, windowSeconds: 30 * 60 },
  restoreCompleteIp: { max: 20, windowSeconds: 15 * 60 },
  activateIp: { max: 30, windowSeconds: 15 * 60 },
  reactivateUser: { max: 3, windowSeconds: 60 * 60 },
  passwordUser: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** 429 with Retry-After (the whole window: the store does not say when the oldest attempt falls out). */
function tooMany(reply: FastifyReply, limit: Limit): AppError {
  reply.header('retry-after', String(limit.windowSeconds));
  return new AppError('rate_limited');
}

/** Counts one attempt and refuses it with 429 past the limit. */
export async function countAttempt(counters: CounterStore, reply: FastifyReply, key: string, limit: Limit) {
  if ((await counters.increment(key, limit.windowSeconds)) > limit.max) throw tooMany(reply, limit);
}

/** Refuses with 429 when earlier failures already used the limit up (failures are counted with `countFailure`). */
export async function checkFailures(counters: CounterStore, reply: FastifyReply, key: string, limit: Limit) {
  if ((await counters.get(key)) >= limit.max) throw tooMany(reply, limit);
}

export async function countFailure(counters: CounterStore, key: string, limit: Limit) {
  await counters.increment(key, limit.windowSeconds);
}
