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
  newsBodyDoc,
  pageBody,
  pageBodyDoc,
  previewBody,
  previewSchema,
} from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { parseInput, rawQuery } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';

const slugParam = z.object({ slug: z.string().max(80) });
const pageQuery = z.object({ page: z.string().optional(), size: z.string().optional(), locale: z.string().optional() });
const newsQuery = pageQuery.extend({ kind: z.string().optional() });

/** The console's content section (issue 6 §6): news and updates, pages, preview, maintenance, monitoring inbox. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.content;

  app.get(
    '/api/v1/admin/news/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'News and updates of both languages (or `locale`), both kinds (or `kind`), newest first',
        querystring: newsQuery,
        response: { 200: adminNewsPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = parseInput(adminNewsQuery(request.locale), rawQuery(request));
      return drfPage(request, app.config.publicUrl, '/api/v1/admin/news/', q, await service().news(q));
    },
  );

  app.post(
    '/api/v1/admin/news/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Publish a news item or an update in one language',
        body: newsBodyDoc,
        response: { 201: adminNewsItemSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      const input = parseInput(newsBody(request.locale), request.body ?? {});
      reply.code(201);
      return service().createNews(actor(request), input, request.locale);
    },
  );

  app.get(
    '/api/v1/admin/news/:id/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One item',
        params: idParam,
        response: { 200: adminNewsItemSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const item = await service().newsItem(Number(request.params.id));
      if (!item) throw new AppError('not_found');
      return item;
    },
  );

  app.put(
    '/api/v1/admin/news/:id/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change an item (all fields)',
        params: idParam,
        body: newsBodyDoc,
        response: { 200: adminNewsItemSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await service().newsItem(id))) throw new AppError('not_found');
      const input = parseInput(newsBody(request.locale), request.body ?? {});
      return service().updateNews(actor(request), id, input, request.locale);
    },
  );

  app.delete(
    '/api/v1/admin/news/:id/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Withdraw an item from the site (its address answers 404 afterwards; the audit log keeps the text)',
        params: idParam,
        response: { 204: z.null(), ...denied, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await service().deleteNews(actor(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/markdown/preview/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Markdown rendered and sanitised exactly as the site shows it',
        body: previewBody,
        response: { 200: previewSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request) => service().preview(request.body.markdown),
  );

  app.get(
    '/api/v1/admin/pages/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'The content pages with both languages',
        response: { 200: adminPageListSchema, ...denied },
      },
    },
    async () => ({ results: await service().pages() }),
  );

  app.get(
    '/api/v1/admin/pages/:slug/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One content page with both languages',
        params: slugParam,
        response: { 200: adminPageSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const page = await service().page(request.params.slug);
      if (!page) throw new AppError('not_found');
      return page;
    },
  );

  app.put(
    '/api/v1/admin/pages/:slug/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change a page’s title, description and Markdown body (ru required; an empty en falls back to ru)',
        params: slugParam,
        body: pageBodyDoc,
        response: { 200: adminPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const input = parseInput(pageBody(request.locale), request.body ?? {});
      return service().updatePage(actor(request), request.params.slug, input);
    },
  );

  app.get(
    '/api/v1/admin/settings/contest/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'The contest the header announces',
        response: { 200: contestSchema, ...denied },
      },
    },
    async () => service().contest(),
  );

  app.put(
    '/api/v1/admin/settings/contest/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change the contest: while `status` is active the header shows its banner (linking to /concurs)',
        body: contestSchema,
        response: { 200: contestSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request) => {
      const input = parseInput(contestBody(request.locale), request.body ?? {});
      return service().setContest(actor(request), input);
    },
  );

  app.get(
    '/api/v1/admin/settings/maintenance/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Maintenance mode and its message',
        response: { 200: maintenanceSchema, ...denied },
      },
    },
    async () => service().maintenance(),
  );

  app.put(
    '/api/v1/admin/settings/maintenance/',
    {
      onRequest: app.requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Switch maintenance mode (admin): while on, claim creation is refused with the message',
        body: maintenanceSchema,
        response: { 200: maintenanceSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request) => {
      const input = parseInput(maintenanceBody(request.locale), request.body ?? {});
      return service().setMaintenance(actor(request), input);
    },
  );

  app.get(
    '/api/v1/admin/monitoring/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Monitoring sites that asked to list us (/partners/monitoring form), newest first; `status` filters',
        querystring: pageQuery.omit({ locale: true }).extend({ status: z.string().optional() }),
        response: { 200: monitoringPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = parseInput(monitoringQuery(request.locale), rawQuery(request));
      return drfPage(request, app.config.publicUrl, '/api/v1/admin/monitoring/', q, await service().monitoring(q));
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    app.post(
      `/api/v1/admin/monitoring/:id/${decision}/`,
      {
        onRequest: app.requireStaff,
        schema: {
          tags,
          security,
          summary:
            decision === 'accept'
              ? 'Accept a new request: the site is listed on /partners at once'
              : 'Reject a new request',
          params: idParam,
          response: { 200: monitoringItemSchema, ...denied, 404: detailErrorSchema, 409: detailErrorSchema },
        },
      },
      async (request) => service().decideMonitoring(actor(request), Number(request.params.id), decision),
    );
  }
};
