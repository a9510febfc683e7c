/**
 * Buffers for answers assembled per request from pieces kept in memory (a logged-in customer's page from the cache,
 * docs/decisions/0036), reused once the answer has been written instead of allocated anew.
 *
 * Why: a Buffer's bytes live outside V8's heap, and V8 starts a full collection whenever such "external" memory has
 * grown by some tens of MB since the last one. ~18 KB of new bytes per answer at a few thousand answers a second made
 * a mark-compact every ~0.6 s, each pausing the server for 6–25 ms: the tail of those pages' latency
 * (docs/performance.md, "Customers' pages"). A buffer given back when its answer is written is not external memory
 * that grows.
 *
 * A buffer goes back only once Node reports the answer written (the response's `finish`: the socket's write has
 * completed, nothing refers to the bytes any more). An answer that never finishes (the connection dropped) keeps its
 * buffer out, and the garbage collector takes it as any other. Each size class keeps a few buffers, so what is held
 * is bounded.
 */

/** The smallest size class: pages' gzip answers are ~15–40 KB. */
const minCapacity = 16 * 1024;
/** Answers larger than this are allocated as usual (none of ours is; a bound on what the free lists may hold). */
const maxCapacity = 1024 * 1024;

export interface AnswerBuffers {
  /** A buffer of exactly `size` bytes, its contents undefined, and the call that gives it back. */
  lease(size: number): { body: Buffer; release: () => void };
  /** Buffers waiting to be reused, by size class (for tests and metrics). */
  idle(): number;
}

export function answerBuffers(opts: { keepPerClass?: number } = {}): AnswerBuffers {
  const keep = opts.keepPerClass ?? 32;
  const free = new Map<number, Buffer[]>();
  const noop = () => {};
  return {
    lease(size) {
      if (size > maxCapacity) return { body: Buffer.allocUnsafe(size), release: noop };
      const capacity = Math.max(minCapacity, 2 ** Math.ceil(Math.log2(Math.max(size, 1))));
      let list = free.get(capacity);
      if (!list) free.set(capacity, (list = []));
      const slab = list.pop() ?? Buffer.allocUnsafeSlow(capacity);
      let out = true;
      return {
        body: slab.subarray(0, size),
        release() {
          if (!out) return;
          out = false;
          if (list.length < keep) list.push(slab);
        },
      };
    },
    idle() {
      let n = 0;
      for (const list of free.values()) n += list.length;
      return n;
    },
  };
}
