import { Redis } from 'ioredis';

/**
 * Counters that expire (rate limits). With REDIS_URL every process shares them; without it they live in this
 * process, which is right for the single-process embedded default.
 */
export interface CounterStore {
  get(key: string): Promise<number>;
  increment(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

export function memoryCounters(): CounterStore {
  const map = new Map<string, { n: number; until: number }>();
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
  }, 60_000);
  sweep.unref();
  return {
    get: async (key) => live(key)?.n ?? 0,
    increment: async (key, ttl) => {
      const e = live(key) ?? { n: 0, until: Date.now() + ttl * 1000 };
      e.n += 1;
      map.set(key, e);
      return e.n;
    },
    close: async () => clearInterval(sweep),
  };
}

export function redisCounters(url: string): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: 'obmen:' });
  return {
    get: async (key) => Number((await redis.get(key)) ?? 0),
    increment: async (key, ttl) => {
      const [[, n]] = (await redis.multi().incr(key).expire(key, ttl, 'NX').exec()) as [[unknown, number]];
      return n;
    },
    close: async () => {
      await redis.quit();
    },
  };
}
