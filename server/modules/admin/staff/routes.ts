import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffGrantBody, staffListSchema, staffRoleBody } from '../../../../shared/schemas/admin-staff.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { actor, adminRoute, idParam, staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/staff/';

/** The console's team (issue 6 §1): staff may see who else has access; only an admin gives or changes a role. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.staff;

  app.get(
    path,
    staffRoute(app, {
      summary: 'Accounts with console access (admins first), with their last use',
      response: { 200: staffListSchema },
    }),
    async () => ({ results: await service().list() }),
  );

  app.post(
    path,
    adminRoute(app, {
      summary: 'Give an existing account (by e-mail) the operator or admin role; answers the team',
      description: 'The account must exist (there are no invitations); your own role cannot be changed (409).',
      body: staffGrantBody,
      response: { 200: staffListSchema, 400: badRequestSchema, 409: detailErrorSchema },
    }),
    async (request) => {
      await service().grant(actor(request), request.body);
      return { results: await service().list() };
    },
  );

  app.put(
    `${path}:id/`,
    adminRoute(app, {
      summary: "Change a team member's role; `customer` takes the console away",
      description: '409 for your own role and for the last admin; 404 for an account without console access.',
      params: idParam,
      body: staffRoleBody,
      response: { 200: staffListSchema, 400: badRequestSchema, 404: detailErrorSchema, 409: detailErrorSchema },
    }),
    async (request) => {
      await service().setRole(actor(request), Number(request.params.id), request.body.role);
      return { results: await service().list() };
    },
  );
};
