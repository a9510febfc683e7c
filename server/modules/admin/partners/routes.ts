import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  adminWithdrawalsQuery,
  referralSettingsBody,
  referralSettingsSchema,
  withdrawalPayBody,
  withdrawalPayDoc,
  withdrawalRejectBody,
  withdrawalRejectDoc,
} from '../../../../shared/schemas/admin-partners.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { parseInput, rawQuery } from '../../content/validation.ts';
import { actor, adminSecurity as security, adminTags as tags, denied, idParam } from '../route-kit.ts';

const path = '/api/v1/admin/withdrawals/';

/** The console's partners section (issue 6 §5): the withdrawal queue and the referral programme's settings. */
export const adminPartnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.partners;

  app.get(
    path,
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Partners’ withdrawal requests; `status=pending` is the queue, oldest first',
        querystring: z.object({
          page: z.string().optional(),
          size: z.string().optional(),
          status: z.string().optional(),
        }),
        response: { 200: adminWithdrawalPageSchema, 400: badRequestSchema, ...denied, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const q = parseInput(adminWithdrawalsQuery(request.locale), rawQuery(request));
      return drfPage(request, app.config.publicUrl, path, q, await service().list(q));
    },
  );

  const decision = (kind: 'pay' | 'reject') =>
    app.post(
      `${path}:id/${kind}/`,
      {
        onRequest: app.requireStaff,
        attachValidation: true,
        schema: {
          tags,
          security,
          summary:
            kind === 'pay'
              ? 'Pay a pending request: `reference` (the payout’s transaction or transfer) is shown to the partner'
              : 'Reject a pending request: `reason` is shown to the partner and the amount returns to their balance',
          description: 'Only a pending request can be decided: one already decided answers 409 `withdrawal_decided`.',
          params: idParam,
          body: kind === 'pay' ? withdrawalPayDoc : withdrawalRejectDoc,
          response: {
            200: adminWithdrawalSchema,
            400: badRequestSchema,
            ...denied,
            404: detailErrorSchema,
            409: detailErrorSchema,
          },
        },
      },
      async (request) => {
        const id = Number(request.params.id);
        if (!(await service().get(id))) throw new AppError('not_found');
        if (kind === 'pay') {
          const { reference } = parseInput(withdrawalPayBody(request.locale), request.body ?? {});
          return service().pay(actor(request), id, reference);
        }
        const { reason } = parseInput(withdrawalRejectBody(request.locale), request.body ?? {});
        return service().reject(actor(request), id, reason);
      },
    );
  decision('pay');
  decision('reject');

  app.get(
    '/api/v1/admin/referral/settings/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'The referral programme: accrual percent and the smallest payout',
        response: { 200: referralSettingsSchema, ...denied },
      },
    },
    async () => service().settings(),
  );

  app.put(
    '/api/v1/admin/referral/settings/',
    {
      onRequest: app.requireStaff,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Change the accrual percent (0..50) and the smallest payout; applies to what happens from now on',
        body: referralSettingsSchema,
        response: { 200: referralSettingsSchema, 400: badRequestSchema, ...denied },
      },
    },
    async (request) => {
      const input = parseInput(referralSettingsBody(request.locale), request.body ?? {});
      return service().saveSettings(actor(request), input);
    },
  );
};
