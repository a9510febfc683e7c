import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteBody, siteSettingsSchema } from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema } from '../../../../shared/schemas/content.ts';
import { actor, adminRoute, staffRoute } from '../route-kit.ts';

/** Site settings (issue 6 §6): staff may read them, only an admin changes them. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.settings;

  app.get(
    '/api/v1/admin/settings/site/',
    staffRoute(app, {
      summary: 'Support e-mail, payment window, chat and analytics scripts: stored overrides, env defaults, in use',
      response: { 200: siteSettingsSchema },
    }),
    async () => service().site(),
  );

  app.put(
    '/api/v1/admin/settings/site/',
    adminRoute(app, {
      summary: 'Change the site settings (admin); an empty or null field falls back to the environment variable',
      body: siteBody,
      response: { 200: siteSettingsSchema, 400: badRequestSchema },
    }),
    async (request) => service().setSite(actor(request), request.body),
  );
};
