import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailErrorSchema } from '../../../shared/schemas/content.ts';
import { myClaimsPageSchema, myClaimsQuery } from '../../../shared/schemas/my-claims.ts';
import { drfPage } from '../../pagination.ts';
import { authUser } from '../../plugins/auth.ts';

/** The account's order list (docs/product/api.md `users/me/claims/`): only the caller's own claims, newest first. */
export const myClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/me/claims/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['claim'],
        security: [{ bearer: [] }],
        summary: 'The logged-in customer’s claims (DRF page), optionally of one status',
        querystring: myClaimsQuery,
        response: { 200: myClaimsPageSchema, 400: badRequestSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const found = await app.services.claims.listOfUser(authUser(request).id, query, request.locale);
      return drfPage(request, app.config.publicUrl, '/api/v1/users/me/claims/', query, found);
    },
  );
};
