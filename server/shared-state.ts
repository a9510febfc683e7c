import type { Redis } from 'ioredis';
import { newRedis } from './redis.ts';

/** The outcome of taking a token from a bucket: `retryAfterMs` says when the next one comes (0 when one was taken). */
interface Take {
  ok: boolean;
  retryAfterMs: number;
}

/**
 * Counters that expire (rate limits) and token buckets. With REDIS_URL every process shares them; without it they
 * live in this process, which is right for the single-process embedded default.
 */
export interface CounterStore {
  get(key: string): Promise<number>;
  increment(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Takes one token from the bucket `key` (full at first: `capacity` tokens, refilled continuously at
   * `refillPerMinute`). Atomic: of two processes racing for the last token, one gets it.
   */
  take(key: string, capacity: number, refillPerMinute: number): Promise<Take>;
  /** Gives one token back (never above `capacity`): the attempt it paid for turned out not to need limiting. */
  refund(key: string, capacity: number, refillPerMinute: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * One bucket step, shared by the memory store and (as Lua, below) Redis: refill for the time passed, then take
 * (`cost` 1) or give back (`cost` -1) a token. Tokens are fractional, so the refill is exact whatever the timing.
 */
function bucketStep(
  state: { tokens: number; at: number } | undefined,
  now: number,
  capacity: number,
  perMs: number,
  cost: 1 | -1,
) {
  const tokens = state ? Math.min(capacity, state.tokens + Math.max(0, now - state.at) * perMs) : capacity;
  if (cost === -1) return { tokens: Math.min(capacity, tokens + 1), ok: true, retryAfterMs: 0 };
  if (tokens >= 1) return { tokens: tokens - 1, ok: true, retryAfterMs: 0 };
  return { tokens, ok: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
}

export function memoryCounters(): CounterStore {
  const map = new Map<string, { n: number; until: number }>();
  // A bucket is forgotten once it would be full again: a missing bucket is a full one.
  const buckets = new Map<string, { tokens: number; at: number; until: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.until <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, e] of map) if (e.until <= now) map.delete(k);
    for (const [k, b] of buckets) if (b.until <= now) buckets.delete(k);
  }, 60_000);
  sweep.unref();
  const step = (key: string, capacity: number, refillPerMinute: number, cost: 1 | -1): Take => {
    const now = Date.now();
    const perMs = refillPerMinute / 60_000;
    const next = bucketStep(buckets.get(key), now, capacity, perMs, cost);
    buckets.set(key, { tokens: next.tokens, at: now, until: now + Math.ceil((capacity - next.tokens) / perMs) });
    return { ok: next.ok, retryAfterMs: next.retryAfterMs };
  };
  return {
    get: async (key) => live(key)?.n ?? 0,
    increment: async (key, ttl) => {
      const e = live(key) ?? { n: 0, until: Date.now() + ttl * 1000 };
      e.n += 1;
      map.set(key, e);
      return e.n;
    },
    take: async (key, capacity, refillPerMinute) => step(key, capacity, refillPerMinute, 1),
    refund: async (key, capacity, refillPerMinute) => void step(key, capacity, refillPerMinute, -1),
    close: async () => clearInterval(sweep),
  };
}

/**
 * `bucketStep` in Lua, run by Redis as one command, so no other command sees the bucket between the read and the
 * write. Time is Redis's own (TIME), so processes with skewed clocks still agree. The key expires when the bucket
 * would be full again. Answers {taken 1/0, ms until the next token}.
 */
const bucketScript = `
local capacity = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2]) / 60000
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = capacity
if state[1] then tokens = math.min(capacity, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * perMs) end
local ok = 1
local retry = 0
if cost < 0 then
  tokens = math.min(capacity, tokens + 1)
elseif tokens >= 1 then
  tokens = tokens - 1
else
  ok = 0
  retry = math.ceil((1 - tokens) / perMs)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((capacity - tokens) / perMs)))
return {ok, retry}
`;

type BucketRedis = Redis & {
  bucket(key: string, capacity: number, refillPerMinute: number, cost: 1 | -1): Promise<[number, number]>;
};

export function redisCounters(url: string, prefix: string): CounterStore {
  const redis = newRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: `${prefix}:` }) as BucketRedis;
  // EVALSHA with a fallback to EVAL (ioredis): the script is sent once per connection, not with every call.
  redis.defineCommand('bucket', { numberOfKeys: 1, lua: bucketScript });
  return {
    get: async (key) => Number((await redis.get(key)) ?? 0),
    increment: async (key, ttl) => {
      const [[, n]] = (await redis.multi().incr(key).expire(key, ttl, 'NX').exec()) as [[unknown, number]];
      return n;
    },
    take: async (key, capacity, refillPerMinute) => {
      const [ok, retryAfterMs] = await redis.bucket(key, capacity, refillPerMinute, 1);
      return { ok: ok === 1, retryAfterMs };
    },
    refund: async (key, capacity, refillPerMinute) => {
      await redis.bucket(key, capacity, refillPerMinute, -1);
    },
    close: async () => {
      await redis.quit();
    },
  };
}
