import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailErrorSchema } from '../../../shared/schemas/content.ts';
import {
  dwPageSchema,
  dwQuery,
  referralSummarySchema,
  withdrawalCreateSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawalsQuery,
} from '../../../shared/schemas/referral.ts';
import { idempotencyKey } from '../../idempotency.ts';
import { drfPage } from '../../pagination.ts';
import { authUser } from '../../plugins/auth.ts';

const tags = ['referral'];
const security = [{ bearer: [] }];

/** The referral programme of the logged-in customer (docs/product/api.md `users/me/refferal/...`; docs/money.md for the money). */
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
      schema: {
        tags,
        security,
        summary: 'Deposits (accruals) and withdrawals, newest first; dates YYYY-MM-DD, inclusive',
        querystring: dwQuery,
        response: { 200: dwPageSchema, 400: badRequestSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const found = await referral.history(authUser(request).id, query);
      return drfPage(request, app.config.publicUrl, '/api/v1/users/me/refferal/dw/', query, found);
    },
  );

  app.get(
    '/api/v1/users/me/refferal/withdrawal/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The customer’s withdrawal requests, newest first',
        querystring: withdrawalsQuery,
        response: { 200: withdrawalPageSchema, 400: badRequestSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const found = await referral.withdrawals(authUser(request).id, query.page, query.size);
      return drfPage(request, app.config.publicUrl, '/api/v1/users/me/refferal/withdrawal/', query, found);
    },
  );

  app.post(
    '/api/v1/users/me/refferal/withdrawal/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Request a payout: the amount is reserved until the operator pays or rejects it',
        description: 'Amount as a decimal string. `Idempotency-Key` makes a retry return the first request.',
        body: withdrawalCreateSchema,
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
      const input = request.body;
      const { withdrawal, replayed } = await referral.requestWithdrawal(authUser(request).id, input, key);
      return reply.status(replayed ? 200 : 201).send(withdrawal);
    },
  );
};
