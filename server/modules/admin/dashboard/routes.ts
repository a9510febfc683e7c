import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../../shared/schemas/admin-claims.ts';
import { detailErrorSchema } from '../../../../shared/schemas/content.ts';

/** The console's dashboard (issue 6 §7). Staff only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/dashboard/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Today (Moscow day): claims by status, completed volume per direction; what waits for an operator',
        response: { 200: dashboardSchema, 401: detailErrorSchema, 403: detailErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.admin.dashboard.read();
    },
  );
};
