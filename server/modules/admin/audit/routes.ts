import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema, auditQuery } from '../../../../shared/schemas/admin.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { drfPage } from '../../../pagination.ts';
import { parseInput, rawQuery } from '../../content/validation.ts';

const path = '/api/v1/admin/audit/';

/** The audit log, newest first (issue 6 §7): every operator's actions, filtered by record or by operator. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Audit log: who did what, before and after; filter by entity, entity_id or actor e-mail',
        querystring: z.object({
          page: z.string().optional(),
          size: z.string().optional(),
          entity: z.string().optional(),
          entity_id: z.string().optional(),
          actor: z.string().optional(),
        }),
        response: {
          200: auditPageSchema,
          400: badRequestSchema,
          401: detailErrorSchema,
          403: detailErrorSchema,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const q = parseInput(auditQuery(request.locale), rawQuery(request));
      const found = await app.services.admin.audit.list({ entity: q.entity, entityId: q.entity_id, actor: q.actor }, q);
      return drfPage(request, app.config.publicUrl, path, q, found);
    },
  );
};
