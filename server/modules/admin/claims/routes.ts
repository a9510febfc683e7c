import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClaimSchema,
  adminClaimsPageSchema,
  adminClaimsQuery,
  claimActionBodies,
  claimActionRules,
  claimActions,
  requotePreviewSchema,
} from '../../../../shared/schemas/admin-claims.ts';
import { badRequestSchema, detailErrorSchema } from '../../../../shared/schemas/content.ts';
import { AppError } from '../../../errors.ts';
import { drfPage } from '../../../pagination.ts';
import { actor, foundFirst, staffRoute } from '../route-kit.ts';

const path = '/api/v1/admin/claims/';
const uuidParam = z.object({ uuid: z.string().max(64) });

/** What each action needs besides `expected`, for the API documentation. */
const actionNotes = {
  received: 'payment received: -> processing',
  complete: 'payout made: -> completed; `reference` (the payout reference) required; credits the referrer',
  hold: 'review: -> hold; `reason` (shown to the customer and mailed) required',
  requote: "a new offer at the direction's current course for the same amount sent: -> requoted",
  refund:
    'money returned: -> refunded; `reference` (the refund transfer) required from refund_requested, optional otherwise',
  cancel: '-> cancelled; `reason` (shown to the customer) optional',
} as const;

/** The console's claims (issue 6 §2): the queue, a claim, and the operator's actions on it. Staff only. */
export const adminClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.admin.claims;

  app.get(
    path,
    staffRoute(app, {
      summary: 'Claims queue: newest first; `status` one status or `waiting` (oldest waiting first); `q` searches',
      description:
        '`q` matches the uuid or its first characters, the e-mail, either side’s requisites, the payout reference.',
      querystring: adminClaimsQuery,
      response: { 200: adminClaimsPageSchema, 400: badRequestSchema, 404: detailErrorSchema },
    }),
    async (request) => drfPage(request, app.config.publicUrl, path, request.query, await service().list(request.query)),
  );

  app.get(
    `${path}:uuid/`,
    staffRoute(app, {
      summary: 'A claim: requisites, payment detail, history with operators, account, promocode, referral, actions',
      params: uuidParam,
      response: { 200: adminClaimSchema, 404: detailErrorSchema },
    }),
    async (request) => {
      const claim = await service().detail(request.params.uuid, request.locale);
      if (!claim) throw new AppError('not_found');
      return claim;
    },
  );

  // An unknown claim is 404 before its body is judged.
  const found = foundFirst(uuidParam, ({ uuid }) => app.services.claims.read(uuid));

  app.get(
    `${path}:uuid/requote/`,
    staffRoute(app, {
      summary: 'The offer a re-quote would make now (course, amount to receive, until when, a promocode left out)',
      description:
        'Writes nothing: the console shows it before the operator confirms, and the offer is priced again when made. ' +
        '409 `claim_action_not_allowed` when the status takes no re-quote, 409 `claim_requote_unavailable` when the ' +
        'direction prices nothing now or could not pay the amount out.',
      params: uuidParam,
      response: { 200: requotePreviewSchema, 404: detailErrorSchema, 409: detailErrorSchema },
    }),
    async (request) => {
      const offer = await app.services.claims.previewRequote(request.params.uuid, claimActionRules.requote.from);
      if (!offer) throw new AppError('claim_action_not_allowed');
      return offer;
    },
  );
  for (const action of claimActions) {
    app.post(
      `${path}:uuid/${action}/`,
      staffRoute(
        app,
        {
          summary: `Claim action "${action}" (${claimActionRules[action].from.join('|')} ${actionNotes[action]})`,
          description:
            '`expected` is the status the operator saw: a claim that moved since answers 409 `claim_moved`; an action ' +
            'the status does not allow answers 409 `claim_action_not_allowed`. Appends history (actor operator:<id>), ' +
            'records the audit entry and mails the customer. Answers the claim as GET does.',
          params: uuidParam,
          body: claimActionBodies[action],
          response: { 200: adminClaimSchema, 400: badRequestSchema, 404: detailErrorSchema, 409: detailErrorSchema },
        },
        found,
      ),
      async (request) => {
        const { uuid } = request.params;
        await service().act(uuid, action, request.body, actor(request));
        const claim = await service().detail(uuid, request.locale);
        if (!claim) throw new AppError('not_found');
        return claim;
      },
    );
  }
};
