import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCurrencyListSchema,
  adminDirectionListSchema,
  adminDirectionSchema,
  directionPatchBody,
  directionPatchDoc,
  reserveChangeBody,
  reserveChangeDoc,
  reserveHistoryPageSchema,
} from '../../../../shared/schemas/admin-directions.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { paginationQuery } from '../../../../shared/schemas/pagination.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { parseInput, rawQuery } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';


/** The console's directions section (issue 6 §3): courses, limits and on/off of directions; currencies' reserves. */
export const adminDirectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.directions;

  app.get(
    '/api/v1/admin/directions/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Every direction, on or off, with its course as offered now',
        response: { 200: adminDirectionListSchema, ...denied },
      },
    },
    async (request) => ({ results: await service().directions(request.locale) }),
  );

  app.get(
    '/api/v1/admin/directions/:id/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One direction',
        params: idParam,
        response: { 200: adminDirectionSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const d = await service().direction(Number(request.params.id), request.locale);
      if (!d) throw new AppError('not_found');
      return d;
    },
  );

  app.put(
    '/api/v1/admin/directions/:id/',
    {
      preHandler: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change a direction: course mode, manual course or source and markup, bonus, limits, on/off',
        description:
          'Fields left out stay as they are; `null` clears a limit. The calculator offers the new course at once; ' +
          'claims already created keep the course they locked.',
        params: idParam,
        body: directionPatchDoc,
        response: { 200: adminDirectionSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await service().direction(id, request.locale))) throw new AppError('not_found');
      const patch = parseInput(directionPatchBody(request.locale), request.body ?? {});
      return service().updateDirection(actor(request), id, patch, request.locale);
    },
  );

  app.get(
    '/api/v1/admin/currencies/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Every currency with its reserve',
        response: { 200: adminCurrencyListSchema, ...denied },
      },
    },
    async (request) => ({ results: await service().currencies(request.locale) }),
  );

  app.post(
    '/api/v1/admin/currencies/:id/reserve/',
    {
      preHandler: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change a reserve by a signed amount, with the reason (kept in its history)',
        description: 'Refused with a field error when it would take the reserve below zero.',
        params: idParam,
        body: reserveChangeDoc,
        response: {
          200: z.object({ reserve: z.string() }),
          400: badRequestSchema,
          ...denied,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const { delta, reason } = parseInput(reserveChangeBody(request.locale), request.body ?? {});
      return { reserve: await service().changeReserve(actor(request), id, delta, reason, request.locale) };
    },
  );

  app.get(
    '/api/v1/admin/currencies/:id/reserve-history/',
    {
      preHandler: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'The reserve’s changes by operators, newest first',
        params: idParam,
        querystring: z.object({ page: z.string().optional(), size: z.string().optional() }),
        response: { 200: reserveHistoryPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = parseInput(paginationQuery(request.locale, 20), rawQuery(request));
      const path = `/api/v1/admin/currencies/${request.params.id}/reserve-history/`;
      return drfPage(
        request,
        app.config.publicUrl,
        path,
        q,
        await service().reserveHistory(Number(request.params.id), q),
      );
    },
  );
};
