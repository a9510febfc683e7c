import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCurrencyDetailSchema,
  adminCurrencyListSchema,
  adminDirectionListSchema,
  adminDirectionSchema,
  currencyCreateBody,
  currencyPatchBody,
  directionCreateBody,
  directionPatchBody,
  reserveChangeBody,
  reserveHistoryPageSchema,
  reserveMovedSchema,
} from '../../../../shared/schemas/admin-directions.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { paginationQuery } from '../../../../shared/schemas/pagination.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { schemaFieldErrors } from '../../../plugins/errors.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idFoundFirst, idParam } from '../route-kit.ts';

const reserveHistoryQuery = paginationQuery(20);

/**
 * The console's directions section (issue 6 §3): currencies (names, kind, network, decimals, logo, visibility, requisite
 * inputs) and directions (pair, course, limits, rounding, notify texts, payment window, on/off) created and edited;
 * currencies' reserves.
 */
export const adminDirectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.directions;

  /**
   * A direction's body the schema refused: the two direction writes take the refusal (`attachValidation`) instead of
   * answering it at once, so the service adds what the currencies' rules say about the fields that did read; same 400
   * shape (docs/admin/directions.md). Any other refusal is answered as it came.
   */
  async function refusal(request: FastifyRequest, id?: number): Promise<Error> {
    const error = request.validationError!;
    if (error.validationContext !== 'body' || !hasZodFastifySchemaValidationErrors(error)) return error;
    return service().refusal(schemaFieldErrors(error.validation), request.body, id);
  }

  app.get(
    '/api/v1/admin/directions/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Every direction, on or off, with its course as offered now',
        response: { 200: adminDirectionListSchema, ...denied },
      },
    },
    async (request) => ({ results: await service().directions(request.locale) }),
  );

  app.post(
    '/api/v1/admin/directions/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Create a direction: the two currencies, course mode and course or source, limits, rounding, texts',
        description:
          'The pair must be new and its sides distinct (field errors otherwise). Active, the calculator offers it at ' +
          'once. Rounding defaults to the currencies’ decimals and may not exceed them.',
        body: directionCreateBody,
        response: { 201: adminDirectionSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw await refusal(request);
      return reply.code(201).send(await service().createDirection(actor(request), request.body, request.locale));
    },
  );

  app.get(
    '/api/v1/admin/directions/:id/',
    {
      onRequest: app.requireStaff,
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
      onRequest: app.requireStaff,
      preValidation: idFoundFirst((id) => service().direction(id, 'ru')),
      attachValidation: true,
      schema: {
        tags,
        security,
        summary:
          'Change a direction: course mode, manual course or source and markup, bonus, limits, rounding, notify ' +
          'texts, payment window, position, on/off',
        description:
          'Fields left out stay as they are; `null` clears a limit. The calculator offers the new course at once; ' +
          'claims already created keep the course they locked.',
        params: idParam,
        body: directionPatchBody,
        response: { 200: adminDirectionSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      if (request.validationError) throw await refusal(request, Number(request.params.id));
      return service().updateDirection(actor(request), Number(request.params.id), request.body, request.locale);
    },
  );

  app.get(
    '/api/v1/admin/currencies/',
    {
      onRequest: app.requireStaff,
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
    '/api/v1/admin/currencies/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Create a currency with its requisite inputs (reserve starts at 0)',
        description:
          'The code is the monitors’ (unique, upper-case latin and digits). Inputs: names unique per side and safe ' +
          'identifiers; each example must pass its own input’s rules.',
        body: currencyCreateBody,
        response: { 201: adminCurrencyDetailSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await service().createCurrency(actor(request), request.body)),
  );

  app.get(
    '/api/v1/admin/currencies/:id/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One currency with every field the editor changes (names in both languages, inputs)',
        params: idParam,
        response: { 200: adminCurrencyDetailSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const c = await service().currency(Number(request.params.id));
      if (!c) throw new AppError('not_found');
      return c;
    },
  );

  app.put(
    '/api/v1/admin/currencies/:id/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Change a currency: any of its fields; `fromInputs`/`toInputs` replace the side’s whole list',
        description:
          'Claims keep their requisites by input name: a renamed or removed input still shows on old claims under ' +
          'its old name. Decimals cannot go below a direction’s rounding of the currency; stored amounts never change.',
        params: idParam,
        body: currencyPatchBody,
        response: { 200: adminCurrencyDetailSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => service().updateCurrency(actor(request), Number(request.params.id), request.body),
  );

  app.post(
    '/api/v1/admin/currencies/:id/reserve/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Change a reserve by a signed amount, with the reason (kept in its history)',
        description:
          'Refused with a field error when it would take the reserve below zero, or (with `expected`) when the ' +
          'reserve is no longer the figure the operator confirmed: then `current.reserve` carries it as it is now.',
        params: idParam,
        body: reserveChangeBody,
        response: {
          200: z.object({ reserve: z.string() }),
          400: z.union([reserveMovedSchema, badRequestSchema]),
          ...denied,
          404: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const { delta, reason, expected } = request.body;
      return {
        reserve: await service().changeReserve(
          actor(request),
          Number(request.params.id),
          delta,
          reason,
          expected ?? null,
        ),
      };
    },
  );

  app.get(
    '/api/v1/admin/currencies/:id/reserve-history/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'The reserve’s changes by operators, newest first',
        params: idParam,
        querystring: reserveHistoryQuery,
        response: { 200: reserveHistoryPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
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
