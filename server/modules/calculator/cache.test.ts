import { afterAll, describe, expect, it } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../../../tests/helpers/redis.ts';
import { hotCache, prepareAnswer, redisBus } from './cache.ts';

describe('hot cache', () => {
  it('builds an answer once, shares concurrent builds and rebuilds after invalidate', async () => {
    const cache = hotCache();
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(a).toBe(b);
    expect(a.body).toBe('{"n":1}');
    cache.invalidate();
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', build)).body).toBe('{"n":2}');
  });

  it('drops an answer whose build raced an invalidation, and never keeps a failed build', async () => {
    const cache = hotCache();
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((r) => (release = () => r({ old: true }))));
    cache.invalidate();
    release();
    await slow;
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('k')).toBeUndefined();
    await expect(cache.get('f', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('f')).toBeUndefined();
  });

  it('precompresses only bodies worth it', () => {
    expect(prepareAnswer({ a: 1 }).gzip).toBeNull();
    const big = prepareAnswer({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) });
    expect(big.gzip!.length).toBeLessThan(big.plain.length);
    expect(big.br!.length).toBeLessThan(big.plain.length);
  });
});

// Redis runs on CI and here; TEST_REDIS_URL includes the cross-process check (tests/helpers/redis.ts).
const redisUrl = testRedisUrl;
describe.skipIf(!redisUrl)('hot cache across processes: Redis pub/sub (TEST_REDIS_URL)', () => {
  const buses = [
    redisBus(redisUrl!, `${testRedisPrefix}:test:invalidate`),
    redisBus(redisUrl!, `${testRedisPrefix}:test:invalidate`),
  ];
  afterAll(async () => Promise.all(buses.map((b) => b.close())));

  it("one process's invalidate drops the other's answers", async () => {
    const [one, two] = buses.map((bus) => hotCache({ bus }));
    await new Promise((r) => setTimeout(r, 300)); // subscriptions settle
    await two!.get('k', async () => ({ v: 1 }));
    expect(two!.peek('k')).toBeDefined();
    one!.invalidate();
    const deadline = Date.now() + 3000;
    while (two!.peek('k') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(two!.peek('k')).toBeUndefined();
  });
});
