import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locale } from '../../../shared/locales.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { detailErrorSchema, fieldErrorsSchema } from '../../../shared/schemas/content.ts';
import {
  detailSchema,
  passwordChangeSchema,
  restoreCheckSchema,
  restoreCompleteSchema,
  restoreRequestSchema,
  signupSchema,
  userSchema,
} from '../../../shared/schemas/users.ts';
import { authUser } from '../../plugins/auth.ts';
import { rememberedReferral } from '../referral/attribution.ts';
import { countAttempt, limits } from '../../throttle.ts';

const tags = ['users'];
const errorBody = z.union([detailErrorSchema, fieldErrorsSchema]);
// Any length: a token that is not one of ours (too long too) is the service's activation_invalid or restore_invalid,
// the message of any bad link, not a validation error about a path parameter.
const tokenParams = z.object({ token: z.string() });
const signupAnswer = z.object({ email: z.string(), detail: z.string() });

/** What the answers say, in the request's language. */
const messages = {
  signedUp: {
    ru: 'Мы отправили письмо со ссылкой для активации аккаунта. Проверьте почту.',
    en: 'We have sent you an e-mail with a link to activate the account. Please check your mail.',
  },
  activated: { ru: 'Аккаунт успешно активирован', en: 'Account successfully activated' },
  reactivation: {
    ru: 'Мы отправили новую ссылку для активации. Проверьте почту.',
    en: 'We have sent a new activation link. Please check your mail.',
  },
  passwordChanged: {
    ru: 'Пароль изменён. На других устройствах выполнен выход.',
    en: 'The password has been changed. Other devices have been logged out.',
  },
  restoreSent: {
    ru: 'Если этот e-mail зарегистрирован, мы отправили на него ссылку для восстановления пароля. Она действует 30 минут.',
    en: 'If this e-mail is registered, we have sent it a link to recover the password. It is valid for 30 minutes.',
  },
  restored: {
    ru: 'Пароль изменён. Войдите с новым паролем.',
    en: 'The password has been changed. Please log in with the new one.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Accounts (/api/v1/users/...): sign-up, activation, profile, password, restore. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;
  // Letters go out after the answers; let them finish before the database closes.
  app.addHook('onClose', async () => users.settled());

  app.post(
    '/api/v1/users/signup/',
    {
      // Counted once the body is valid: a password refused as too common (shared/password-check.ts) is typed again,
      // and a few such tries must not use up an address's sign-ups for an hour. A refused body costs no hash.
      preHandler: async (request, reply) =>
        countAttempt(app.counters, reply, `signup:ip:${request.ip}`, limits.signupIp),
      schema: {
        tags,
        summary: 'Sign up; an activation link is mailed (the same answer for an address already registered)',
        body: signupSchema,
        response: { 201: signupAnswer, 400: errorBody, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // The answer never changes (no enumeration), but one address gets a few letters an hour at most, as restore does.
      const countLetter = async () =>
        (await app.counters.increment(`signup:email:${input.email}`, limits.signupEmail.windowSeconds)) <=
        limits.signupEmail.max;
      // Without a code in the form, the partner link this browser came by (30-day `ref` cookie) counts.
      await users.signup(
        { ...input, refferal: input.refferal || rememberedReferral(request) },
        request.locale,
        countLetter,
      );
      return reply.status(201).send({ email: input.email, detail: messages.signedUp[request.locale] });
    },
  );

  app.post(
    '/api/v1/users/activate/:token/',
    {
      schema: {
        tags,
        summary: 'Activate the account with the token of the e-mailed link (once)',
        params: tokenParams,
        response: { 200: detailSchema, 400: errorBody, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await countAttempt(app.counters, reply, `activate:ip:${request.ip}`, limits.activateIp);
      await users.activate(request.params.token);
      return { detail: messages.activated[request.locale] };
    },
  );

  app.post(
    '/api/v1/users/reactivate/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mail a fresh activation link to the logged-in customer (not activated yet)',
        security: [{ bearer: [] }],
        response: { 200: detailSchema, 400: errorBody, 401: detailErrorSchema, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      await countAttempt(app.counters, reply, `reactivate:user:${user.id}`, limits.reactivateUser);
      await users.reactivate(user.id, request.locale);
      return { detail: messages.reactivation[request.locale] };
    },
  );

  app.get(
    '/api/v1/users/me/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The logged-in user',
        security: [{ bearer: [] }],
        response: { 200: userSchema, 401: detailErrorSchema },
      },
    },
    async (request) => {
      // The token check already loaded the account (and found its session live): no second query.
      const user = authUser(request);
      return { email: user.email, activated: user.activated };
    },
  );

  app.post(
    '/api/v1/users/me/password/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change the password; every other session is logged out',
        security: [{ bearer: [] }],
        body: passwordChangeSchema,
        response: { 200: detailSchema, 400: errorBody, 401: detailErrorSchema, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      const input = request.body;
      await countAttempt(app.counters, reply, `password:user:${user.id}`, limits.passwordUser);
      await users.changePassword(user.id, user.sessionId, input, request.locale);
      return { detail: messages.passwordChanged[request.locale] };
    },
  );

  app.post(
    '/api/v1/users/restore/',
    {
      preValidation: async (request, reply) =>
        countAttempt(app.counters, reply, `restore:ip:${request.ip}`, limits.restoreIp),
      schema: {
        tags,
        summary: 'Mail a password restore link (single use, 30 minutes); the answer is the same for any address',
        body: restoreRequestSchema,
        response: { 200: detailSchema, 400: errorBody, 429: detailErrorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      const sent = await app.counters.increment(`restore:email:${email}`, limits.restoreEmail.windowSeconds);
      await users.requestRestore(email, request.locale, sent <= limits.restoreEmail.max);
      return { detail: messages.restoreSent[request.locale] };
    },
  );

  app.get(
    '/api/v1/users/restore/:token/',
    {
      preValidation: async (request, reply) =>
        countAttempt(app.counters, reply, `restore-check:ip:${request.ip}`, limits.restoreCheckIp),
      schema: {
        tags,
        summary:
          'Whether the token of an e-mailed restore link can still set a password; reads it without using it ' +
          '(valid: false with restore_invalid’s message when used, expired or unknown)',
        params: tokenParams,
        response: { 200: restoreCheckSchema, 400: errorBody, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const valid = await users.checkRestore(request.params.token);
      // The answer is about this moment only: the link may be used a second later.
      reply.header('cache-control', 'no-store');
      if (valid) return { valid: true as const };
      return {
        valid: false as const,
        detail: errorMessage('restore_invalid', request.locale),
        code: 'restore_invalid' as const,
      };
    },
  );

  app.post(
    '/api/v1/users/restore/:token/',
    {
      preValidation: async (request, reply) =>
        countAttempt(app.counters, reply, `restore-complete:ip:${request.ip}`, limits.restoreCompleteIp),
      schema: {
        tags,
        summary:
          'Set a new password with the token of the e-mailed link (the token is the credential); ends every session',
        params: tokenParams,
        body: restoreCompleteSchema,
        response: { 200: detailSchema, 400: errorBody, 429: detailErrorSchema },
      },
    },
    async (request) => {
      const { password } = request.body;
      await users.completeRestore(request.params.token, password, request.locale);
      return { detail: messages.restored[request.locale] };
    },
  );
};
