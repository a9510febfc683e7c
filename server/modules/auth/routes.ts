import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldIssue } from '../../../shared/field-issues.ts';
import {
  accessTokenSchema,
  loginAnswerSchema,
  loginCaptchaNeededSchema,
  loginSchema,
  refreshCookieName,
} from '../../../shared/schemas/auth.ts';
import { detailErrorSchema, fieldErrorsSchema } from '../../../shared/schemas/content.ts';
import { AppError } from '../../errors.ts';
import { originOf } from '../../request-origin.ts';
import { isCrossSite } from './csrf.ts';
import type { IssuedSession } from './service.ts';
import { hashedEmail, limits, loginAddressBucket, refundToken, takeToken, throttleStats } from '../../throttle.ts';

const tags = ['auth'];
const errorBody = z.union([detailErrorSchema, fieldErrorsSchema]);
const loggedOutSchema = z.object({ detail: z.string() });
const loggedOut = { ru: 'Вы вышли из аккаунта.', en: 'You have logged out.' } as const;

/**
 * Sessions (/front-api/auth/..., docs/product/api.md): login, refresh, logout. The refresh token travels only in the
 * httpOnly `refreshToken` cookie; the access token only in answers and `Authorization` headers (docs/decisions/0007).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const captcha = app.services.captcha;
  const secure = app.config.publicUrl.startsWith('https://');
  // Path=/: the server render reads the cookie on every page, and /en/front-api/auth/ must get it too.
  const cookieOptions = { httpOnly: true, secure, sameSite: 'lax' as const, path: '/' };

  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) => {
    reply.setCookie(refreshCookieName, session.refreshToken, {
      ...cookieOptions,
      // Without remember-me a browser-session cookie: it goes when the browser closes.
      ...(session.remember ? { maxAge: auth.rememberSeconds } : {}),
    });
    reply.header('cache-control', 'no-store');
  };
  // The session's browser and address are the customer's own from now on: a referral claim from them earns the
  // customer nothing as a partner (docs/decisions/0017). Never a reason to fail the login itself.
  const noteSession = async (request: FastifyRequest, session: IssuedSession) => {
    try {
      await app.services.referral.noteSession(session.userId, originOf(request));
    } catch (err) {
      request.log.error({ err }, 'could not record the session footprint');
    }
  };
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(refreshCookieName, cookieOptions);

  // These endpoints act on the cookie the browser attaches by itself: a page of another site must not drive them.
  app.addHook('onRequest', async (request) => {
    if (isCrossSite(request, app.config.publicUrl)) throw new AppError('cross_site');
  });

  /**
   * Refuses a login that needs the captcha and has no fresh solution: 400 with the field error and the widget's
   * challenge URL. A solution counts once (its use is recorded before the password is checked).
   */
  const requireCaptcha = async (proof: string | undefined, ip: string) => {
    const refuse = (code: 'captcha_required' | 'captcha_invalid' | 'captcha_used') => {
      throttleStats.loginCaptchaRefused += 1;
      return new AppError('validation', {
        fields: { captcha: [fieldIssue(code)] },
        extra: { captchaCheck: captcha.describe() },
      });
    };
    if (!proof) throw refuse('captcha_required');
    const result = await captcha.verify(proof, ip);
    if (!result.ok) throw refuse('captcha_invalid');
    if (result.useKey && !(await captcha.consume(result.useKey))) throw refuse('captcha_used');
  };

  app.post(
    '/front-api/auth/login/',
    {
      // Every attempt takes a token, a malformed one too: before the body is validated.
      preValidation: async (request, reply) =>
        takeToken(app.counters, reply, `login:ip:${request.ip}`, loginAddressBucket, request.log),
      schema: {
        tags,
        summary:
          'Log in: the access token in the answer, the refresh token in the refreshToken cookie. After 5 failed ' +
          'logins of an account in 15 minutes, `captcha` (a solved challenge) is required: without it 400 with ' +
          '`captchaCheck`. 5 attempts at once per address, one more every 12 s (429 with Retry-After).',
        body: loginSchema,
        response: {
          200: loginAnswerSchema,
          400: z.union([loginCaptchaNeededSchema, errorBody]),
          403: detailErrorSchema,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // Hashed: the store (Redis) never holds the e-mail. Unknown e-mails count alike, so the captcha tells nothing.
      const accountKey = `login:account:${hashedEmail(input.email)}`;
      const failures = await app.counters.get(accountKey);
      // CAPTCHA_PROVIDER=none (trusted test setups) has nothing to ask for: failures are only counted then.
      if (failures >= limits.loginAccountCaptcha.max && captcha.provider !== 'none')
        await requireCaptcha(input.captcha, request.ip);
      const user = await auth.checkCredentials(input.email, input.password);
      if (!user) {
        const count = await app.counters.increment(accountKey, limits.loginAccountCaptcha.windowSeconds);
        if (count === limits.loginAccountCaptcha.max) {
          throttleStats.loginCaptchaStarted += 1;
          request.log.warn({ account: hashedEmail(input.email) }, 'login needs the captcha for an account');
        }
        throw new AppError('invalid_credentials');
      }
      // A login that worked is not guessing: its token goes back, so many people behind one address can log in.
      await refundToken(app.counters, `login:ip:${request.ip}`, loginAddressBucket);
      const session = await auth.startSession(user, {
        remember: input.remember,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        ip: request.ip,
      });
      await noteSession(request, session);
      setRefreshCookie(reply, session);
      return { access: session.access, role: user.role };
    },
  );

  app.post(
    '/front-api/auth/refresh/',
    {
      schema: {
        tags,
        summary: 'A new access token for the refreshToken cookie, which is rotated',
        response: { 200: accessTokenSchema, 401: detailErrorSchema, 403: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.refresh(request.cookies[refreshCookieName]);
      if ('failure' in result) {
        // In a race the winner's answer carries the new cookie: clearing it here could log the browser out.
        if (result.failure !== 'race') clearRefreshCookie(reply);
        throw new AppError('token_not_valid');
      }
      await noteSession(request, result);
      setRefreshCookie(reply, result);
      return { access: result.access };
    },
  );

  app.post(
    '/front-api/auth/logout/',
    {
      schema: {
        tags,
        summary: 'Log out: revokes the session of the refreshToken cookie (and of the bearer token, if sent)',
        response: { 200: loggedOutSchema, 401: detailErrorSchema, 403: detailErrorSchema },
      },
    },
    async (request, reply) => {
      let sessionId: string | null = null;
      const header = request.headers.authorization;
      const bearer = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
      // An expired access token must not stop a logout: the cookie alone is enough, the bearer only adds its session.
      if (bearer) sessionId = (await auth.userFromAccessToken(bearer))?.sessionId ?? null;
      await auth.logout(request.cookies[refreshCookieName], sessionId);
      clearRefreshCookie(reply);
      return { detail: loggedOut[request.locale] };
    },
  );
};
