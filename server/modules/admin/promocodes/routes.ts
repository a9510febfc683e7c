import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPromocodePageSchema,
  adminPromocodeSchema,
  adminPromocodesQuery,
  promocodeBody,
  promocodeBodyDoc,
} from '../../../../shared/schemas/admin-promocodes.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { parseInput, rawQuery } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/promocodes/';

/** The console's promocodes (issue 6 §5): list, create, change. Staff only; every change audited. */
export const adminPromocodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.promocodes;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Promocodes, newest first, with their uses',
        querystring: z.object({ page: z.string().optional(), size: z.string().optional() }),
        response: { 200: adminPromocodePageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = parseInput(adminPromocodesQuery, rawQuery(request));
      return drfPage(request, app.config.publicUrl, path, q, await service().list(q));
    },
  );

  app.post(
    path,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Create a promocode',
        body: promocodeBodyDoc,
        response: { 201: adminPromocodeSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      const input = parseInput(promocodeBody(request.locale), request.body ?? {});
      reply.code(201);
      return service().create(actor(request), input, request.locale);
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
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change a promocode (all fields); claims already priced keep their course',
        params: idParam,
        body: promocodeBodyDoc,
        response: { 200: adminPromocodeSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await service().get(id))) throw new AppError('not_found');
      const input = parseInput(promocodeBody(request.locale), request.body ?? {});
      return service().update(actor(request), id, input, request.locale);
    },
  );
};
