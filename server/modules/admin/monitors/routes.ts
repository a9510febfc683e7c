import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMonitorListSchema,
  adminMonitorSchema,
  bannerMaxBytes,
  monitorReviewBody,
} from '../../../../shared/schemas/admin-monitors.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { actor, idFoundFirst, idParam, staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/monitors/';

/**
 * The console's monitors (issue 14): the monitoring sites of /partners and the footer, each with an uploaded banner
 * and a review page. Staff only; every change audited.
 */
export const adminMonitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.monitors;
  const found = idFoundFirst((id) => service().get(id));

  app.get(
    path,
    staffRoute(app, {
      summary: 'The monitors in their order, with banner address and review page',
      response: { 200: adminMonitorListSchema },
    }),
    async () => ({ results: await service().list() }),
  );

  app.put(
    `${path}:id/review/`,
    staffRoute(
      app,
      {
        summary: 'Set the page where customers review us on this monitor (empty or null: none)',
        params: idParam,
        body: monitorReviewBody,
        response: { 200: adminMonitorSchema, 400: badRequestSchema, 404: detailErrorSchema },
      },
      found,
    ),
    async (request) => service().setReviewUrl(actor(request), Number(request.params.id), request.body.reviewUrl),
  );

  // The banner is the request body itself (`Content-Type: image/png`, ...), in a scope of its own: any type is read as
  // bytes here and judged by the bytes' own signature, so an SVG or an HTML page named image/png is refused alike.
  const bannerUpload: FastifyPluginAsyncZod = async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4 * bannerMaxBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.put(
      `${path}:id/banner/`,
      staffRoute(
        scope,
        {
          summary:
            'Upload the monitor’s banner: the body is a PNG, JPEG, GIF or WebP image (SVG refused), 256 KB at most',
          params: idParam,
          response: {
            200: adminMonitorSchema,
            404: detailErrorSchema,
            413: detailErrorSchema,
            415: detailErrorSchema,
          },
        },
        found,
      ),
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('banner_type');
        return service().putBanner(actor(request), Number(request.params.id), request.body);
      },
    );
  };
  await app.register(bannerUpload);

  app.delete(
    `${path}:id/banner/`,
    staffRoute(
      app,
      {
        summary: 'Remove the banner: the footer shows the monitor’s name',
        params: idParam,
        response: { 200: adminMonitorSchema, 404: detailErrorSchema },
      },
      found,
    ),
    async (request) => service().removeBanner(actor(request), Number(request.params.id)),
  );
};
