import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFaqItemSchema,
  adminFaqListSchema,
  faqBody,
  faqOrderBody,
} from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { actor, idFoundFirst, idParam, staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/faq/';

/** The console's FAQ (issue 6 §6): the questions of /faq, both languages, in order. Staff only; every change audited. */
export const adminFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.faq;

  app.get(
    path,
    staffRoute(app, {
      summary: 'Every FAQ question with its answer (Markdown), both languages, in order',
      response: { 200: adminFaqListSchema },
    }),
    async () => ({ results: await service().list() }),
  );

  app.post(
    path,
    staffRoute(app, {
      summary: 'Add a question (last in the list); on the site at once',
      body: faqBody,
      response: { 201: adminFaqItemSchema, 400: badRequestSchema },
    }),
    async (request, reply) => reply.code(201).send(await service().create(actor(request), request.body)),
  );

  app.put(
    `${path}order/`,
    staffRoute(app, {
      summary: 'Put the questions in order',
      description: '`ids` names every question once; 409 `faq_changed` when the list changed meanwhile.',
      body: faqOrderBody,
      response: { 200: adminFaqListSchema, 400: badRequestSchema, 409: detailErrorSchema },
    }),
    async (request) => ({ results: await service().reorder(actor(request), request.body.ids) }),
  );

  app.get(
    `${path}:id/`,
    staffRoute(app, {
      summary: 'One question',
      params: idParam,
      response: { 200: adminFaqItemSchema, 404: detailErrorSchema },
    }),
    async (request) => {
      const item = await service().get(Number(request.params.id));
      if (!item) throw new AppError('not_found');
      return item;
    },
  );

  app.put(
    `${path}:id/`,
    staffRoute(
      app,
      {
        summary: 'Change a question and its answer',
        params: idParam,
        body: faqBody,
        response: { 200: adminFaqItemSchema, 400: badRequestSchema, 404: detailErrorSchema },
      },
      idFoundFirst((id) => service().get(id)),
    ),
    async (request) => service().update(actor(request), Number(request.params.id), request.body),
  );

  app.delete(
    `${path}:id/`,
    staffRoute(app, {
      summary: 'Delete a question (the audit log keeps its text)',
      params: idParam,
      response: { 204: z.null(), 404: detailErrorSchema },
    }),
    async (request, reply) => {
      await service().remove(actor(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
