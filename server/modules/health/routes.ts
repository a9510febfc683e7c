import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settleWithin } from '../../time-bound.ts';

/** A load balancer's check must get an answer fast: a database that does not answer within this is not ready. */
const readyWithinMs = 1000;

/** Liveness and readiness for load balancers (docs/architecture.md). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      // Stopping (SIGTERM's drain window): still serving, but the load balancer should send its traffic elsewhere.
      if (app.draining) return reply.status(503).send({ status: 'unavailable' as const });
      // A network that drops packets would hang the ping: past the bound, not ready.
      const ok = await settleWithin(app.services.database.ping(), readyWithinMs, false);
      return ok ? { status: 'ready' as const } : reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
