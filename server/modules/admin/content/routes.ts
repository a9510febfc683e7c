import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNewsItemSchema,
  adminNewsPageSchema,
  adminNewsQuery,
  adminPageListSchema,
  adminPageSchema,
  contestBody,
  contestSchema,
  maintenanceBody,
  maintenanceSchema,
  monitoringItemSchema,
  monitoringPageSchema,
  monitoringQuery,
  newsBody,
  pageBody,
  previewBody,
  previewSchema,
} from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, adminRoute, idFoundFirst, idParam, staffRoute } from '../route-kit.ts';

const slugParam = z.object({ slug: z.string().max(80) });

/** The console's content section (issue 6 §6): news and updates, pages, preview, maintenance, monitoring inbox. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.content;
  // An offset-less publication time is the exchange's wall clock (the console's field shows and takes it so).
  const news = newsBody(app.config.exchangeTimeZone);

  app.get(
    '/api/v1/admin/news/',
    staffRoute(app, {
      summary: 'News and updates of both languages (or `locale`), both kinds (or `kind`), newest first',
      querystring: adminNewsQuery,
      response: { 200: adminNewsPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) =>
      drfPage(request, app.config.publicUrl, '/api/v1/admin/news/', request.query, await service().news(request.query)),
  );

  app.post(
    '/api/v1/admin/news/',
    staffRoute(app, {
      summary: 'Publish a news item or an update in one language',
      body: news,
      response: { 201: adminNewsItemSchema, 400: badRequestSchema },
    }),
    async (request, reply) => reply.code(201).send(await service().createNews(actor(request), request.body)),
  );

  app.get(
    '/api/v1/admin/news/:id/',
    staffRoute(app, {
      summary: 'One item',
      params: idParam,
      response: { 200: adminNewsItemSchema, 404: detailErrorSchema },
    }),
    async (request) => {
      const item = await service().newsItem(Number(request.params.id));
      if (!item) throw new AppError('not_found');
      return item;
    },
  );

  app.put(
    '/api/v1/admin/news/:id/',
    staffRoute(
      app,
      {
        summary: 'Change an item (all fields)',
        params: idParam,
        body: news,
        response: { 200: adminNewsItemSchema, 400: badRequestSchema, 404: detailErrorSchema },
      },
      idFoundFirst((id) => service().newsItem(id)),
    ),
    async (request) => service().updateNews(actor(request), Number(request.params.id), request.body),
  );

  app.delete(
    '/api/v1/admin/news/:id/',
    staffRoute(app, {
      summary: 'Withdraw an item from the site (its address answers 404 afterwards; the audit log keeps the text)',
      params: idParam,
      response: { 204: z.null(), 404: detailErrorSchema },
    }),
    async (request, reply) => {
      await service().deleteNews(actor(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/markdown/preview/',
    staffRoute(app, {
      summary: 'Markdown rendered and sanitised exactly as the site shows it',
      body: previewBody,
      response: { 200: previewSchema, 400: badRequestSchema },
    }),
    async (request) => service().preview(request.body.markdown),
  );

  app.get(
    '/api/v1/admin/pages/',
    staffRoute(app, { summary: 'The content pages with both languages', response: { 200: adminPageListSchema } }),
    async () => ({ results: await service().pages() }),
  );

  app.get(
    '/api/v1/admin/pages/:slug/',
    staffRoute(app, {
      summary: 'One content page with both languages',
      params: slugParam,
      response: { 200: adminPageSchema, 404: detailErrorSchema },
    }),
    async (request) => {
      const page = await service().page(request.params.slug);
      if (!page) throw new AppError('not_found');
      return page;
    },
  );

  app.put(
    '/api/v1/admin/pages/:slug/',
    staffRoute(app, {
      summary: 'Change a page’s title, description and Markdown body (ru required; an empty en falls back to ru)',
      params: slugParam,
      body: pageBody,
      response: { 200: adminPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) => service().updatePage(actor(request), request.params.slug, request.body),
  );

  app.get(
    '/api/v1/admin/settings/contest/',
    staffRoute(app, { summary: 'The contest the header announces', response: { 200: contestSchema } }),
    async () => service().contest(),
  );

  app.put(
    '/api/v1/admin/settings/contest/',
    staffRoute(app, {
      summary: 'Change the contest: while `status` is active the header shows its banner (linking to /concurs)',
      body: contestBody,
      response: { 200: contestSchema, 400: badRequestSchema },
    }),
    async (request) => service().setContest(actor(request), request.body),
  );

  app.get(
    '/api/v1/admin/settings/maintenance/',
    staffRoute(app, { summary: 'Maintenance mode and its message', response: { 200: maintenanceSchema } }),
    async () => service().maintenance(),
  );

  app.put(
    '/api/v1/admin/settings/maintenance/',
    adminRoute(app, {
      summary: 'Switch maintenance mode (admin): while on, claim creation is refused with the message',
      body: maintenanceBody,
      response: { 200: maintenanceSchema, 400: badRequestSchema },
    }),
    async (request) => service().setMaintenance(actor(request), request.body),
  );

  app.get(
    '/api/v1/admin/monitoring/',
    staffRoute(app, {
      summary: 'Monitoring sites that asked to list us (/partners/monitoring form), newest first; `status` filters',
      querystring: monitoringQuery,
      response: { 200: monitoringPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) =>
      drfPage(
        request,
        app.config.publicUrl,
        '/api/v1/admin/monitoring/',
        request.query,
        await service().monitoring(request.query),
      ),
  );

  for (const decision of ['accept', 'reject'] as const) {
    app.post(
      `/api/v1/admin/monitoring/:id/${decision}/`,
      staffRoute(app, {
        summary:
          decision === 'accept'
            ? 'Accept a new request: the site is listed on /partners at once'
            : 'Reject a new request',
        params: idParam,
        response: { 200: monitoringItemSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      }),
      async (request) => service().decideMonitoring(actor(request), Number(request.params.id), decision),
    );
  }
};
