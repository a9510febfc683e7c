import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteSettingsSchema } from '../../../shared/schemas/content.ts';
import { exchangeAttributesSchema } from '../../../shared/schemas/exchange.ts';

/**
 * GET /api/v1/calculator/settings/ (docs/product/api.md): the site-wide settings the header loads (contest), plus, when
 * a monitor link brought `?cur_from=CODE&cur_to=CODE`, the `exchangeAttributes` the calculator preselects. The other
 * calculator routes are in exchange-routes.ts.
 */
export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/calculator/settings/',
    {
      schema: {
        tags: ['calculator'],
        summary:
          'Site settings: the contest (status and texts in the request locale); exchangeAttributes for cur_from/cur_to',
        querystring: z.object({
          cur_from: z.string().max(32).optional().describe('monitor currency code, e.g. SBERRUB'),
          cur_to: z.string().max(32).optional().describe('monitor currency code, e.g. USDTTRC20'),
        }),
        response: { 200: siteSettingsSchema.extend({ exchangeAttributes: exchangeAttributesSchema.optional() }) },
      },
    },
    async (request) => {
      const settings = await app.services.content.settings(request.locale);
      const { cur_from: curFrom, cur_to: curTo } = request.query;
      if (curFrom === undefined && curTo === undefined) return settings;
      return { ...settings, exchangeAttributes: await app.services.calculator.exchangeAttributes(curFrom, curTo) };
    },
  );
};
