import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  adminWithdrawalsQuery,
  referralSettingsBody,
  referralSettingsSchema,
  withdrawalPayBody,
  withdrawalRejectBody,
} from '../../../../shared/schemas/admin-partners.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, idFoundFirst, idParam, staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/withdrawals/';
const decisionDescription =
  'Only a pending request can be decided: one already decided answers 409 `withdrawal_decided`.';

/** The console's partners section (issue 6 §5): the withdrawal queue and the referral programme's settings. */
export const adminPartnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.partners;
  const decisionAnswers = {
    200: adminWithdrawalSchema,
    400: badRequestSchema,
    404: detailErrorSchema,
    409: detailErrorSchema,
  };
  const found = idFoundFirst((id) => service().get(id));

  app.get(
    path,
    staffRoute(app, {
      summary: 'Partners’ withdrawal requests; `status=pending` is the queue, oldest first',
      querystring: adminWithdrawalsQuery,
      response: { 200: adminWithdrawalPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) => drfPage(request, app.config.publicUrl, path, request.query, await service().list(request.query)),
  );

  app.post(
    `${path}:id/pay/`,
    staffRoute(
      app,
      {
        summary: 'Pay a pending request: `reference` (the payout’s transaction or transfer) is shown to the partner',
        description: decisionDescription,
        params: idParam,
        body: withdrawalPayBody,
        response: decisionAnswers,
      },
      found,
    ),
    async (request) => service().pay(actor(request), Number(request.params.id), request.body.reference),
  );

  app.post(
    `${path}:id/reject/`,
    staffRoute(
      app,
      {
        summary: 'Reject a pending request: `reason` is shown to the partner and the amount returns to their balance',
        description: decisionDescription,
        params: idParam,
        body: withdrawalRejectBody,
        response: decisionAnswers,
      },
      found,
    ),
    async (request) => service().reject(actor(request), Number(request.params.id), request.body.reason),
  );

  app.get(
    '/api/v1/admin/referral/settings/',
    staffRoute(app, {
      summary: 'The referral programme: accrual percent and the smallest payout',
      response: { 200: referralSettingsSchema },
    }),
    async () => service().settings(),
  );

  app.put(
    '/api/v1/admin/referral/settings/',
    staffRoute(app, {
      summary: 'Change the accrual percent (0..50) and the smallest payout; applies to what happens from now on',
      body: referralSettingsBody,
      response: { 200: referralSettingsSchema, 400: badRequestSchema },
    }),
    async (request) => service().saveSettings(actor(request), request.body),
  );
};
