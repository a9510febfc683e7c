import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema } from '../../../shared/schemas/content.ts';
import {
  captchaCheckSchema,
  claimConfirmSchema,
  claimLateSchema,
  claimRefundRequestSchema,
  claimCreatedSchema,
  claimCreateSchema,
  claimFormSchema,
  claimRequisiteSchema,
  claimStatusSchema,
  rateChangedSchema,
} from '../../../shared/schemas/exchange.ts';
import { AppError } from '../../errors.ts';
import { idempotencyKey } from '../../idempotency.ts';
import { rememberedReferral } from '../referral/attribution.ts';
import { originOf } from '../../request-origin.ts';

const tags = ['claim'];

/** A claim's reads are private to whoever holds its uuid: no shared cache may keep them (docs/product/claims.md). */
const privateAnswer = async (
  _request: unknown,
  reply: { header(name: string, value: string): unknown },
  payload: unknown,
) => {
  reply.header('cache-control', 'no-store');
  return payload;
};
const idParam = z.object({ id: z.string().max(64) });
const errorAnswer = z.union([detailErrorSchema, fieldErrorsSchema]);

/** Claim API (docs/product/api.md): create, the claim page's reads, the customer's confirm, and which captcha to show. */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const claims = app.services.claims;
  const captcha = app.services.captcha;

  app.post(
    '/api/v1/claim/',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary: 'Create a claim; answers its uuid. Amounts are decimal strings and are recomputed by the server.',
        description:
          'Honours `Idempotency-Key`: the same key answers the first claim again; another body with it is refused (422). ' +
          'A `toSumma` that disagrees with the current rate answers 400 `rate_changed` with the new figures.',
        headers: z.looseObject({ 'idempotency-key': z.string().max(200).optional() }),
        body: claimCreateSchema,
        response: {
          201: claimCreatedSchema,
          400: z.union([rateChangedSchema, errorAnswer]),
          409: detailErrorSchema,
          422: detailErrorSchema,
          503: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const input = request.body;
      // A guest who came by a partner's link carries it even when the form sends none.
      input.refferal ??= rememberedReferral(request);
      const userId = request.user?.id;
      const { uuid } = await claims.create(input, {
        locale: request.locale,
        ip: request.ip,
        deviceId: originOf(request).deviceId,
        userId,
        idempotencyKey: key,
      });
      return reply.status(201).send({ uuid });
    },
  );

  app.get(
    '/api/v1/claim/:id/form/',
    {
      onSend: privateAnswer,
      schema: {
        tags,
        summary: 'The claim: amounts, currencies, requisites, rate, status, deadline',
        params: idParam,
        response: { 200: claimFormSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const form = await claims.form(request.params.id, request.locale);
      if (!form) throw new AppError('not_found');
      return form;
    },
  );

  app.get(
    '/api/v1/claim/:id/requisite/',
    {
      onSend: privateAnswer,
      schema: {
        tags,
        summary: 'Where to pay: the operator’s payment details assigned to the claim',
        params: idParam,
        response: { 200: claimRequisiteSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const answer = await claims.requisite(request.params.id, request.locale);
      if (!answer) throw new AppError('not_found');
      return answer;
    },
  );

  app.get(
    '/api/v1/claim/:id/status/',
    {
      onSend: privateAnswer,
      schema: {
        tags,
        summary: 'The claim’s status with its history',
        params: idParam,
        response: { 200: claimStatusSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const answer = await claims.status(request.params.id, request.locale);
      if (!answer) throw new AppError('not_found');
      return answer;
    },
  );

  app.post(
    '/api/v1/claim/:id/confirm/',
    {
      schema: {
        tags,
        summary: 'The customer’s “I have paid”: new -> paid (409 in any other state or past the deadline)',
        description: 'Optional `txid`: the payment’s reference (transaction hash, bank or SBP reference), up to 200.',
        params: idParam,
        body: claimConfirmSchema,
        response: {
          200: z.object({ uuid: z.uuid(), status: z.literal('paid') }),
          400: errorAnswer,
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const claim = await claims.confirm(request.params.id, request.body.txid);
      return { uuid: claim.id, status: 'paid' as const };
    },
  );

  app.post(
    '/api/v1/claim/:id/late/',
    {
      schema: {
        tags,
        summary: 'The customer paid after the deadline: expired -> late_payment, once (409 from any other status)',
        description: 'Optional `txid` (the payment’s reference) and `comment` for the operator.',
        params: idParam,
        body: claimLateSchema,
        response: {
          200: z.object({ uuid: z.uuid(), status: z.literal('late_payment') }),
          400: errorAnswer,
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const claim = await claims.late(request.params.id, request.body);
      return { uuid: claim.id, status: 'late_payment' as const };
    },
  );

  app.post(
    '/api/v1/claim/:id/accept/',
    {
      schema: {
        tags,
        summary: 'Accept the operator’s offer: requoted -> processing at the offer’s course and amount',
        description: '409 `claim_not_requoted` without an offer, `claim_offer_expired` past its `validUntil`.',
        params: idParam,
        response: {
          200: z.object({ uuid: z.uuid(), status: z.literal('processing') }),
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const claim = await claims.accept(request.params.id);
      return { uuid: claim.id, status: 'processing' as const };
    },
  );

  app.post(
    '/api/v1/claim/:id/refund/',
    {
      schema: {
        tags,
        summary: 'Decline the offer and ask for the money back: requoted -> refund_requested',
        description:
          '`requisites` are checked like the send side’s requisites of a new claim (`requisites.<name>` errors).',
        params: idParam,
        body: claimRefundRequestSchema,
        response: {
          200: z.object({ uuid: z.uuid(), status: z.literal('refund_requested') }),
          400: errorAnswer,
          404: detailErrorSchema,
          409: detailErrorSchema,
        },
      },
    },
    async (request) => {
      const claim = await claims.requestRefund(request.params.id, request.body.requisites);
      return { uuid: claim.id, status: 'refund_requested' as const };
    },
  );

  app.get(
    '/api/v1/claim/captchacheck',
    { schema: { tags, summary: 'Which captcha the claim form shows', response: { 200: captchaCheckSchema } } },
    async () => captcha.describe(),
  );

  app.get(
    '/api/v1/claim/captcha-challenge/',
    {
      schema: {
        tags,
        summary: 'A fresh altcha challenge (CAPTCHA_PROVIDER=altcha); its solution goes into `recaptcha`, base64 JSON',
        response: { 200: z.record(z.string(), z.unknown()), 404: detailErrorSchema },
      },
    },
    async (_request, reply) => {
      if (captcha.provider !== 'altcha') throw new AppError('not_found');
      reply.header('cache-control', 'no-store');
      return (await captcha.challenge()) as unknown as Record<string, unknown>;
    },
  );
};
