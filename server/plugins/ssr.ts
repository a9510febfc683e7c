import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, fastifyReactRouter, sendResponse } from '@mcansh/react-router-fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext, type PublicSite, type VisitorLookup } from '../../app/context.ts';
import { documentBytesOf } from '../../app/document-answer.ts';
import { refreshCookieName } from '../../shared/schemas/auth.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { monitoringAttemptKey, monitoringIpLimit } from '../modules/content/routes.ts';
import { overLimit } from '../throttle.ts';
import { AppError } from '../errors.ts';
import { redactedError } from '../log-redaction.ts';
import type { LaneSource } from '../fast-lane.ts';
import type { Services } from '../services.ts';
import { pageStore, registerPageCache } from './page-cache.ts';
import { registerPageCompression } from './page-compression.ts';
import { outageAwareServices } from './outage-aware-services.ts';

const immutable = 'public, max-age=31536000, immutable';
/** A Host header that is a host and maybe a port, nothing else: no credentials, path, query or fragment. */
function isPlainHost(host: string): boolean {
  const url = URL.parse(`http://${host}/`);
  return url !== null && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
}

/**
 * A page's form post whose Origin is not this site's address, as React Router's own check reads it (the page's URL is
 * built from the request's protocol and Host; none passes, an opaque "null" does not). React Router refused
 * these itself, but logged each as the site's error and answered a bare "Bad Request": any client could fill the
 * error log with them. Refused here first, in the API's shape, React Router's check then never trips.
 */
function crossSiteAction(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return URL.parse(origin)?.origin !== `${request.protocol}://${request.host}`;
}

/** The largest form post a page takes (the monitoring registration: four short fields, about 2 KB at most). */
const pageFormBodyLimit = 64 * 1024;

/**
 * A page rendered with a session shows that visitor (the header's e-mail at least): such an answer must never be
 * stored by a shared cache and served to someone else (docs/decisions/0016). The session is the refresh cookie, the
 * same one the root loader reads; a stale cookie makes a guest page private too, which costs nothing. Pages that set
 * `no-store` themselves (account, console, claim) keep it. Anonymous answers are left as they are.
 */
function registerSessionPrivacy(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!request.cookies[refreshCookieName]) return payload;
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (!/\b(no-store|private)\b/i.test(cacheControl)) reply.header('cache-control', 'private, no-cache');
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\bcookie\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Cookie` : 'Cookie');
    return payload;
  });
}

/**
 * The site's server bundle in `buildDir`. A start loads it while the database is still coming up (server/main.ts):
 * a module is loaded once, so registerSsr then finds it ready.
 */
export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
}

/** The React Router app for every path no API route claims, plus the built client assets. */
export async function registerSsr(
  app: FastifyInstance,
  opts: {
    config: Config;
    services: Services;
    vite?: ViteDevServer | undefined;
    /**
     * The app runs without a logger (the tests): a page's errors go to console.error, which a test sees (and fails
     * on unless it expects them), redacted as the logger would.
     */
    consoleLog?: boolean;
  },
): Promise<{ cachedPages: LaneSource | null }> {
  let cachedPages: LaneSource | null = null;
  // The session the page cache looked up for a visitor with a session cookie, handed to the render.
  let visitorOf: ((request: FastifyRequest) => VisitorLookup | undefined) | undefined;
  const { config, services, vite } = opts;
  let buildId = 'dev';
  // The environment's values under the admin's site settings (server/modules/admin/settings/site.ts): read from
  // memory; `ready()` only waits on the very first request after start.
  const site = async (): Promise<PublicSite> => {
    const values = await services.site.ready();
    return {
      supportEmail: values.supportEmail,
      publicUrl: config.publicUrl,
      buildId,
      exchangeTimeZone: config.exchangeTimeZone,
      chatScriptUrl: values.chatScriptUrl,
      analyticsScriptUrl: values.analyticsScriptUrl,
      analyticsId: values.analyticsId,
    };
  };
  // A page's errors go through the logger, whose `err` serializer drops a failed query's parameters and the driver's
  // detail (server/log-redaction.ts); console.error printed the whole DrizzleQueryError.
  const logError = (log: FastifyBaseLogger, error: unknown, message: string) => {
    if (!opts.consoleLog) return log.error({ err: error }, message);
    console.error(message, error instanceof Error ? redactedError(error) : error);
  };
  const pageServices = outageAwareServices(services, (cause) => logError(app.log, cause, 'page: database unavailable'));
  // The same counters and keys as the forms' API routes: a page post and an API call share one allowance.
  const formPostLimits = { monitoring: { key: monitoringAttemptKey, limit: monitoringIpLimit } };
  const getLoadContext = async (request: FastifyRequest, reply: FastifyReply) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      locale: request.locale,
      nonce: reply.scriptNonce,
      services: pageServices,
      site: await site(),
      databaseUnavailable: isDatabaseUnavailable,
      logError: (error, message) => logError(request.log, error, message),
      visitor: visitorOf?.(request),
      countFormPost: async (form) => {
        const { key, limit } = formPostLimits[form];
        return (await overLimit(app.counters, key(request.ip), limit)) ? limit.windowSeconds : null;
      },
    });
    return context;
  };

  if (vite) {
    await app.register(fastifyReactRouter, { devServer: vite, getLoadContext });
  } else {
    const build = await loadServerBuild(config.buildDir);
    buildId = build.assets.version;
    // Hashed assets were compressed at build time (br, gz): served as they are, cached forever (docs/performance.md).
    await app.register(fastifyStatic, {
      root: path.join(config.buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? immutable : 'public, max-age=3600',
        );
      },
    });
    const reactRouter = createRequestHandler(build, 'production');
    // The adapter's handler, but a rendered page goes as the bytes the render made (app/document-answer.ts).
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await reactRouter(createRequest(request, reply), await getLoadContext(request, reply));
      const bytes = documentBytesOf(response);
      if (!bytes) return sendResponse(reply, response);
      await response.body?.cancel();
      reply.status(response.status);
      for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(bytes);
    };
    // Route actions read form posts themselves (request.formData()): hand them the body's bytes. Scoped to the SSR
    // route, so the API keeps refusing bodies it does not parse (415).
    await app.register(async (scope) => {
      // Anonymous public pages are rendered once per version and served from memory, compressed once
      // (docs/decisions/0026-anonymous-page-cache.md); its hooks run before the compression's.
      if (config.pageCache.enabled) {
        const store = pageStore({ maxBytes: config.pageCache.maxBytes });
        // The same invalidations that drop the content memo and the calculator's answers, here and (with REDIS_URL)
        // in every other process: a rate, a text or a setting shows on the very next anonymous page.
        services.content.onInvalidate(() => store.clear());
        services.calculator.cache.onInvalidate(() => store.clear());
        const cache = registerPageCache(scope, {
          store,
          buildId,
          site: () => services.site.current(),
          rateStaleAt: () => services.calculator.nextRateStaleAt(),
          trustProxy: config.trustProxy,
          documentHeaders: (sources) => app.documentHeaders(sources),
          answered: (outcome) => services.metrics.pageCacheAnswered(outcome),
          session: (refreshCookie) => services.auth.sessionFromRefreshCookie(refreshCookie),
        });
        cachedPages = cache.lane;
        visitorOf = cache.visitor;
      }
      // Other pages differ per request (their nonce at least), so they are compressed per request: ~90 KB of HTML
      // with its inline stylesheet becomes ~18 KB for ~1 ms (docs/decisions/0010). Static assets stay precompressed
      // (docs/performance.md).
      registerPageCompression(scope);
      registerSessionPrivacy(scope);
      // The page's Request is built from the client's Host header (the adapter's createRequest); one that makes no URL
      // there (empty, `a:b:c`, `user@host`) threw, a 500. Links and redirects use PUBLIC_URL, never this host.
      scope.addHook('onRequest', (request, _reply, done) => {
        if (!isPlainHost(request.host)) return done(new AppError('malformed_url'));
        done(crossSiteAction(request) ? new AppError('cross_site') : undefined);
      });
      // Read here, within a limit, as bytes the action parses: handed on as the raw stream, a post of any size
      // reached request.formData(). A page's form is a few fields; a larger body answers 413.
      scope.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
        { parseAs: 'buffer', bodyLimit: pageFormBodyLimit },
        (_request, body, done) => done(null, body),
      );
      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '*',
        handler,
        schema: { hide: true },
      });
    });
  }

  // The client polls the current build id (docs/product/behaviour.md: every 3,600,000 ms) to reload after a deploy.
  app.get('/builds/latest.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { id: buildId };
  });
  app.get<{ Params: { id: string } }>('/builds/meta/:id', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (request.params.id !== `${buildId}.json`) throw new AppError('not_found');
    return { id: buildId, matcher: {}, prerendered: [] };
  });
  return { cachedPages };
}
