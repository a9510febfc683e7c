import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Hot public answers (directions list, pair settings, course, reserves) kept as ready bytes, plain and compressed,
 * rebuilt on the first request after a change (docs/performance.md: per-request JSON and compression are what cost).
 *
 * Invalidation: whoever changes rates, directions, currencies or the maintenance flag calls `invalidate()`, which
 * clears this process and publishes on the `bus`. With several processes, the bus is Redis pub/sub (REDIS_URL,
 * `redisBus`): each process subscribes and clears its own copy. `maxAgeMs` bounds staleness should a message be lost (or no bus run).
 */

export interface CachedAnswer {
  body: string;
  /** The body as bytes: Fastify sends a Buffer untouched (no serializer runs on it). */
  plain: Buffer;
  etag: string;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Cross-process invalidation: the in-process default does nothing; a Redis one publishes and subscribes. */
export interface InvalidationBus {
  publish(): void;
  subscribe(onMessage: () => void): void;
  close(): Promise<void>;
}

export const localBus: InvalidationBus = { publish() {}, subscribe() {}, close: async () => {} };

/**
 * Redis pub/sub (REDIS_URL): every process publishes "drop your answers" on one channel and clears its own on the
 * others' messages. A lost message is bounded by the cache's maxAgeMs.
 */
export function redisBus(url: string, channel = 'obmen:calculator:invalidate'): InvalidationBus {
  const self = randomUUID();
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  // A Redis outage must not crash the site: the answers still expire by age.
  pub.on('error', () => {});
  sub.on('error', () => {});
  const listeners: (() => void)[] = [];
  void sub.subscribe(channel).catch(() => {});
  sub.on('message', (_channel: string, from: string) => {
    if (from !== self) for (const l of listeners) l();
  });
  return {
    publish() {
      void pub.publish(channel, self).catch(() => {});
    },
    subscribe(onMessage) {
      listeners.push(onMessage);
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** Bodies under this size go out plain: compressing them saves less than the header costs. */
const compressFrom = 1024;

export function prepareAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const plain = Buffer.from(body);
  if (plain.length < compressFrom) return { body, plain, etag, gzip: null, br: null };
  return {
    body,
    plain,
    etag,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

export function hotCache(opts: { bus?: InvalidationBus; maxAgeMs?: number } = {}) {
  const bus = opts.bus ?? localBus;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  let entries = new Map<string, Promise<CachedAnswer>>();
  let generation = 0;
  let builtAt = Date.now();
  const listeners: (() => void)[] = [];

  function clear() {
    generation += 1;
    entries = new Map();
    builtAt = Date.now();
    for (const l of listeners) l();
  }
  bus.subscribe(clear);

  return {
    /** The ready answer under `key`, built once by `build` (concurrent callers share one build). */
    get(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      if (Date.now() - builtAt > maxAgeMs) clear();
      const found = entries.get(key);
      if (found) return found;
      const started = generation;
      const promise = build().then(prepareAnswer);
      entries.set(key, promise);
      // A failed build is not kept; one that raced an invalidation is dropped so the next request rebuilds it.
      promise.then(
        () => {
          if (generation !== started && entries.get(key) === promise) entries.delete(key);
        },
        () => {
          if (entries.get(key) === promise) entries.delete(key);
        },
      );
      return promise;
    },
    /** The answer under `key` if it is ready or being built (404s are never stored, so ids cannot grow the map). */
    peek(key: string): Promise<CachedAnswer> | undefined {
      if (Date.now() - builtAt > maxAgeMs) clear();
      return entries.get(key);
    },
    /** Drops every answer here and, through the bus, in the other processes. */
    invalidate() {
      clear();
      bus.publish();
    },
    /** Called after every invalidation (the service drops its catalogue snapshot). */
    onInvalidate(listener: () => void) {
      listeners.push(listener);
    },
    size: () => entries.size,
    close: () => bus.close(),
  };
}
export type HotCache = ReturnType<typeof hotCache>;

/** Sends a ready answer: 304 on a matching ETag, br or gzip bytes when the client takes them, else the plain JSON. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accept = request.headers['accept-encoding'] ?? '';
  if (answer.br && accept.includes('br')) return reply.header('content-encoding', 'br').send(answer.br);
  if (answer.gzip && accept.includes('gzip')) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.plain);
}
