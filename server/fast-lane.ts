import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { CachedAnswer } from './modules/calculator/cache.ts';
import { negotiateEncoding } from './plugins/page-compression.ts';

/**
 * The fast lane (docs/decisions/0032-fast-lane.md): the calculator's public answers that are ready bytes in the hot
 * cache are sent straight from Node's request event, before Fastify makes a request and a reply and runs a dozen
 * hooks for an answer that needs none of them. Everything else, and any request the lane is not sure of, goes to
 * Fastify as before: the lane answers only what the route would answer with the same bytes and headers.
 *
 * A request is the lane's when it is a GET of one of the exact URLs below (no query, no doubled or missing slash,
 * `/en` prefix or none), without Authorization (a bearer's pair is personalised), without If-None-Match or
 * If-Modified-Since (the route answers those 304), and its answer is built and current. It is logged and counted as
 * the route would log and count it.
 */

/** What the lane needs of the app. */
export interface FastLaneOptions {
  /** The built answer under a hot-cache key, if current (server/modules/calculator/cache.ts `now`). */
  ready(key: string): CachedAnswer | undefined;
  log: FastifyBaseLogger;
  /** LOG_REQUESTS: one line per answer, as server/plugins/request-log.ts writes it. */
  logRequests: boolean;
  /** The next request id, the generator Fastify's own requests use (app.ts `genReqId`). */
  nextId(): string;
  observe(method: string, route: string, status: number, seconds: number): void;
  /** Draining or closing: every answer ends its connection (server/plugins/graceful-close.ts). */
  draining(): boolean;
}

/** A lane: the route's pattern (for the metrics' label) and the hot-cache key of a matched path. */
interface Lane {
  route: string;
  pattern: RegExp;
  key(match: RegExpExecArray, locale: string): string;
}

// Ids as the routes receive them: the cache keys are the raw path segments, so only what the route itself would have
// cached can ever be found.
const lanes: Lane[] = [
  { route: '/api/v1/calculator/', pattern: /^\/api\/v1\/calculator\/$/, key: (_m, locale) => `dirs:${locale}` },
  {
    route: '/api/v1/calculator/pair/:from/:to/',
    pattern: /^\/api\/v1\/calculator\/pair\/(\d{1,12})\/(\d{1,12})\/$/,
    key: (m, locale) => `pair:${m[1]}:${m[2]}:${locale}`,
  },
  {
    route: '/api/v1/calculator/course/:from/:to/',
    pattern: /^\/api\/v1\/calculator\/course\/(\d{1,12})\/(\d{1,12})\/$/,
    key: (m) => `course:${m[1]}:${m[2]}`,
  },
];

/** Answers the request and says true, or leaves it untouched and says false (Fastify takes it). */
export function fastLane(opts: FastLaneOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith('/api/v1/calculator/', url[1] === 'e' ? 3 : 0)) {
      return false;
    }
    const { headers } = req;
    if (headers.authorization !== undefined) return false;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
    const en = url.startsWith('/en/');
    const path = en ? url.slice(3) : url;
    for (const lane of lanes) {
      const match = lane.pattern.exec(path);
      if (!match) continue;
      const answer = opts.ready(lane.key(match, en ? 'en' : 'ru'));
      if (!answer) return false;
      send(opts, req, res, lane.route, answer);
      return true;
    }
    return false;
  };
}

function send(opts: FastLaneOptions, req: IncomingMessage, res: ServerResponse, route: string, answer: CachedAnswer) {
  const started = performance.now();
  // The headers sendCached (server/modules/calculator/cache.ts) sets, in its order.
  const headers: Record<string, string | number> = {
    etag: answer.etag,
    vary: 'Accept-Encoding',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (answer.lastModified) headers['last-modified'] = answer.lastModified;
  headers['content-type'] = answer.type ?? 'application/json; charset=utf-8';
  const encoding = answer.br ? negotiateEncoding(req.headers['accept-encoding']) : null;
  let body = answer.plain;
  if (encoding === 'br' && answer.br) {
    headers['content-encoding'] = 'br';
    body = answer.br;
  } else if (encoding === 'gzip' && answer.gzip) {
    headers['content-encoding'] = 'gzip';
    body = answer.gzip;
  }
  headers['content-length'] = body.length;
  if (opts.draining()) headers.connection = 'close';
  res.writeHead(200, headers);
  res.end(body);
  const seconds = (performance.now() - started) / 1000;
  opts.observe('GET', route, 200, seconds);
  if (opts.logRequests) {
    const ms = Math.round(seconds * 1000);
    const url = req.url ?? '';
    opts.log.info({ reqId: opts.nextId(), method: 'GET', url, status: 200, ms }, `GET ${url} 200 ${ms} ms`);
  }
}
