import { createHash, type Hash, randomInt } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LaneSource } from '../fast-lane.ts';
import type { PageCacheOutcome } from '../modules/metrics/service.ts';
import type { CookieSession } from '../modules/auth/service.ts';
import type { VisitorLookup } from '../../app/context.ts';
import { contestBannerCookie } from '../../app/lib/cookies.ts';
import { refreshCookieName } from '../../shared/schemas/auth.ts';
import { referralInUrl } from '../modules/referral/attribution.ts';
import { answerBuffers } from './answer-buffers.ts';
import { deviceCookie, isDeviceId } from '../request-origin.ts';
import {
  acceptsGzip,
  collect,
  compressPage,
  deflatePiece,
  type DeflatedPiece,
  joinedGzip,
  compressThreshold,
  negotiateEncoding,
  varyOnEncoding,
  withAcceptEncoding,
  type Encoding,
} from './page-compression.ts';

/**
 * Anonymous pages from a ready cache (docs/decisions/0026-anonymous-page-cache.md).
 *
 * A visitor without a session sees the same public page as every other: rendering it per request (~7 ms of React
 * plus ~1.5 ms of brotli) is what bounds the site's throughput (docs/performance.md). Such a page is rendered once per
 * key (its absolute URL, the build, the site settings in force, the one cookie the root loader reads), compressed
 * once per encoding asked for, and served from memory until content, rates or settings change (every process hears
 * it) or it reaches its age limit.
 *
 * The data a client-side navigation asks for (`.data`) is kept the same way (decision 0026, "Later: the data of a link
 * followed").
 *
 * Cached bytes cannot carry a fresh CSP nonce, so a served copy's CSP allows the page's own inline scripts by their
 * SHA-256 instead: the scripts that carry the nonce of the render that made the copy, nothing injected beside them.
 *
 * A visitor with a session gets public pages from here too (docs/decisions/0036-customers-pages-from-the-cache.md):
 * such a page is rendered once per key and role for a stand-in whose e-mail is a marker, kept cut at the marker, and
 * each visitor's answer is the pieces joined by their own e-mail. A page whose render read the account itself (the
 * account area, the console) stays this visitor's alone, rendered per request.
 */

/** A rendered page as stored: the body, what the render said about it, and when it must be rendered again. */
interface PageEntry {
  status: number;
  /** The headers the render set (content-type, cache-control, x-robots-tag...): never cookies, lengths or encodings. */
  headers: [string, string | number | string[]][];
  plain: Buffer;
  /** Compressed on the first request that asks for the encoding, then kept with the page. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** `'sha256-…'` of each inline script of the render, space-separated: the CSP's script-src in place of a nonce. */
  scriptHashes: string;
  /**
   * A page kept for visitors with a session: its bytes cut where the stand-in's e-mail stood, and the inline scripts
   * that held it cut the same way (hashed per answer, once the visitor's e-mail is in; `scriptHashes` has the rest).
   */
  cut?: { parts: Buffer[]; scripts: CutScript[]; deflated?: DeflatedPiece[] } | undefined;
  /** Epoch ms after which the page is rendered again (the age limit, or a rate in it going stale). */
  until: number;
  bytes: number;
  /**
   * A weak validator of the page's bytes (`W/"…"`), sent with a 200 copy: a browser that holds it asks again with
   * If-None-Match and gets 304 without the page. Weak: the copy goes out in several encodings.
   */
  etag: string;
}

/** The copy's validator: the same bytes give the same one in every process and after every restart. */
const pageEtag = (plain: Buffer) => `W/"${createHash('sha1').update(plain).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (compared weakly, RFC 9110 §13.1.2), or is `*`. */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/** Set with the 307 for a page that cannot be kept cut: the visitor's next pages are rendered for their own session. */
const ownRenderCookie = 'own_render';

/** More pages than this are not kept whatever their size: most keys past it are probes with random queries. */
const maxEntries = 500;
/**
 * The safety net behind the invalidation: a page is rendered again at least this often. It bounds what no event
 * announces (the footer's year, a lost Redis message) and costs one render per page a minute.
 */
const pageMaxAgeMs = 60_000;
/** New pages stay on probation until requested again; a burst of one-off URLs then only evicts other newcomers. */
const probationShare = 0.2;

/**
 * The pages in memory: at most `maxEntries` and `maxBytes`, evicted least recently used first. Segmented: a page
 * enters on probation and moves to the protected part when it is asked for again, so a scan of random URLs (each
 * rendered once, never asked again) evicts other newcomers, not the home page. `clear()` bumps the generation: a
 * render that started before it is not stored after it.
 */
export function pageStore(opts: { maxBytes: number; maxEntries?: number }) {
  const limit = { entries: opts.maxEntries ?? maxEntries, bytes: opts.maxBytes };
  type Part = { map: Map<string, PageEntry>; bytes: number };
  const probation: Part = { map: new Map(), bytes: 0 };
  const hot: Part = { map: new Map(), bytes: 0 };
  let generation = 0;

  const put = (part: Part, key: string, entry: PageEntry) => {
    part.map.set(key, entry);
    part.bytes += entry.bytes;
  };
  const take = (part: Part, key: string) => {
    const entry = part.map.get(key);
    if (entry) {
      part.map.delete(key);
      part.bytes -= entry.bytes;
    }
    return entry;
  };
  const oldest = (part: Part) => part.map.keys().next().value as string;
  function trim() {
    // The protected part keeps at most its share; its least recent page goes back on probation.
    const share = 1 - probationShare;
    while (hot.map.size > limit.entries * share || hot.bytes > limit.bytes * share) {
      const key = oldest(hot);
      put(probation, key, take(hot, key)!);
    }
    while (probation.map.size + hot.map.size > limit.entries || probation.bytes + hot.bytes > limit.bytes) {
      const from = probation.map.size ? probation : hot;
      take(from, oldest(from));
    }
  }

  return {
    get generation() {
      return generation;
    },
    /** The page under `key` if it is still good at `now` (an expired one is dropped). */
    get(key: string, now: number): PageEntry | undefined {
      const entry = take(hot, key) ?? take(probation, key);
      if (!entry || entry.until <= now) return undefined;
      // Asked again: to the most recent end of the protected part.
      put(hot, key, entry);
      trim();
      return entry;
    },
    set(key: string, entry: PageEntry) {
      // One page may not take more than the probation's share: a huge answer is served as rendered.
      if (entry.bytes > limit.bytes * probationShare) return;
      take(hot, key);
      take(probation, key);
      put(probation, key, entry);
      trim();
    },
    /** `entry` got a compressed copy of `added` bytes: counted from now if it is still kept. */
    grew(key: string, entry: PageEntry, added: number) {
      const part = hot.map.get(key) === entry ? hot : probation.map.get(key) === entry ? probation : null;
      entry.bytes += added;
      if (!part) return;
      part.bytes += added;
      trim();
    },
    clear() {
      generation += 1;
      for (const part of [probation, hot]) {
        part.map.clear();
        part.bytes = 0;
      }
    },
    size: () => probation.map.size + hot.map.size,
    bytes: () => probation.bytes + hot.bytes,
  };
}
type PageStore = ReturnType<typeof pageStore>;

const inlineScript = /<script\b([^>]*)>([^]*?)<\/script\s*>/gi;

/**
 * The CSP source expressions for the inline scripts of `html` that carry `nonce`: those the render wrote (React
 * Router's context and module scripts, the calculator's early-capture script). An inline script without that nonce
 * (markup injected through content) gets no hash and stays blocked, as the nonce policy blocks it. Hashed as the
 * browser hashes them: the element's text, UTF-8, line breaks normalised by the HTML parser.
 */
export function inlineScriptHashes(html: string, nonce: string): string {
  return [...new Set(inlineScripts(html, nonce).map(scriptHash))].join(' ');
}

/** The texts of the inline scripts of `html` that carry `nonce`, line breaks normalised as the HTML parser does. */
function inlineScripts(html: string, nonce: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    if (/\snonce="([^"]*)"/.exec(attributes)?.[1] !== nonce) continue;
    scripts.push(text.replace(/\r\n?/g, '\n'));
  }
  return scripts;
}

/** A script's CSP source expression, hashed as the browser hashes it: the element's text, UTF-8. */
const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * An inline script cut where the stand-in's e-mail stood, to be hashed per answer with the visitor's e-mail in: the
 * hash already run over the part before the first cut (SHA-256 goes front to back, so a copy of that state carries on
 * from there), and the parts after it.
 */
interface CutScript {
  start: Hash;
  rest: string[];
}

function cutScript(text: string, marker: string): CutScript {
  const [first = '', ...rest] = text.split(marker);
  return { start: createHash('sha256').update(first, 'utf8'), rest };
}

/** `script`'s CSP source expression with `fill` in its cuts. */
function cutScriptHash(script: CutScript, fill: string): string {
  const hash = script.start.copy();
  for (const part of script.rest) hash.update(fill, 'utf8').update(part, 'utf8');
  return `'sha256-${hash.digest('base64')}'`;
}

/**
 * An e-mail written the same in every place a page holds it: none of its characters is one that HTML text, an
 * attribute, JSON or a script's text escapes. Only such an address is put into a kept page's pieces; a visitor with
 * any other (an apostrophe, `&`, non-ASCII) gets their pages rendered.
 */
const plainEmail = /^[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9.-]{1,253}$/;

/**
 * The stand-in's e-mail a kept page is rendered with, one per process. Its parts are counted apart from the whole, in
 * any case: a page that wrote the e-mail changed (in capitals, cut short, split at the `@`) has no one place to put a
 * visitor's e-mail. What keeps nothing recognisable of it (an initial alone) cannot be told: the e-mail is written on
 * the server as it is (docs/decisions/0036).
 */
function standInEmail() {
  const token = `vq${randomInt(2 ** 47).toString(36)}${randomInt(2 ** 47).toString(36)}`;
  const domain = 'stand-in.invalid';
  return { email: `${token}@${domain}`, traces: [token.slice(0, 6), domain] };
}

/** How many times `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** `parts` joined by `fill`. */
function joined(parts: Buffer[], fill: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    if (i > 0) pieces.push(fill);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}

/** `bytes` cut at every `marker`. */
function cutAt(bytes: Buffer, marker: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

/** Headers that belong to one answer, not to the page: never stored, never copied to another answer. */
const ownHeaders = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'x-page-cache',
  // A hit's policy names the copy's hashes (reply.allowScripts), never the nonce of the render that made it.
  'content-security-policy',
]);

/** A render others may wait for: it settles with the copy it kept, or null. */
interface Flight {
  generation: number;
  done: Promise<PageEntry | null>;
  settle: (entry: PageEntry | null) => void;
}

interface Miss {
  key: string;
  generation: number;
  /** The reply's headers when the render started: what changed after is the render's. */
  before: Record<string, unknown>;
  /** Set when this render is the one others of the same page wait for. */
  flight?: Flight | undefined;
}

/**
 * How long a request waits for another's render of its page before it renders the page itself: a render takes a few
 * milliseconds, so this is only reached when that render hangs (the stream timeout is 5 s).
 */
const flightWaitMs = 2_000;
const waitFor = (done: Promise<PageEntry | null>) =>
  new Promise<PageEntry | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), flightWaitMs);
    void done.then((entry) => {
      clearTimeout(timer);
      resolve(entry);
    });
  });

export interface PageCacheOptions {
  store: PageStore;
  /** The build's id: a new build renders every page anew. */
  buildId: string;
  /** The site settings in force (server/modules/site/site-settings.ts): a page rendered under others is not served. */
  site: () => object;
  /** When a rate in what was just rendered goes stale (the calculator's catalogue). */
  rateStaleAt: () => number;
  /** TRUST_PROXY: the page's protocol and host are the forwarded ones, as Fastify reads them. */
  trustProxy: boolean;
  /** Every document's security headers, the CSP allowing these script sources (server/plugins/security.ts). */
  documentHeaders: (scriptSources: string) => Record<string, string>;
  /** Counts each HTML answer by what the cache did (the metrics' `obmen_page_cache_answers_total`). */
  answered?: (outcome: PageCacheOutcome) => void;
  /** The session of a refresh cookie's value (the auth service's lookup), for a visitor with one. */
  session: (refreshCookie: string) => Promise<CookieSession | null>;
}

/** A visitor with a session whose page is rendered for the stand-in, or served cut: their e-mail goes in its place. */
interface Signed {
  /** The page's key: the anonymous one with the role. */
  key: string;
  email: Buffer;
  /** The render read the account (app/lib/guards.ts `cookieSession`): its page is not kept. */
  personal: boolean;
}

/** The last of a header's comma-separated values (the one the nearest proxy added), as Fastify takes it. */
const lastValue = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

/**
 * The cache's hooks on the React Router routes of `scope`. Registered before the page compression: a page served
 * or stored here leaves with its encoding set, which that hook then leaves alone.
 */
export function registerPageCache(
  scope: FastifyInstance,
  opts: PageCacheOptions,
): { lane: LaneSource; visitor: (request: FastifyRequest) => VisitorLookup | undefined } {
  const { store } = opts;
  const answered = opts.answered ?? (() => {});
  const standIn = standInEmail();
  /** The answers given from a copy: the body sent (gzip already for a visitor's own copy when `gzip`). */
  const hits = new WeakMap<FastifyRequest, { key: string; entry: PageEntry; body: Buffer; gzip?: boolean }>();
  const bodies = answerBuffers();
  const visitors = new WeakMap<FastifyRequest, VisitorLookup>();
  const signedIn = new WeakMap<FastifyRequest, Signed>();
  /**
   * Keys whose page did not hold the stand-in's e-mail whole (a component wrote a part of it): rendered for each
   * visitor's own session from then on. Emptied when full: a render of each such page again finds it out.
   */
  const unfit = new Set<string>();
  const misses = new WeakMap<FastifyRequest, Miss>();
  /** The renders whose copy others are waiting for, by page key: at most one per key. */
  const flights = new Map<string, Flight>();
  /** The render of `miss` is over: those waiting get its copy, or null (not kept) and render the page themselves. */
  const land = (miss: Miss, entry: PageEntry | null) => {
    const { flight } = miss;
    if (!flight) return;
    miss.flight = undefined;
    if (flights.get(miss.key) === flight) flights.delete(miss.key);
    flight.settle(entry);
  };
  // A render that never reaches the cache's onSend (its request aborted, an error before any answer) still lands.
  scope.addHook('onResponse', (request, _reply, done) => {
    const miss = misses.get(request);
    if (miss) land(miss, null);
    done();
  });
  scope.addHook('onRequestAbort', (request, done) => {
    const miss = misses.get(request);
    if (miss) land(miss, null);
    done();
  });
  // The settings' values as a key part, computed once per values object (the store replaces it on every change).
  const siteKeys = new WeakMap<object, string>();
  const siteKey = () => {
    const values = opts.site();
    let key = siteKeys.get(values);
    if (key === undefined) {
      key = createHash('sha1').update(JSON.stringify(values)).digest('base64url').slice(0, 16);
      siteKeys.set(values, key);
    }
    return key;
  };

  const pageKey = (cookies: Record<string, string | undefined>, protocol: string, host: string, url: string) => {
    const dismissed = cookies[contestBannerCookie.name] === contestBannerCookie.value ? 'd' : '-';
    return `${opts.buildId} ${siteKey()} ${dismissed} ${protocol}://${host}${url}`;
  };

  scope.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // A referral link's visit sets its `ref` cookie (server/modules/referral/attribution.ts): rendered for itself,
    // and its codes never fill the cache.
    if (referralInUrl(request.url)) return;
    // What the render reads from the request: the URL as React Router gets it (the host too: a news page's share
    // links are absolute) and the contest banner's cookie. The locale is the path's.
    let key = pageKey(request.cookies, request.protocol, request.host, request.originalUrl);
    const refreshCookie = request.cookies[refreshCookieName];
    let signed: Signed | undefined;
    if (refreshCookie) {
      // A session shows its visitor (the header's e-mail, the role's links): looked up here once, and the render
      // reads it from the load context. A lookup that fails (the database away) leaves the render to its own.
      const session = await opts.session(refreshCookie).catch(() => undefined);
      if (session === undefined) return;
      if (session === null) {
        // A cookie of an ended session: the render shows a guest, the anonymous page.
        visitors.set(request, { session: null, own: null, readAccount() {} });
      } else {
        key = `${key} ${session.role}${session.activated ? '' : ' not-activated'}`;
        if (!plainEmail.test(session.email) || unfit.has(key) || request.cookies[ownRenderCookie]) {
          visitors.set(request, { session, own: session, readAccount() {} });
          return;
        }
        signed = { key, email: Buffer.from(session.email), personal: false };
        const mark = signed;
        signedIn.set(request, mark);
        visitors.set(request, {
          session: { ...session, email: standIn.email },
          own: session,
          readAccount: () => (mark.personal = true),
        });
      }
    }
    let entry = store.get(key, Date.now());
    // The same page being rendered for another visitor right now (the first requests after a change, all at once):
    // its copy is waited for instead of rendering it again beside it.
    const flight = entry ? undefined : flights.get(key);
    if (flight && flight.generation === store.generation) entry = (await waitFor(flight.done)) ?? undefined;
    // A kept page comes cut when it was rendered for the stand-in: a visitor with a session never gets one that is not,
    // nor a guest one that is (their keys differ; this holds even if they did not).
    if (entry && !signed !== !entry.cut) entry = undefined;
    if (!entry) {
      // HEAD renders no body: nothing to keep.
      if (request.method === 'GET') {
        const miss: Miss = { key, generation: store.generation, before: reply.getHeaders() };
        misses.set(request, miss);
        const current = flights.get(key);
        if (!current || current.generation !== miss.generation) {
          let settle!: (entry: PageEntry | null) => void;
          const done = new Promise<PageEntry | null>((resolve) => (settle = resolve));
          miss.flight = { generation: miss.generation, done, settle };
          flights.set(key, miss.flight);
        }
      }
      return;
    }
    if (signed && entry.cut) return sendCut(request, reply, key, entry, entry.cut, signed);
    if (entry.status === 200 && namesEtag(request.headers['if-none-match'], entry.etag)) {
      // The visitor holds this very copy: its headers that describe it, and no body. A browser stores a 304's
      // headers over the held answer's (RFC 9111 §4.3.4), so the policy must be the copy's own, its scripts' hashes
      // included: a policy without them would block the held page's inline scripts on its next use.
      reply.code(304);
      reply.allowScripts(entry.scriptHashes);
      for (const [name, value] of entry.headers)
        if (name === 'cache-control' || name === 'vary') reply.header(name, value);
      varyOnEncoding(reply);
      reply.header('etag', entry.etag).header('x-page-cache', 'hit');
      answered('not_modified');
      reply.send();
      return reply;
    }
    hits.set(request, { key, entry, body: entry.plain });
    reply.code(entry.status);
    for (const [name, value] of entry.headers) reply.header(name, value);
    // The same policy as a rendered page's, with the copy's script hashes where that answer's nonce stood.
    reply.allowScripts(entry.scriptHashes);
    reply.send(entry.plain);
    return reply;
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const hit = hits.get(request);
    if (hit) {
      // Another hook answered instead (the 404 limit's 429): that answer goes as it is.
      if (payload !== hit.body) return payload;
      reply.header('x-page-cache', 'hit');
      answered('hit');
      // A visitor's own copy: gzip already, or on to the page compression as a rendered page. Its encoding is said
      // only here, once the body is known to be the copy's.
      if (hit.entry.cut) {
        if (hit.gzip) {
          varyOnEncoding(reply);
          reply.header('content-encoding', 'gzip').header('content-length', hit.body.length);
        }
        return hit.body;
      }
      if (hit.entry.status === 200) reply.header('etag', hit.entry.etag);
      return encoded(request, reply, hit.key, hit.entry);
    }
    const signed = signedIn.get(request);
    if (signed) return signedAnswer(request, reply, payload, signed);
    const miss = misses.get(request);
    // A page, or the data a link followed asks for: what the cache may answer, so counted as its hits are.
    const type = String(reply.getHeader('content-type') ?? '');
    const page = type.startsWith('text/html') || isDataRequest(request.url);
    if (!miss || !storable(reply, type)) {
      if (miss) land(miss, null);
      if (page) {
        reply.header('x-page-cache', 'bypass');
        answered('bypass');
      }
      return payload;
    }
    const plain = await collect(payload);
    if (!plain) {
      land(miss, null);
      return payload;
    }
    const entry = keep(reply, miss, plain, {
      scriptHashes: inlineScriptHashes(plain.toString('utf8'), reply.scriptNonce),
    });
    if (entry.status === 200) reply.header('etag', entry.etag);
    return encoded(request, reply, miss.key, entry);
  });

  /** `plain`, just rendered, as the copy of `miss`'s page: kept, and handed to those waiting for it. */
  function keep(
    reply: FastifyReply,
    miss: Miss,
    plain: Buffer,
    scripts: Pick<PageEntry, 'scriptHashes' | 'cut'>,
  ): PageEntry {
    const now = Date.now();
    const staleAt = opts.rateStaleAt();
    const entry: PageEntry = {
      status: reply.statusCode,
      headers: renderedHeaders(reply, miss),
      plain,
      encoded: {},
      ...scripts,
      until: Math.min(now + pageMaxAgeMs, staleAt > now ? staleAt : Infinity),
      bytes: plain.length,
      etag: pageEtag(plain),
    };
    // A change published while this page was rendering may not be in it: it is sent, not kept (nor given to those
    // waiting for it: they render the page anew).
    const current = store.generation === miss.generation;
    if (current) store.set(miss.key, entry);
    land(miss, current ? entry : null);
    reply.header('x-page-cache', 'miss');
    answered('miss');
    return entry;
  }

  /**
   * The visitor's own copy of a page kept cut: their e-mail in the stand-in's places, and the hashes of the scripts that
   * hold it. Gzip from the pieces compressed once (with the page, on its first such answer) and the e-mail's few
   * bytes; a client that takes no gzip gets it compressed on its way out like a rendered page.
   */
  function sendCut(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    entry: PageEntry,
    cut: NonNullable<PageEntry['cut']>,
    signed: Signed,
  ) {
    const fill = signed.email.toString();
    const hashes = cut.scripts.map((script) => cutScriptHash(script, fill));
    reply.code(entry.status);
    for (const [name, value] of entry.headers) reply.header(name, value);
    let body: Buffer;
    let gzip = false;
    if (
      request.method === 'GET' &&
      entry.plain.length >= compressThreshold &&
      acceptsGzip(request.headers['accept-encoding'])
    ) {
      if (!cut.deflated) {
        cut.deflated = cut.parts.map((part) => deflatePiece(part));
        store.grew(
          key,
          entry,
          cut.deflated.reduce((sum, piece) => sum + piece.deflated.length, 0),
        );
      }
      // Into a buffer given back once the answer is written: a new one per answer grew V8's external memory by the
      // page's size each time, which set off a full collection every ~0.6 s under load (answer-buffers.ts).
      body = joinedGzip(cut.deflated, signed.email, (size) => {
        const { body, release } = bodies.lease(size);
        reply.raw.once('finish', release);
        return body;
      });
      gzip = true;
    } else body = joined(cut.parts, signed.email);
    hits.set(request, { key, entry, body, gzip });
    reply.allowScripts([entry.scriptHashes, ...hashes].filter(Boolean).join(' '));
    reply.send(body);
    return reply;
  }

  /**
   * What a render for the stand-in answers its visitor: the page with their e-mail in the stand-in's places (kept cut
   * for the next visitor of the same role when it may be). A page that holds only a part of the stand-in's e-mail
   * cannot be: the visitor is sent to the same address again, which is then rendered for their own session.
   */
  async function signedAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, signed: Signed) {
    const miss = misses.get(request);
    const plain = await collect(payload);
    if (!plain) {
      if (miss) land(miss, null);
      return payload;
    }
    // The marker as it was given, against its parts in any case: one written in capitals counts only as the latter.
    const text = plain.toString('latin1');
    const whole = occurrences(text, standIn.email);
    const anyCase = text.toLowerCase();
    if (standIn.traces.some((trace) => occurrences(anyCase, trace) !== whole)) {
      if (miss) land(miss, null);
      if (unfit.size >= maxEntries) unfit.clear();
      unfit.add(signed.key);
      request.log.error({ url: request.originalUrl }, 'page cache: a page wrote a part of the stand-in e-mail');
      // Back to the same address, rendered then for the visitor's own session: in this process by the key, in any
      // other (behind a load balancer) by the cookie, for a minute.
      reply.setCookie(ownRenderCookie, '1', { path: '/', maxAge: 60, httpOnly: true, sameSite: 'lax' });
      reply.code(307).header('location', request.originalUrl).header('cache-control', 'no-store');
      reply.removeHeader('content-type');
      return '';
    }
    const parts = cutAt(plain, standIn.email);
    const type = String(reply.getHeader('content-type') ?? '');
    const page = type.startsWith('text/html') || isDataRequest(request.url);
    if (miss && !signed.personal && storable(reply, type)) {
      const scripts = inlineScripts(plain.toString('utf8'), reply.scriptNonce);
      const holding = (text: string) => text.includes(standIn.email);
      keep(reply, miss, plain, {
        scriptHashes: [...new Set(scripts.filter((text) => !holding(text)).map(scriptHash))].join(' '),
        cut: { parts, scripts: scripts.filter(holding).map((text) => cutScript(text, standIn.email)) },
      });
    } else {
      if (miss) land(miss, null);
      if (page) {
        reply.header('x-page-cache', 'bypass');
        answered('bypass');
      }
    }
    // This answer's own scripts carry its nonce: the e-mail in them changes nothing the policy checks.
    return parts.length === 1 ? plain : joined(parts, signed.email);
  }

  /** The page's bytes in `encoding` (compressed at most once per entry and encoding), or plain when too small. */
  function bytesIn(key: string, entry: PageEntry, encoding: Encoding | null) {
    if (!encoding || entry.plain.length < compressThreshold) return { body: entry.plain, encoding: null };
    let body = entry.encoded[encoding];
    if (!body) {
      body = compressPage(entry.plain, encoding);
      entry.encoded[encoding] = body;
      store.grew(key, entry, body.length);
    }
    return { body, encoding };
  }

  /** The page's bytes in the client's encoding. */
  function encoded(request: FastifyRequest, reply: FastifyReply, key: string, entry: PageEntry): Buffer {
    varyOnEncoding(reply);
    const wanted = request.method === 'HEAD' ? null : negotiateEncoding(request.headers['accept-encoding']);
    const { body, encoding } = bytesIn(key, entry, wanted);
    if (encoding) {
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
    }
    return body;
  }

  /**
   * The fast lane's pages (server/fast-lane.ts): a GET whose page is kept, with status 200, answered as the hooks
   * above answer a hit. Only a request the hooks would certainly answer from this copy, unchanged: no session cookie
   * (its lookup is asynchronous, and its copy is cut: the hooks answer it), no referral (bypassed above), no browser about to be given its device cookie (server/request-origin.ts sets it on
   * an HTML request without one), not a 404 (the 404 limit counts those), and not a revalidation (If-None-Match: the
   * hooks answer it, 304 when it names the copy). Its key is read off the raw request as Fastify reads it (the
   * cookies, the protocol and host, forwarded ones behind a trusted proxy, the URL as sent).
   */
  const lane: LaneSource = (req) => {
    const { headers } = req;
    if (headers['if-none-match'] !== undefined) return null;
    const cookies = headers.cookie ? fastifyCookie.parse(headers.cookie) : {};
    if (cookies[refreshCookieName] || referralInUrl(req.url!)) return null;
    if (headers.accept?.includes('text/html') && !isDeviceId(cookies[deviceCookie.name])) return null;
    const forwardedProto = opts.trustProxy ? headers['x-forwarded-proto'] : undefined;
    const forwardedHost = opts.trustProxy ? headers['x-forwarded-host'] : undefined;
    const protocol =
      typeof forwardedProto === 'string'
        ? lastValue(forwardedProto)
        : (req.socket as TLSSocket).encrypted
          ? 'https'
          : 'http';
    const host = typeof forwardedHost === 'string' ? lastValue(forwardedHost) : headers.host;
    if (!host) return null;
    const key = pageKey(cookies, protocol, host, req.url!);
    const entry = store.get(key, Date.now());
    if (!entry || entry.cut || entry.status !== 200) return null;
    const answer: Record<string, string | number | string[]> = { ...opts.documentHeaders(entry.scriptHashes) };
    for (const [name, value] of entry.headers) answer[name] = value;
    answer['x-page-cache'] = 'hit';
    answer.etag = entry.etag;
    answered('hit');
    answer.vary = withAcceptEncoding(String(answer.vary ?? ''));
    const { body, encoding } = bytesIn(key, entry, negotiateEncoding(headers['accept-encoding']));
    if (encoding) answer['content-encoding'] = encoding;
    return { route: '*', headers: answer, body };
  };
  return { lane, visitor: (request) => visitors.get(request) };
}

/**
 * A rendered answer anyone may get again: a public page or the 404 page, or the data a client-side navigation to one
 * asks for (React Router's `.data` request, a turbo-stream of the same loaders' data the page's HTML carries), no
 * cookie of its own, not private.
 */
function storable(reply: FastifyReply, type: string): boolean {
  if (reply.statusCode !== 200 && reply.statusCode !== 404) return false;
  if (!type.startsWith('text/html') && !(type.startsWith('text/x-script') && isDataRequest(reply.request.url)))
    return false;
  if (reply.getHeader('content-encoding')) return false;
  if (/\b(no-store|private)\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return false;
  // Cookies are written just before this hook (@fastify/cookie's onSend): the device cookie, set on every browser's
  // first page, changes nothing in it; any other cookie makes the answer this visitor's.
  const cookies = reply.getHeader('set-cookie');
  const setting = Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)];
  return setting.every((c) => c.startsWith(`${deviceCookie.name}=`));
}

/** The headers the render set on `reply` (those there before it and the answer's own left out). */
function renderedHeaders(reply: FastifyReply, miss: Miss): PageEntry['headers'] {
  return Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
    ownHeaders.has(name) || value === undefined || same(miss.before[name], value)
      ? []
      : [[name, value] as [string, string | number | string[]]],
  );
}

/** React Router's single-fetch data request: the page's path with `.data` (`/en/rules.data`; the root's own is `/_.data`). */
const isDataRequest = (url: string) => /\.data(\?|$)/.test(url);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
