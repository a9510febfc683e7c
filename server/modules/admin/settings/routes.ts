import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteBody, siteBodyDoc, siteSettingsSchema } from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema } from '../../../../shared/schemas/content.ts';
import { parseInput } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied } from '../route-kit.ts';

/** Site settings (issue 6 §6): staff may read them, only an admin changes them. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.settings;

  app.get(
    '/api/v1/admin/settings/site/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Support e-mail, payment window, chat and analytics scripts: stored overrides, env defaults, in use',
        response: { 200: siteSettingsSchema, ...denied },
      },
    },
    async () => service().site(),
  );

  app.put(
    '/api/v1/admin/settings/site/',
    {
      onRequest: app.requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change the site settings (admin); an empty or null field falls back to the environment variable',
        body: siteBodyDoc,
        response: { 200: siteSettingsSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request) => {
      const input = parseInput(siteBody(request.locale), request.body ?? {});
      return service().setSite(actor(request), input);
    },
  );
};
