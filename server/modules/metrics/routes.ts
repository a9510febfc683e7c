import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema } from '../../../shared/schemas/content.ts';
import { sendError } from '../../plugins/errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>`, compared in constant time (hashes first, so lengths never differ). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  return !!given && timingSafeEqual(digest(given), digest(token));
}

/**
 * Counts every answer by its route pattern (`/api/v1/claim/:uuid/status/`; pages share the site's catch-all), so
 * the series stay few whatever URLs the world sends. A request no route took is `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    app.services.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * `GET /metrics` on the main port: only with METRICS_TOKEN, and only for its bearer; without the token it is not
 * there (404), so a site never shows its numbers by accident.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { token } = app.config.metrics;
  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: { 200: z.string(), 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      if (!token) return sendError(request, reply, 'not_found');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(request, reply, 'not_authenticated');
      }
      const { body, contentType } = await app.services.metrics.scrape();
      return reply.type(contentType).send(body);
    },
  );
};

/**
 * METRICS_PORT: the same text without a token on a port of its own, for a network only the scraper reaches. Opened
 * when the site listens and closed with it; it answers nothing but `GET /metrics`.
 */
export function registerMetricsPort(app: FastifyInstance) {
  const { port, host } = app.config.metrics;
  if (!port) return;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    app.services.metrics.scrape().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n');
      },
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject).listen(port, host, () => resolve());
    });
    app.log.info({ host, port }, `metrics at http://${host}:${port}/metrics`);
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
