import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ViteDevServer } from 'vite';
import { localeFromPath, type Locale } from '../shared/locales.ts';
import type { Config } from './config.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { calculatorRoutes } from './modules/calculator/routes.ts';
import { calculatorExchangeRoutes } from './modules/calculator/exchange-routes.ts';
import { ratesExportRoutes } from './modules/rates-export/routes.ts';
import { claimRoutes } from './modules/claims/routes.ts';
import { claimEventsRoutes } from './modules/claims/events-routes.ts';
import { liveStreams, type LiveStreams } from './live-streams.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { referralRoutes } from './modules/referral/routes.ts';
import { registerReferralAttribution } from './modules/referral/attribution.ts';
import { registerDeviceCookie } from './request-origin.ts';
import { promocodeRoutes } from './modules/promocodes/routes.ts';
import { myClaimsRoutes } from './modules/claims/my-claims-routes.ts';
import { adminAuditRoutes } from './modules/admin/audit/routes.ts';
import { adminClaimsRoutes } from './modules/admin/claims/routes.ts';
import { adminClaimEventsRoutes } from './modules/admin/claims/events-routes.ts';
import { adminDashboardRoutes } from './modules/admin/dashboard/routes.ts';
import { adminPartnersRoutes } from './modules/admin/partners/routes.ts';
import { adminDirectionsRoutes } from './modules/admin/directions/routes.ts';
import { adminContentRoutes } from './modules/admin/content/routes.ts';
import { adminPromocodesRoutes } from './modules/admin/promocodes/routes.ts';
import { adminPaymentDetailsRoutes } from './modules/admin/payment-details/routes.ts';
import { adminMonitorsRoutes } from './modules/admin/monitors/routes.ts';
import { adminFaqRoutes } from './modules/admin/faq/routes.ts';
import { adminRatesRoutes } from './modules/admin/rates/routes.ts';
import { adminRatesExportRoutes } from './modules/admin/rates-export/routes.ts';
import { adminSettingsRoutes } from './modules/admin/settings/routes.ts';
import { adminStaffRoutes } from './modules/admin/staff/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { errorCatalogue } from '../shared/errors.ts';
import { detailErrorSchema } from '../shared/schemas/content.ts';
import { registerErrorHandler, sendError } from './plugins/errors.ts';
import { refuseRefusedText } from './input-guard.ts';
import { answersPage, clientErrorHandler } from './client-error.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { requestLog } from './plugins/request-log.ts';
import { createLogger } from './logger.ts';
import { calculatorAnswers, fastLane, type LaneSource } from './fast-lane.ts';
import { metricsRoutes, registerMetricsPort, registerRequestMetrics } from './modules/metrics/routes.ts';
import { registerProxyHint } from './plugins/proxy-hint.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSsr } from './plugins/ssr.ts';
import type { Services } from './services.ts';
import { memoryCounters, redisCounters, type CounterStore } from './shared-state.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    /** Expiring counters (rate limits), shared between processes with REDIS_URL. */
    counters: CounterStore;
    /** Open Server-Sent Events streams of this process, with their limits (server/live-streams.ts). */
    streams: LiveStreams;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}

type RawWithLocale = { obmenLocale?: Locale };

export interface BuildOptions {
  config: Config;
  services: Services;
  /** Vite dev server in `npm run dev`; without it the production build in BUILD_DIR is served. */
  vite?: ViteDevServer;
  /** Skip the React Router app (API-only tests). */
  ssr?: boolean;
  /** `false`: no log at all (tests). */
  logger?: false;
  /** Close `services.database` with the app, after everything else that uses it has stopped (server/main.ts). */
  closeDatabase?: boolean;
  counters?: CounterStore;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, services } = opts;
  // Request ids as Fastify's own ("req-1", "req-2"…), from one counter that the fast lane's answers share.
  let lastId = 0;
  const nextId = () => `req-${(lastId = (lastId + 1) & 0x7fffffff).toString(36)}`;
  let lane: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const app = Fastify({
    genReqId: nextId,
    // Node's server as Fastify makes it, with the fast lane first (server/fast-lane.ts, installed once the app is).
    serverFactory(handler, options) {
      // Node looks for requests past their time every `connectionsCheckingInterval` (30 s by default, longer than a
      // short timeout itself).
      const requestTimeout = config.requestTimeoutSeconds * 1000;
      const server = createServer({ connectionsCheckingInterval: Math.min(requestTimeout, 1000) }, (req, res) => {
        if (!lane?.(req, res)) handler(req, res);
      });
      // What Fastify sets on a server it makes (its defaults filled in by then).
      const o = options as { keepAliveTimeout?: number; connectionTimeout?: number };
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      // Fastify's default is none: a client announcing a body it never sends (or sending headers a byte a minute)
      // held its connection for ever. Past the time Node answers 408 (server/client-error.ts `request_timeout`).
      server.requestTimeout = requestTimeout;
      server.headersTimeout = Math.min(server.headersTimeout, requestTimeout);
      server.setTimeout(o.connectionTimeout ?? 0);
      return server;
    },
    // JSON for machines, readable lines on a terminal (server/logger.ts); tests pass `logger: false`.
    ...(opts.logger === false ? { logger: false } : { loggerInstance: createLogger(config) as FastifyBaseLogger }),
    // One line per request (plugins/request-log.ts) instead of Fastify's two.
    logController: requestLog(config.logRequests),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // What the HTTP parser refuses (a control byte in a header) never becomes a request: our shape and language too.
    clientErrorHandler,
    // A URL the router cannot decode (`%E0%A4%A`) fails before any hook runs: answer it in our shape and language too.
    frameworkErrors(error, request, reply) {
      const raw = request.raw as RawWithLocale & { url?: string };
      const locale = raw.obmenLocale ?? localeFromPath((raw.url ?? '/').split('?')[0] ?? '/');
      const code = error.code === 'FST_ERR_BAD_URL' ? 'malformed_url' : 'validation';
      const entry = errorCatalogue[code];
      // A browser opening a mangled link (`/faq%C3%28` from a chat) reads the message, not the API's JSON.
      const page = answersPage((raw.url ?? '/').split('?')[0] ?? '/', request.headers.accept);
      const body = page ? entry[locale] : JSON.stringify({ detail: entry[locale], code });
      void (reply as FastifyReply)
        .code(entry.status)
        .type(page ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8')
        .send(body);
    },
    // A path parameter longer than find-my-way's default 100 characters made the route not match: a mangled or
    // padded activation link (/activate/<300 characters>) answered "Not found." where a short bad token is told the
    // link is invalid or expired. Longer ones reach the route, whose schema and service refuse them in its own words.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1000 },
    // The en base address is the site URL plus /en, for the API too (docs/product/api.md). The prefix picks the locale
    // of messages.
    rewriteUrl(req) {
      const url = req.url ?? '/';
      if (url.startsWith('/en/api/') || url.startsWith('/en/front-api/')) {
        (req as RawWithLocale).obmenLocale = 'en';
        return url.slice(3);
      }
      return url;
    },
    // A request on a connection accepted before the stop is served, not refused: the drain is what keeps new traffic
    // away (plugins/graceful-close.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // onClose hooks run last-registered first: registered before any other, the database closes after the mail, the
  // jobs and the claims' pending work have stopped (registered after them, it closed under their feet).
  if (opts.closeDatabase) app.addHook('onClose', async () => services.database.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Any route that reads the database may answer 503 while it is unreachable (server/db/errors.ts): every schema
  // that lists its answers lists that one too, so the OpenAPI document says so.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !response[503]) response[503] = detailErrorSchema;
  });
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorateRequest('locale', 'ru');
  // Every answer runs the global hooks: they are callback-style, not async, for a promise and a microtask fewer each
  // (docs/performance.md).
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = (request.raw as RawWithLocale).obmenLocale ?? localeFromPath(request.url.split('?')[0] ?? '/');
    done();
  });
  // A POST/PUT sent without a body is validated as `{}`: the client learns which fields are required, one by one, as
  // DRF answers, instead of one "invalid body" for the whole request (docs/decisions/0013-contracts.md).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });
  app.addHook('preValidation', refuseRefusedText);
  registerErrorHandler(app);
  registerProxyHint(app, config.trustProxy);
  registerGracefulClose(app);
  registerRequestMetrics(app);
  registerMetricsPort(app);

  const counters =
    opts.counters ?? (config.redisUrl ? redisCounters(config.redisUrl, config.redisPrefix) : memoryCounters());
  app.decorate('counters', counters);
  app.addHook('onClose', async () => counters.close());
  await registerSecurity(app, config, counters);
  await app.register(cookie, { secret: config.cookieSecret });
  registerAuth(app);
  registerReferralAttribution(app);
  registerDeviceCookie(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Obmen API', version: '1' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(contentRoutes);
  await app.register(seoRoutes);
  await app.register(calculatorRoutes);
  await app.register(calculatorExchangeRoutes);
  await app.register(ratesExportRoutes);
  app.addHook('onClose', async () => {
    await Promise.all([services.calculator.cache.close(), services.content.close()]);
  });
  app.addHook('onClose', async () => Promise.all([services.claims.drain(), services.staffLogins.drain()]));
  // The outbox is delivered by every process: at once after each change, and by a poll for retries and for what a
  // stopped process left (docs/decisions/0020-mail-outbox.md). Apps driven by inject() (tests) deliver on the kicks.
  app.addHook('onListen', async () => services.mail.start());
  app.addHook('onClose', async () => {
    await services.mail.stop();
    services.mail.close();
  });
  await app.register(claimRoutes);
  // Live status streams never end by themselves: they are ended before the server closes, so close never waits on
  // them (the clients reconnect to another process).
  app.decorate('streams', liveStreams(config.sse, services.metrics.sseStreams));
  app.addHook('preClose', async () => app.streams.endAll());
  app.addHook('onClose', async () => services.claimEvents.close());
  await app.register(claimEventsRoutes);
  // Claim expiry and other jobs (JOBS, default on): pg-boss on PostgreSQL, a polling sweep on PGlite. Started when
  // the server listens, so apps driven by inject() (tests) run none unless they start them.
  if (config.jobs) {
    app.addHook('onListen', async () => void services.jobs.start(app.log));
    app.addHook('onClose', async () => services.jobs.stop());
  }
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(myClaimsRoutes);
  await app.register(referralRoutes);
  await app.register(promocodeRoutes);
  // The operator console's API (issue 6), one plugin per section.
  await app.register(adminAuditRoutes);
  await app.register(adminClaimsRoutes);
  await app.register(adminClaimEventsRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminPartnersRoutes);
  await app.register(adminDirectionsRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminPromocodesRoutes);
  await app.register(adminPaymentDetailsRoutes);
  await app.register(adminFaqRoutes);
  await app.register(adminMonitorsRoutes);
  await app.register(adminRatesRoutes);
  await app.register(adminRatesExportRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminStaffRoutes);

  // Unknown API paths answer JSON, never the HTML page.
  for (const prefix of ['/api/*', '/front-api/*']) {
    app.all(prefix, { schema: { hide: true } }, async (request, reply) => sendError(request, reply, 'not_found'));
  }

  const sources: LaneSource[] = [calculatorAnswers((key) => services.calculator.cache.now(key))];
  if (opts.ssr !== false) {
    const { cachedPages } = await registerSsr(app, {
      config,
      services,
      vite: opts.vite,
      consoleLog: opts.logger === false,
    });
    if (cachedPages) sources.push(cachedPages);
  }
  lane = fastLane({
    sources,
    log: app.log,
    logRequests: opts.logger !== false && config.logRequests,
    nextId,
    observe: (method, route, status, seconds) => services.metrics.observeRequest(method, route, status, seconds),
    draining: () => app.draining,
  });
  return app;
}
