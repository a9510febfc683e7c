import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuery } from '../../../../shared/schemas/admin.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { drfPage } from '../../../pagination.ts';
import { staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/audit/';

/** The audit log, newest first (issue 6 §7): every operator's actions, filtered by record or by operator. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    staffRoute(app, {
      summary: 'Audit log: who did what, before and after; filter by entity, entity_id or actor e-mail',
      querystring: auditQuery,
      response: { 200: auditPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) => {
      const q = request.query;
      const found = await app.services.admin.audit.list({ entity: q.entity, entityId: q.entity_id, actor: q.actor }, q);
      return drfPage(request, app.config.publicUrl, path, q, found);
    },
  );
};
