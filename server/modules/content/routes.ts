import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Content API (pages, news, partners, monitoring registrations). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
