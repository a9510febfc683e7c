import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromocodePageSchema,
  adminPromocodeSchema,
  adminPromocodesQuery,
  promocodeBody,
} from '../../../../shared/schemas/admin-promocodes.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idFoundFirst, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/promocodes/';

/** The console's promocodes (issue 6 §5): list, create, change. Staff only; every change audited. */
export const adminPromocodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.promocodes;
  // Validity days are read on the exchange's clock (docs/admin/partners.md, "Promocodes").
  const body = promocodeBody(app.config.exchangeTimeZone);

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Promocodes, newest first, with their uses',
        querystring: adminPromocodesQuery,
        response: { 200: adminPromocodePageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return drfPage(request, app.config.publicUrl, path, q, await service().list(q));
    },
  );

  app.post(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Create a promocode',
        body,
        response: { 201: adminPromocodeSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service().create(actor(request), request.body);
    },
  );

  app.get(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One promocode',
        params: idParam,
        response: { 200: adminPromocodeSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const code = await service().get(Number(request.params.id));
      if (!code) throw new AppError('not_found');
      return code;
    },
  );

  app.put(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      preValidation: idFoundFirst((id) => service().get(id)),
      schema: {
        tags,
        security,
        summary: 'Change a promocode (all fields); claims already priced keep their course',
        params: idParam,
        body,
        response: { 200: adminPromocodeSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => service().update(actor(request), Number(request.params.id), request.body),
  );
};
