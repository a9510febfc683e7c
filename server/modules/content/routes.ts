import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerParams,
  contentPageSchema,
  detailErrorSchema,
  faqListSchema,
  badRequestSchema,
  monitoringCreatedSchema,
  monitoringRegistrationSchema,
  newsArticleSchema,
  newsListQuery,
  newsListSchema,
  partnerListSchema,
  partnersQuery,
} from '../../../shared/schemas/content.ts';
import { AppError } from '../../errors.ts';
import { countAttempt, type Limit } from '../../throttle.ts';

/** Monitoring registrations per IP: a real site sends one; this only stops a script filling the table and the inbox. */
export const monitoringIpLimit: Limit = { max: 30, windowSeconds: 60 * 60 };
/** The counter of monitoring requests from one address: the API route's and the page form's (server/plugins/ssr.ts). */
export const monitoringAttemptKey = (ip: string) => `monitoring:ip:${ip}`;

const tags = ['content'];
const slugParam = z.object({ slug: z.string().min(1).max(200) });

/** Content API (pages, FAQ, news, partners, monitoring registrations). Texts come in the request's locale. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;

  app.get(
    '/api/v1/content/pages/:slug/',
    {
      schema: {
        tags,
        summary: 'A content page (rules, aml, contacts, concurs, sales, partners, partners-users, partners-monitoring)',
        params: slugParam,
        response: { 200: contentPageSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const page = await content.page(request.params.slug, request.locale);
      if (!page) throw new AppError('not_found');
      return page;
    },
  );

  // A monitor's banner (the footer's image): served from our origin, cached for good under its version's address,
  // never sniffed into another type. The bytes were checked to be a raster image when the operator uploaded them.
  app.get(
    '/media/monitors/:id/:hash',
    {
      schema: {
        tags,
        summary: 'A monitor’s banner image (PNG, JPEG, GIF or WebP); the address names its version',
        params: bannerParams,
        response: { 200: z.unknown().describe('the image bytes, typed by its Content-Type'), 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const banner = await content.banner(Number(request.params.id), request.params.hash);
      if (!banner) throw new AppError('not_found');
      return reply
        .header('content-type', banner.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(banner.data);
    },
  );

  app.get(
    '/api/v1/content/faq/',
    { schema: { tags, summary: 'FAQ, in order', response: { 200: faqListSchema } } },
    async (request) => {
      const results = await content.faq(request.locale);
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.get(
    '/api/v1/content/news/',
    {
      schema: {
        tags,
        summary: 'News and updates of the locale, newest first (DRF page)',
        querystring: newsListQuery,
        response: { 200: newsListSchema, 400: badRequestSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const found = await content.news(request.locale, query);
      if (!found) throw new AppError('invalid_page');
      const base = `${app.config.publicUrl}${request.locale === 'en' ? '/en' : ''}/api/v1/content/news/`;
      const link = (page: number) => {
        const params = new URLSearchParams();
        if (query.kind) params.set('kind', query.kind);
        params.set('page', String(page));
        params.set('size', String(query.size));
        return `${base}?${params}`;
      };
      return {
        count: found.count,
        next: query.page < found.pages ? link(query.page + 1) : null,
        previous: query.page > 1 ? link(query.page - 1) : null,
        results: found.results,
      };
    },
  );

  app.get(
    '/api/v1/content/news/:slug/',
    {
      schema: {
        tags,
        summary: 'One news item or update',
        params: slugParam,
        response: { 200: newsArticleSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const article = await content.article(request.locale, request.params.slug);
      if (!article) throw new AppError('not_found');
      return article;
    },
  );

  app.get(
    '/api/v1/content/partners/',
    {
      schema: {
        tags,
        summary: 'Partner monitoring sites and partner users',
        querystring: partnersQuery,
        response: { 200: partnerListSchema, 400: badRequestSchema },
      },
    },
    async (request) => {
      const { kind } = request.query;
      const results = await content.partners(request.locale, kind);
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post(
    '/api/v1/content/monitoring/',
    {
      // A public form that writes a row and mails the operator: a few per IP and hour is plenty for a real site.
      // Counted before the body is validated, so a malformed attempt counts too.
      preValidation: async (request, reply) =>
        countAttempt(app.counters, reply, monitoringAttemptKey(request.ip), monitoringIpLimit),
      schema: {
        tags,
        summary: 'A monitoring site asks to list us (/partners/monitoring form); one request per site',
        body: monitoringRegistrationSchema,
        response: {
          201: monitoringCreatedSchema,
          400: badRequestSchema,
          413: detailErrorSchema,
          415: detailErrorSchema,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await content.registerMonitoring(request.body, request.locale);
      return reply.status(201).send(created);
    },
  );
};
