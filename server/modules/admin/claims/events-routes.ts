import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';

/**
 * The console's live queue (docs/decisions/0021-live-status.md): a `claim` event `{uuid, status}` whenever any claim is
 * created or changes status, so the queue and the dashboard read themselves again.
 *
 * EventSource cannot send an Authorization header, so the caller is read from the refresh cookie, as the console's
 * own pages are rendered (read, never rotated). The role is checked when the stream opens, and the stream ends after
 * the access token's lifetime: the browser reconnects and is checked again, so a demoted operator or an ended session
 * stops hearing within that time, as a bearer token would.
 */
export const adminClaimEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/claims/events/',
    {
      // Before the limits: a guest is told 401 even when the address has many streams open.
      onRequest: async (request) => {
        const session = await app.services.auth.sessionFromCookieHeader(request.headers.cookie);
        if (!session) throw new AppError('not_authenticated');
        if (session.role !== 'operator' && session.role !== 'admin') throw new AppError('forbidden');
      },
      schema: {
        tags: ['admin'],
        summary: 'Server-Sent Events for the console: `claim` {uuid, status} on every new claim and status change',
        description:
          'Authenticated by the `refreshToken` cookie (EventSource sends no Authorization header); operators and ' +
          'admins only. Ends after ACCESS_TOKEN_TTL seconds; the browser reconnects and is checked again.',
        response: {
          200: z.string().describe('text/event-stream'),
          401: detailErrorSchema,
          403: detailErrorSchema,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const stream = app.streams.open(request, reply);
      stream.send({ event: 'ready', data: {} });
      const unsubscribe = app.services.claimEvents.subscribe((event) =>
        stream.send({ event: 'claim', data: { uuid: event.claimId, status: event.status } }),
      );
      const lifetime = setTimeout(() => stream.end(), app.config.accessTokenTtl * 1000);
      stream.onEnd(() => {
        unsubscribe();
        clearTimeout(lifetime);
      });
    },
  );
};
