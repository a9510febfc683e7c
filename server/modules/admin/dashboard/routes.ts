import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../../shared/schemas/admin-claims.ts';
import { staffRoute } from '../route-kit.ts';

/** The console's dashboard (issue 6 §7). Staff only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/dashboard/',
    staffRoute(app, {
      summary:
        'Today (the exchange zone’s day): claims by status, completed volume per direction; what waits for an operator',
      response: { 200: dashboardSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.admin.dashboard.read();
    },
  );
};
