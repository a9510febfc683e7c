import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema } from '../../../shared/schemas/content.ts';
import {
  courseSchema,
  currencyListSchema,
  pairSchema,
  reserveListSchema,
  techSchema,
} from '../../../shared/schemas/exchange.ts';
import { AppError } from '../../errors.ts';
import { sendCached } from './cache.ts';

const tags = ['calculator'];
/** Ids in paths: anything else is simply not found (no validation message for a URL). */
const idParam = z.string().max(12);
const toId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);
/**
 * The hottest routes (pair, course) read their ids themselves (`toId`) instead of declaring a params schema: a
 * per-request zod parse is work their ready answers do not need, and a malformed id is a 404 either way.
 */
type PairParams = { from: string; to: string };

/**
 * Public, cached JSON skips the document headers (server/plugins/security.ts: the CSP and the rest are for HTML);
 * sendCached sets the two that matter for JSON itself (nosniff, same-origin resource policy).
 */
const publicJson = { config: { securityHeaders: false } } as const;

/**
 * The calculator API (docs/product/api.md) but `settings/`, which routes.ts serves with the contest. Public answers are
 * ready bytes from the hot cache (cache.ts); a logged-in customer's pair is personalised and built per request.
 */
export const calculatorExchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const calculator = app.services.calculator;
  const cache = calculator.cache;

  app.get(
    '/api/v1/calculator/',
    {
      ...publicJson,
      schema: {
        tags,
        summary: 'Currencies of the calculator: send/receive visibility and the ids each can be exchanged into',
        response: { 200: currencyListSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.get(`dirs:${request.locale}`, () => calculator.directions(request.locale)),
      ),
  );

  app.get(
    '/api/v1/calculator/from/',
    { ...publicJson, schema: { tags, summary: 'What can be sent', response: { 200: currencyListSchema } } },
    async (request, reply) =>
      sendCached(request, reply, await cache.get(`from:${request.locale}`, () => calculator.fromList(request.locale))),
  );

  app.get(
    '/api/v1/calculator/from/:fromId/',
    {
      ...publicJson,
      schema: {
        tags,
        summary: 'What can be received for the sent currency',
        params: z.object({ fromId: idParam }),
        response: { 200: currencyListSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const key = `to:${request.params.fromId}:${request.locale}`;
      const ready = cache.peek(key);
      if (ready) return sendCached(request, reply, await ready);
      const fromId = toId(request.params.fromId);
      const list = fromId === null ? null : await calculator.toList(fromId, request.locale);
      if (!list) throw new AppError('not_found');
      return sendCached(request, reply, await cache.get(key, async () => list));
    },
  );

  app.get(
    '/api/v1/calculator/pair/:from/:to/',
    {
      ...publicJson,
      // Guests send no Authorization header: identify answers at once, no lookup on the hot path.
      onRequest: app.identify,
      schema: {
        tags,
        summary: 'Pair settings: course, bonus, per-side limits, rounding, notices and requisite structure',
        description: 'With a bearer token the course is the customer’s own (bonus applied).',
        response: { 200: pairSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user?.id;
      const params = request.params as PairParams;
      const key = `pair:${params.from}:${params.to}:${request.locale}`;
      const ready = userId === undefined ? cache.peek(key) : undefined;
      if (ready) return sendCached(request, reply, await ready);
      const from = toId(params.from);
      const to = toId(params.to);
      const pair =
        from !== null && to !== null ? await calculator.pair(from, to, request.locale, userId !== undefined) : null;
      if (!pair) throw new AppError('not_found');
      if (userId !== undefined) return reply.header('cache-control', 'private, no-store').send(pair);
      return sendCached(request, reply, await cache.get(key, async () => pair));
    },
  );

  app.get(
    '/api/v1/calculator/course/:from/:to/',
    {
      ...publicJson,
      schema: {
        tags,
        summary: 'The course of a pair',
        response: { 200: courseSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const params = request.params as PairParams;
      const key = `course:${params.from}:${params.to}`;
      const ready = cache.peek(key);
      if (ready) return sendCached(request, reply, await ready);
      const from = toId(params.from);
      const to = toId(params.to);
      const course = from !== null && to !== null ? await calculator.course(from, to) : null;
      if (!course) throw new AppError('not_found');
      return sendCached(request, reply, await cache.get(key, async () => course));
    },
  );

  app.get(
    '/api/v1/calculator/reserves/',
    {
      ...publicJson,
      schema: { tags, summary: 'Reserves of the receivable currencies', response: { 200: reserveListSchema } },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.get(`reserves:${request.locale}`, () => calculator.reserves(request.locale)),
      ),
  );

  app.get(
    '/api/v1/calculator/tech/',
    {
      schema: {
        tags,
        summary: 'Maintenance state and message: while on, claim creation is refused with that message',
        response: { 200: techSchema },
      },
    },
    async (request) => calculator.tech(request.locale),
  );
};
