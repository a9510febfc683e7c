import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFaqItemSchema,
  adminFaqListSchema,
  faqBody,
  faqBodyDoc,
  faqOrderBody,
  faqOrderDoc,
} from '../../../../shared/schemas/admin-content.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { parseInput } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/faq/';

/** The console's FAQ (issue 6 §6): the questions of /faq, both languages, in order. Staff only; every change audited. */
export const adminFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.faq;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Every FAQ question with its answer (Markdown), both languages, in order',
        response: { 200: adminFaqListSchema, ...denied },
      },
    },
    async () => ({ results: await service().list() }),
  );

  app.post(
    path,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Add a question (last in the list); on the site at once',
        body: faqBodyDoc,
        response: { 201: adminFaqItemSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request, reply) => {
      const input = parseInput(faqBody(request.locale), request.body ?? {});
      reply.code(201);
      return service().create(actor(request), input);
    },
  );

  app.put(
    `${path}order/`,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Put the questions in order',
        description: '`ids` names every question once; 409 `faq_changed` when the list changed meanwhile.',
        body: faqOrderDoc,
        response: { 200: adminFaqListSchema, 400: badRequestSchema, ...denied, 409: detailErrorSchema },
      },
    },
    async (request) => {
      const { ids } = parseInput(faqOrderBody(request.locale), request.body ?? {});
      return { results: await service().reorder(actor(request), ids) };
    },
  );

  app.get(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'One question',
        params: idParam,
        response: { 200: adminFaqItemSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const item = await service().get(Number(request.params.id));
      if (!item) throw new AppError('not_found');
      return item;
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
        summary: 'Change a question and its answer',
        params: idParam,
        body: faqBodyDoc,
        response: { 200: adminFaqItemSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await service().get(id))) throw new AppError('not_found');
      const input = parseInput(faqBody(request.locale), request.body ?? {});
      return service().update(actor(request), id, input);
    },
  );

  app.delete(
    `${path}:id/`,
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Delete a question (the audit log keeps its text)',
        params: idParam,
        response: { 204: z.null(), ...denied, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await service().remove(actor(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
