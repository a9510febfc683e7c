import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Crawlers re-read these at most this often; the content's own changes reach the sitemap at once on our side. */
const cacheControl = 'public, max-age=300';

/** robots.txt and sitemap.xml for search engines (docs/product/seo.md). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const seo = app.services.seo;
  app.get('/robots.txt', { schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) =>
    reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(seo.robots()),
  );
  app.get('/sitemap.xml', { schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) =>
    reply
      .header('cache-control', cacheControl)
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemap()),
  );
};
