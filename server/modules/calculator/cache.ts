import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../../plugins/page-compression.ts';
import { newRedis } from '../../redis.ts';

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
  /** Content-Type; JSON when absent. */
  type?: string;
  /** Last-Modified as an HTTP date (answers that carry one also honour If-Modified-Since). */
  lastModified?: string;
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
export function redisBus(url: string, channel: string): InvalidationBus {
  const self = randomUUID();
  const pub = newRedis(url, { maxRetriesPerRequest: 2 });
  const sub = newRedis(url, { maxRetriesPerRequest: null });
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
  return prepareBody(JSON.stringify(value));
}

/** Any text as ready bytes: plain, gzip and brotli once (the rates export's XML goes through here too). */
export function prepareBody(body: string): CachedAnswer {
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
  // `until`: when an entry expires on its own (a rate in it goes stale), set once its build resolves.
  let entries = new Map<string, { promise: Promise<unknown>; until: number; value?: unknown }>();
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

  function live(key: string) {
    const now = Date.now();
    if (now - builtAt > maxAgeMs) clear();
    const found = entries.get(key);
    if (found && found.until <= now) {
      entries.delete(key);
      return undefined;
    }
    return found?.promise;
  }

  /**
   * Whatever `build` makes, kept under `key` until the next change (or until `expiresAt` of the built value):
   * concurrent callers share one build.
   */
  function ready<T>(key: string, build: () => Promise<T>, expiresAt?: (value: T) => number): Promise<T> {
    const found = live(key);
    if (found) return found as Promise<T>;
    const started = generation;
    const promise = build();
    const entry: { promise: Promise<unknown>; until: number; value?: unknown } = { promise, until: Infinity };
    entries.set(key, entry);
    // A failed build is not kept; one that raced an invalidation is dropped so the next request rebuilds it.
    promise.then(
      (value) => {
        entry.value = value;
        if (expiresAt) entry.until = expiresAt(value);
        if (generation !== started && entries.get(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return promise;
  }

  return {
    /** The ready answer under `key`, built once by `build` (concurrent callers share one build). */
    get: (key: string, build: () => Promise<unknown>): Promise<CachedAnswer> =>
      ready(key, () => build().then(prepareAnswer)),
    ready,
    /** The answer under `key` if it is ready or being built (404s are never stored, so ids cannot grow the map). */
    peek: (key: string) => live(key) as Promise<CachedAnswer> | undefined,
    /** The answer under `key` if it is built and current, without waiting (server/fast-lane.ts). */
    now(key: string): CachedAnswer | undefined {
      if (!live(key)) return undefined;
      return entries.get(key)?.value as CachedAnswer | undefined;
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

/** Whether the client's copy is current: If-None-Match (any listed tag, or `*`) first, else If-Modified-Since. */
function notModified(request: FastifyRequest, answer: CachedAnswer): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined) {
    if (tags === answer.etag) return true;
    return tags.split(',').some((t) => {
      const tag = t.trim();
      return tag === '*' || tag === answer.etag || tag === `W/${answer.etag}`;
    });
  }
  const since = request.headers['if-modified-since'];
  if (!since || !answer.lastModified) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && Date.parse(answer.lastModified) <= at;
}

/** Sends a ready answer: 304 when the client's copy is current, br or gzip bytes when the client takes them, else plain. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');
  if (answer.lastModified) reply.header('last-modified', answer.lastModified);
  if (notModified(request, answer)) return reply.status(304).send();
  reply.type(answer.type ?? 'application/json; charset=utf-8');
  const encoding = answer.br ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(answer.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.plain);
}
