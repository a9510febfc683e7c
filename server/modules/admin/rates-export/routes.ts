import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportStatusSchema } from '../../../../shared/schemas/rates-export.ts';
import { staffRoute } from '../route-kit.ts';

/** The console's view of the monitors' export: when it was built, what it carries and what it left out, and why. */
export const adminRatesExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/export/',
    staffRoute(app, {
      summary: 'The rates export: built at, last modified, directions carried, and each one left out with its reason',
      response: { 200: exportStatusSchema },
    }),
    async () => (await app.services.ratesExport.current()).status,
  );
};
