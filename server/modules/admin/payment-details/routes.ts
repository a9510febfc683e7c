import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentDetailPageSchema,
  adminPaymentDetailSchema,
  paymentCoverageSchema,
  paymentDetailActiveBody,
  paymentDetailCreateBody,
  paymentDetailFields,
  paymentDetailsQuery,
} from '../../../../shared/schemas/admin-payment-details.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idFoundFirst, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/payment-details/';

/** The console's payment-details pool (issue 6 §3): list, coverage, create, change, switch on/off. Staff only. */
export const adminPaymentDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.paymentDetails;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Payment details, by currency, with how often each was handed to a claim',
        querystring: paymentDetailsQuery,
        response: { 200: adminPaymentDetailPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return drfPage(request, app.config.publicUrl, path, q, await service().list(q, request.locale));
    },
  );

  app.get(
    `${path}coverage/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Each currency with its active details and the active directions paying in it',
        description: '`uncovered`: active directions but no active details, so new claims paying in it are refused.',
        response: { 200: paymentCoverageSchema, ...denied },
      },
    },
    async (request) => ({ results: await service().coverage(request.locale) }),
  );

  app.post(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Add a payment detail to a currency (active at once)',
        body: paymentDetailCreateBody,
        response: { 201: adminPaymentDetailSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service().create(actor(request), request.body, request.locale);
    },
  );

  app.get(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One payment detail',
        params: idParam,
        response: { 200: adminPaymentDetailSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const detail = await service().get(Number(request.params.id), request.locale);
      if (!detail) throw new AppError('not_found');
      return detail;
    },
  );

  app.put(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      preValidation: idFoundFirst((id) => service().get(id, 'ru')),
      schema: {
        tags,
        security,
        summary: 'Change a payment detail (label, value, holder, memo); claims already created keep their copy',
        params: idParam,
        body: paymentDetailFields,
        response: { 200: adminPaymentDetailSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => service().update(actor(request), Number(request.params.id), request.body, request.locale),
  );

  app.put(
    `${path}:id/active/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Switch a payment detail on or off (details are never deleted)',
        description:
          'Switching off the last active detail of a currency with active directions answers 409 ' +
          '`payment_details_last` unless `confirm` is true.',
        params: idParam,
        body: paymentDetailActiveBody,
        response: {
          200: adminPaymentDetailSchema,
          400: badRequestSchema,
          ...denied,
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => service().setActive(actor(request), Number(request.params.id), request.body, request.locale),
  );
};
