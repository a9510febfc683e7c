import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, detailErrorSchema } from '../../../shared/schemas/content.ts';
import { fieldMessage } from '../../../shared/schemas/fields.ts';
import { paginationQuery } from '../../../shared/schemas/pagination.ts';
import {
  dwPageSchema,
  dwQuery,
  referralSummarySchema,
  withdrawalCreateSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../../../shared/schemas/referral.ts';
import { AppError } from '../../errors.ts';
import { idempotencyKey } from '../../idempotency.ts';
import { drfPage } from '../../pagination.ts';
import { authUser } from '../../plugins/auth.ts';
import { parseInput, rawQuery } from '../content/validation.ts';

const tags = ['referral'];
const security = [{ bearer: [] }];
const pageParams = z.object({
  page: z.string().optional().describe('from 1'),
  size: z.string().optional().describe('default 20, at most 100'),
});

/** The referral programme of the logged-in customer (SPEC §7 `users/me/refferal/...`; DESIGN §6 for the money). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const referral = app.services.referral;

  app.get(
    '/api/v1/users/me/refferal/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Code, link, invited customers, balance and the accrual percent',
        response: { 200: referralSummarySchema, 401: detailErrorSchema },
      },
    },
    async (request) => referral.summary(authUser(request).id, request.locale),
  );

  app.get(
    '/api/v1/users/me/refferal/dw/',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Deposits (accruals) and withdrawals, newest first; dates YYYY-MM-DD, inclusive',
        querystring: pageParams.extend({ date_from: z.string().optional(), date_to: z.string().optional() }),
        response: { 200: dwPageSchema, 400: badRequestSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = parseInput(dwQuery(request.locale), rawQuery(request));
      if (query.date_from && query.date_to && query.date_from > query.date_to) {
        throw new AppError('validation', { fields: { date_to: [fieldMessage('field_invalid_date', request.locale)] } });
      }
      const found = await referral.history(authUser(request).id, query);
      return drfPage(request, app.config.publicUrl, '/api/v1/users/me/refferal/dw/', query, found);
    },
  );

  app.get(
    '/api/v1/users/me/refferal/withdrawal/',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'The customer’s withdrawal requests, newest first',
        querystring: pageParams,
        response: { 200: withdrawalPageSchema, 400: badRequestSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = parseInput(paginationQuery(20), rawQuery(request));
      const found = await referral.withdrawals(authUser(request).id, query.page, query.size);
      return drfPage(request, app.config.publicUrl, '/api/v1/users/me/refferal/withdrawal/', query, found);
    },
  );

  app.post(
    '/api/v1/users/me/refferal/withdrawal/',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Request a payout: the amount is reserved until the operator pays or rejects it',
        description: 'Amount as a decimal string. `Idempotency-Key` makes a retry return the first request.',
        body: z.object({ amount: z.string(), requisites: z.string() }),
        response: {
          200: withdrawalSchema,
          201: withdrawalSchema,
          400: badRequestSchema,
          401: detailErrorSchema,
          422: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const input = parseInput(withdrawalCreateSchema(request.locale), request.body);
      const { withdrawal, replayed } = await referral.requestWithdrawal(
        authUser(request).id,
        input,
        request.locale,
        key,
      );
      return reply.status(replayed ? 200 : 201).send(withdrawal);
    },
  );
};
