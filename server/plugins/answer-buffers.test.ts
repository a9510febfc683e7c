import { describe, expect, it } from 'vitest';
import { answerBuffers } from './answer-buffers.ts';

describe('answerBuffers', () => {
  it('leases a buffer of exactly the size asked for, and reuses it once given back', () => {
    const pool = answerBuffers();
    const first = pool.lease(18_000);
    expect(first.body.length).toBe(18_000);
    first.body.fill(1);
    first.release();
    expect(pool.idle()).toBe(1);
    // The same memory, for an answer of another size in the same class.
    const second = pool.lease(20_000);
    expect(second.body.length).toBe(20_000);
    expect(second.body.buffer).toBe(first.body.buffer);
    expect(pool.idle()).toBe(0);
  });

  it('never hands one buffer to two answers in flight', () => {
    const pool = answerBuffers();
    const leases = Array.from({ length: 5 }, () => pool.lease(30_000));
    expect(new Set(leases.map((l) => l.body.buffer)).size).toBe(5);
    // A second release of the same lease does not put its buffer on the list twice.
    leases[0]!.release();
    leases[0]!.release();
    expect(pool.idle()).toBe(1);
    const next = pool.lease(30_000);
    const other = pool.lease(30_000);
    expect(next.body.buffer).toBe(leases[0]!.body.buffer);
    expect(other.body.buffer).not.toBe(next.body.buffer);
  });

  it('keeps a bounded number per size class, and does not keep answers past the largest class', () => {
    const pool = answerBuffers({ keepPerClass: 3 });
    const leases = Array.from({ length: 10 }, () => pool.lease(40_000));
    for (const lease of leases) lease.release();
    expect(pool.idle()).toBe(3);
    const big = pool.lease(2 * 1024 * 1024);
    expect(big.body.length).toBe(2 * 1024 * 1024);
    big.release();
    expect(pool.idle()).toBe(3);
    // Tiny answers share the smallest class.
    const tiny = pool.lease(0);
    expect(tiny.body.length).toBe(0);
  });
});
