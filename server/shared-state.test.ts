import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../tests/helpers/redis.ts';
import { memoryCounters, redisCounters } from './shared-state.ts';

describe('token bucket in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('gives `capacity` tokens at once, then one per refill interval, with the wait until the next one', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const store = memoryCounters();
    const takes = [];
    for (let i = 0; i < 6; i++) takes.push(await store.take('k', 5, 5));
    expect(takes.map((t) => t.ok)).toEqual([true, true, true, true, true, false]);
    expect(takes[5]!.retryAfterMs).toBe(12_000);
    vi.advanceTimersByTime(6_000);
    expect(await store.take('k', 5, 5)).toEqual({ ok: false, retryAfterMs: 6_000 });
    vi.advanceTimersByTime(6_000);
    expect((await store.take('k', 5, 5)).ok).toBe(true);
    expect((await store.take('k', 5, 5)).ok).toBe(false);
    // A minute refills 5, never more than the capacity: at most 10 in any minute.
    vi.advanceTimersByTime(10 * 60_000);
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push((await store.take('k', 5, 5)).ok);
    expect(burst.filter(Boolean)).toHaveLength(5);
    await store.close();
  });

  it('a refund gives a token back, never above the capacity; buckets are separate per key', async () => {
    const store = memoryCounters();
    for (let i = 0; i < 5; i++) await store.take('a', 5, 5);
    expect((await store.take('a', 5, 5)).ok).toBe(false);
    await store.refund('a', 5, 5);
    expect((await store.take('a', 5, 5)).ok).toBe(true);
    expect((await store.take('b', 5, 5)).ok).toBe(true);
    for (let i = 0; i < 3; i++) await store.refund('c', 2, 5);
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push((await store.take('c', 2, 5)).ok);
    expect(taken).toEqual([true, true, false]);
    await store.close();
  });
});

// Redis runs on CI and here; TEST_REDIS_URL includes it (tests/helpers/redis.ts).
describe.skipIf(!testRedisUrl)('token bucket on Redis (TEST_REDIS_URL)', () => {
  const one = redisCounters(testRedisUrl!, testRedisPrefix);
  const two = redisCounters(testRedisUrl!, testRedisPrefix);
  afterAll(async () => Promise.all([one.close(), two.close()]));
  const key = () => `test:bucket:${randomBytes(6).toString('hex')}`;

  it('gives `capacity` tokens, then says when the next one comes; a refund gives one back', async () => {
    const k = key();
    const takes = [];
    for (let i = 0; i < 6; i++) takes.push(await one.take(k, 5, 5));
    expect(takes.map((t) => t.ok)).toEqual([true, true, true, true, true, false]);
    expect(takes[5]!.retryAfterMs).toBeGreaterThan(11_000);
    expect(takes[5]!.retryAfterMs).toBeLessThanOrEqual(12_000);
    await two.refund(k, 5, 5);
    expect((await one.take(k, 5, 5)).ok).toBe(true);
    expect((await one.take(k, 5, 5)).ok).toBe(false);
  });

  it('refills with time', async () => {
    const k = key();
    // 60 a minute: one a second. Waiting 2.5 s gives two and half of a third, so the checks below have half a second
    // to run before the third comes (at 100 ms a token, a busy machine's few slow calls let one more in).
    for (let i = 0; i < 3; i++) expect((await one.take(k, 3, 60)).ok).toBe(true);
    expect((await one.take(k, 3, 60)).ok).toBe(false);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await two.take(k, 3, 60)).ok).toBe(true);
    expect((await two.take(k, 3, 60)).ok).toBe(true);
    expect((await two.take(k, 3, 60)).ok).toBe(false);
  });

  it('20 parallel takes from two connections get exactly `capacity` tokens', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).take(k, 5, 5)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });
});
