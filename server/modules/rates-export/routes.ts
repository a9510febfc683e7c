import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '../../../shared/paths.ts';
import { exportJsonSchema } from '../../../shared/schemas/rates-export.ts';
import { sendCached } from '../calculator/cache.ts';

const tags = ['monitors'];
const notModified = { 304: z.null().describe('Not modified: the If-None-Match / If-Modified-Since copy is current') };

/**
 * GET /export.xml and /export.json (docs/product/monitors.md): ready bytes with ETag and Last-Modified, 304 for a
 * current copy. Like the calculator's cached JSON they skip the document headers (server/plugins/security.ts: the CSP
 * and the rest are for HTML); sendCached sets nosniff itself. Monitors poll every few seconds: nothing here touches the database.
 */
export const ratesExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = app.services.ratesExport;

  app.get(
    paths.exportXml,
    {
      config: { securityHeaders: false },
      schema: {
        tags,
        summary: 'Rates export in the BestChange XML format: every direction a guest can buy now; empty in maintenance',
        produces: ['application/xml'],
        response: { 200: z.string().describe('<rates><item>...</item></rates>'), ...notModified },
      },
    },
    async (request, reply) => sendCached(request, reply, (await exports.current()).xml),
  );

  app.get(
    paths.exportJson,
    {
      config: { securityHeaders: false },
      schema: {
        tags,
        summary: 'The same export as JSON: {"rates": [items with the XML fields]}',
        response: { 200: exportJsonSchema, ...notModified },
      },
    },
    async (request, reply) => sendCached(request, reply, (await exports.current()).json),
  );
};
