import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTerminal } from '../../../shared/claim-statuses.ts';
import { detailErrorSchema } from '../../../shared/schemas/content.ts';
import { AppError } from '../../errors.ts';

/** `Last-Event-ID` as the stream wrote it (a history row id); anything else counts as no id at all. */
function lastEventId(header: string | undefined): number | null {
  return header && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/**
 * The claim page's live status (docs/product/api.md, docs/decisions/0021-live-status.md): Server-Sent Events, one
 * `status` event per change carrying the same answer as GET .../status/, with the newest history row's id as the
 * event id; the stream ends after a final status.
 */
export const claimEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const claims = app.services.claims;

  app.get(
    '/api/v1/claim/:id/events/',
    {
      schema: {
        tags: ['claim'],
        summary: 'Server-Sent Events: the claim’s status on every change (the GET .../status/ answer), until final',
        description:
          'Each `status` event carries the `GET .../status/` answer and the id of the newest history row. Sent at ' +
          'once on connect, then on every change; with `Last-Event-ID` only when something changed since. A comment ' +
          'line every 15 s keeps the connection alive. The stream ends after a final status (completed, cancelled, ' +
          'refunded); asked again after that, it answers 204 (EventSource then stops). 429/503 past the limits of ' +
          'open streams per address and per process.',
        params: z.object({ id: z.string().max(64) }),
        headers: z.looseObject({ 'last-event-id': z.string().max(64).optional() }),
        response: {
          200: z.string().describe('text/event-stream'),
          204: z.null(),
          404: detailErrorSchema,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const locale = request.locale;
      const first = await claims.statusEvent(id, locale);
      if (!first) throw new AppError('not_found');
      let sent = lastEventId(request.headers['last-event-id']) ?? -1;
      if (isTerminal(first.status.status) && sent >= first.id) return reply.code(204).send(null);

      const stream = app.streams.open(request, reply);
      let expiry: NodeJS.Timeout | null = null;
      const show = (now: NonNullable<typeof first>) => {
        // Ended already (a HEAD request's stream): no deadline to wait for.
        if (stream.ended) return;
        if (now.id > sent) {
          sent = now.id;
          stream.send({ id: now.id, event: 'status', data: now.status });
        }
        if (isTerminal(now.status.status)) return stream.end();
        // An unpaid claim expires at its deadline whether or not anyone sweeps: read it again then (reading expires it).
        if (expiry) clearTimeout(expiry);
        expiry = null;
        if (now.status.status === 'new') {
          const wait = Math.max(0, Date.parse(now.status.expiresAt) - Date.now()) + 500;
          // Past 24 days a timer fires at once; nothing waits that long anyway.
          if (wait < 2 ** 31 - 1) expiry = setTimeout(() => void refresh(), wait);
        }
      };
      // One read at a time, in order: a burst of changes costs at most one more read, and events never go back.
      let queue: Promise<void> = Promise.resolve();
      let again = false;
      const refresh = () => {
        if (again) return queue;
        again = true;
        queue = queue.then(async () => {
          again = false;
          if (stream.ended) return;
          try {
            const now = await claims.statusEvent(id, locale);
            if (now) show(now);
            else stream.end();
          } catch (e) {
            // The database went away: the client reconnects (and polls meanwhile).
            request.log.warn(e, 'live status read failed');
            stream.end();
          }
        });
        return queue;
      };
      const unsubscribe = app.services.claimEvents.subscribe((event) => {
        if (event.claimId === first.status.uuid) void refresh();
      });
      stream.onEnd(() => {
        unsubscribe();
        if (expiry) clearTimeout(expiry);
      });
      show(first);
      // A change committed between the first read and the subscription would be missed without one more look.
      void refresh();
    },
  );
};
