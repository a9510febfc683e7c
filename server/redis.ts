import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

const require = createRequire(import.meta.url);

/**
 * A Redis connection (REDIS_URL). ioredis is loaded by the first call, not imported: a process without Redis (the
 * default, and every fresh `npm start`) never needs its ~50 modules, and loading them was part of every cold start
 * (docs/decisions/0030-start-from-snapshot.md, "Later"). A synchronous require keeps the stores that use it synchronous.
 */
export function newRedis(url: string, options: IORedis.RedisOptions): IORedis.Redis {
  const { Redis } = require('ioredis') as typeof IORedis;
  return new Redis(url, options);
}
