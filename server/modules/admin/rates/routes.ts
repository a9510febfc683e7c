import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateSourceNames } from '../../../../shared/rate-sources.ts';
import { z } from 'zod';
import {
  rateHistoryPageSchema,
  rateHistoryQuery,
  ratesStatusSchema,
  refreshResultSchema,
} from '../../../../shared/schemas/admin-rates.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, adminSecurity as security, adminTags as tags, denied } from '../route-kit.ts';

const path = '/api/v1/admin/rates/';

/** The console's rate sources (issue 6 §4): their state, a refresh on demand and the rate history. Staff only. */
export const adminRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.rates;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Rate sources: last fetch, last error, and the directions priced from each (course, age, stale)',
        response: { 200: ratesStatusSchema, ...denied },
      },
    },
    async () => service().status(),
  );

  app.post(
    `${path}refresh/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Fetch every source some direction uses now; a failing source is reported, not an error (audited)',
        body: z.object({}).optional(),
        response: { 200: refreshResultSchema, ...denied },
      },
    },
    async (request) => service().refresh(actor(request)),
  );

  app.get(
    `${path}history/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: `Rate history, newest first; \`source\` (${rateSourceNames.join('|')}) and \`symbol\` filter`,
        querystring: rateHistoryQuery,
        response: { 200: rateHistoryPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return drfPage(request, app.config.publicUrl, `${path}history/`, q, await service().history(q));
    },
  );
};
