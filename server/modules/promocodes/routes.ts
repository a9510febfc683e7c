import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailErrorSchema } from '../../../shared/schemas/content.ts';
import { fieldIssue } from '../../../shared/field-issues.ts';
import { myPromocodesSchema, promocodeCheckSchema, promocodeQuoteSchema } from '../../../shared/schemas/promocodes.ts';
import { AppError } from '../../errors.ts';
import { authUser } from '../../plugins/auth.ts';
import { courseWithPromocode } from '../../../shared/exchange/calculator.ts';

const tags = ['promocodes'];

/** The customer's promocodes (docs/product/api.md) and the calculator's preview of a code on a pair. */
export const promocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { promocodes, calculator } = app.services;

  app.get(
    '/api/v1/users/me/promocodes/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Codes assigned to the logged-in customer: discount, validity, uses left, state',
        response: { 200: myPromocodesSchema, 401: detailErrorSchema },
      },
    },
    async (request) => {
      const user = authUser(request);
      const results = await promocodes.ofUser(user.id, user.email);
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post(
    '/api/v1/claim/promocode/',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary:
          'Check a promocode for a pair before creating the claim: the course it gives, or why it does not apply',
        description:
          'With a bearer token the customer’s own course, codes and uses count. A guest’s `email` is not looked up: ' +
          'the code previews as its own state, and its per-customer limit is checked when the claim is created. ' +
          'Nothing is used up here.',
        body: promocodeCheckSchema,
        response: { 200: promocodeQuoteSchema, 400: badRequestSchema, 401: detailErrorSchema },
      },
    },
    async (request) => {
      const input = request.body;
      const userId = request.user?.id;
      const priced = await calculator.pairForClaim(
        input.fromPs,
        input.toPs,
        { fresh: true, tx: app.services.database.db },
        userId,
      );
      if (!priced) {
        throw new AppError('validation', {
          fields: { toPs: [fieldIssue('field_pair_unavailable')] },
        });
      }
      // The e-mail a guest typed is not looked up (promocodes.quote says why): only the session's account counts.
      const quote = await promocodes.quote(input.promocode, { userId, email: '' }, { preview: true });
      return {
        promocode: quote.code,
        discount: quote.discountPercent,
        course: courseWithPromocode(priced.pair.course, quote.discountPercent),
      };
    },
  );
};
