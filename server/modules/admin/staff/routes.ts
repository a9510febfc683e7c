import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffGrantBody,
  staffGrantDoc,
  staffListSchema,
  staffRoleBody,
  staffRoleDoc,
} from '../../../../shared/schemas/admin-staff.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { parseInput } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/staff/';

/** The console's team (issue 6 §1): staff may see who else has access; only an admin gives or changes a role. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.staff;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Accounts with console access (admins first), with their last use',
        response: { 200: staffListSchema, ...denied },
      },
    },
    async () => ({ results: await service().list() }),
  );

  app.post(
    path,
    {
      onRequest: app.requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Give an existing account (by e-mail) the operator or admin role; answers the team',
        description: 'The account must exist (there are no invitations); your own role cannot be changed (409).',
        body: staffGrantDoc,
        response: { 200: staffListSchema, 400: badRequestSchema, ...denied, 409: detailErrorSchema },
      },
    },
    async (request) => {
      await service().grant(
        actor(request),
        parseInput(staffGrantBody(request.locale), request.body ?? {}),
        request.locale,
      );
      return { results: await service().list() };
    },
  );

  app.put(
    `${path}:id/`,
    {
      onRequest: app.requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: "Change a team member's role; `customer` takes the console away",
        description: '409 for your own role and for the last admin; 404 for an account without console access.',
        params: idParam,
        body: staffRoleDoc,
        response: {
          200: staffListSchema,
          400: badRequestSchema,
          ...denied,
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const { role } = parseInput(staffRoleBody(request.locale), request.body ?? {});
      await service().setRole(actor(request), Number(request.params.id), role);
      return { results: await service().list() };
    },
  );
};
