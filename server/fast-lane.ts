import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { CachedAnswer } from './modules/calculator/cache.ts';
import { negotiateEncoding } from './plugins/page-compression.ts';
import { writeRequestLine } from './plugins/request-log.ts';

/**
 * The fast lane (docs/decisions/0032-fast-lane.md): answers that are ready bytes (the calculator's public answers in
 * the hot cache, anonymous pages in the page cache) are sent straight from Node's request event, before Fastify
 * makes a request and a reply and runs a dozen hooks for an answer that needs none of them. Everything else, and any
 * request a source is not sure of, goes to Fastify as before: the lane sends only what the route would send, the same
 * bytes and headers, and logs and counts it as the route would.
 *
 * The calculator's (below): a GET of one of the exact URLs of `lanes` (no query, no doubled or missing slash, `/en`
 * prefix or none), whose answer is built and current. The page cache's: server/plugins/page-cache.ts.
 */

/** An answer the lane sends: the route it stands for (the metrics' label), and what the route would send. */
export interface LaneAnswer {
  route: string;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

/** A kind of ready answer: the request's, if it is ready and certainly the same as the route's, else null. */
export type LaneSource = (req: IncomingMessage) => LaneAnswer | null;

/** What the lane needs of the app. */
export interface FastLaneOptions {
  sources: LaneSource[];
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

/**
 * The calculator's public answers (server/modules/calculator/exchange-routes.ts) when `ready` has them built: no
 * Authorization (a bearer's pair is personalised), no If-None-Match or If-Modified-Since (the route answers those
 * 304), no query.
 */
export function calculatorAnswers(ready: (key: string) => CachedAnswer | undefined): LaneSource {
  return (req) => {
    const url = req.url!;
    if (!url.startsWith('/api/v1/calculator/', url[1] === 'e' ? 3 : 0)) return null;
    const { headers } = req;
    if (headers.authorization !== undefined) return null;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return null;
    const en = url.startsWith('/en/');
    const path = en ? url.slice(3) : url;
    for (const lane of lanes) {
      const match = lane.pattern.exec(path);
      if (!match) continue;
      const answer = ready(lane.key(match, en ? 'en' : 'ru'));
      return answer ? { route: lane.route, ...cachedAnswer(req, answer) } : null;
    }
    return null;
  };
}

/** The headers and bytes sendCached (server/modules/calculator/cache.ts) sends for a 200, in its order. */
function cachedAnswer(req: IncomingMessage, answer: CachedAnswer) {
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
  return { headers, body };
}

/** Answers the request and says true, or leaves it untouched and says false (Fastify takes it). */
export function fastLane(opts: FastLaneOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.url === undefined) return false;
    for (const source of opts.sources) {
      const answer = source(req);
      if (answer) {
        send(opts, req, res, answer);
        return true;
      }
    }
    return false;
  };
}

function send(opts: FastLaneOptions, req: IncomingMessage, res: ServerResponse, answer: LaneAnswer) {
  const started = performance.now();
  const { headers, body } = answer;
  headers['content-length'] = body.length;
  if (opts.draining()) headers.connection = 'close';
  res.writeHead(200, headers);
  res.end(body);
  const seconds = (performance.now() - started) / 1000;
  opts.observe('GET', answer.route, 200, seconds);
  if (opts.logRequests) {
    writeRequestLine(opts.log, {
      reqId: opts.nextId(),
      method: 'GET',
      url: req.url ?? '',
      status: 200,
      ms: Math.round(seconds * 1000),
    });
  }
}
