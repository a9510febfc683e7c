import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { authSessions, refreshTokens } from '../../db/schema-users.ts';
import {
  activeUser,
  bearer,
  login,
  randomIp,
  refresh,
  refreshCookie,
  setCookieHeader,
} from '../../../tests/helpers/accounts.ts';
import { hashToken } from './tokens.ts';

describe('sessions API (/front-api/auth/)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(async () => t.close());

  const me = (access: string) => t.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(access) });

  describe('login', () => {
    it('answers an access token and sets a session refreshToken cookie (httpOnly, Lax, Path=/)', async () => {
      const { email, password } = await activeUser(t, 'login1@example.com');
      const res = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        payload: { email: 'Login1@Example.COM ', password, remember: false },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(200);
      const { access } = res.json();
      expect(access.split('.')).toHaveLength(3);
      const header = setCookieHeader(res);
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).toMatch(/Path=\//);
      expect(header).not.toMatch(/Max-Age|Expires/i);
      // http PUBLIC_URL in tests: no Secure (an https one adds it, below).
      expect(header).not.toMatch(/Secure/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await me(access)).json()).toEqual({ email, activated: true });
    });

    it('with remember-me the cookie lasts 30 days', async () => {
      const { password } = await activeUser(t, 'login2@example.com');
      const res = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        payload: { email: 'login2@example.com', password, remember: true },
        remoteAddress: randomIp(),
      });
      expect(setCookieHeader(res)).toMatch(new RegExp(`Max-Age=${30 * 24 * 3600}`));
    });

    it('a wrong password and an unknown e-mail get the same answer', async () => {
      await activeUser(t, 'login3@example.com');
      const post = (email: string) =>
        t.inject({
          method: 'POST',
          url: '/front-api/auth/login/',
          payload: { email, password: 'not the password' },
          remoteAddress: randomIp(),
        });
      const wrong = await post('login3@example.com');
      const unknown = await post('nobody-here@example.com');
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ detail: 'Неверный e-mail или пароль.', code: 'invalid_credentials' });
      expect(refreshCookie(wrong)).toBeUndefined();
    });

    it('answers field messages in the language of the path', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/en/front-api/auth/login/',
        payload: { email: 'not-an-email', password: '' },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        email: ['Enter a valid email address.'],
        password: ['This field is required.'],
      });
      const empty = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        payload: {},
        remoteAddress: randomIp(),
      });
      expect(empty.json()).toEqual({ email: ['Обязательное поле.'], password: ['Обязательное поле.'] });
    });

    it('lets a customer who has not activated yet log in; /users/me says activated: false', async () => {
      await t.services.users.signup({ email: 'fresh@example.com', password: 'fresh password', refferal: null }, 'ru');
      const { access } = await login(t, 'fresh@example.com', 'fresh password');
      expect((await me(access)).json()).toEqual({ email: 'fresh@example.com', activated: false });
    });

    it('an address gets 5 attempts at once; the 6th is 429 with Retry-After: the seconds until the next token', async () => {
      const ip = randomIp();
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          await t.inject({
            method: 'POST',
            url: '/front-api/auth/login/',
            // Malformed bodies take their token too.
            payload: i % 2 ? { email: `ip${i}@example.com`, password: 'whatever pass' } : { email: 'x' },
            remoteAddress: ip,
          }),
        );
      }
      expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
      const limited = answers[5]!;
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ detail: expect.any(String), code: 'rate_limited' });
      // One token every 12 s.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(11);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(12);
      // Another address is not affected.
      const other = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        payload: { email: 'ip@example.com', password: 'whatever pass' },
        remoteAddress: randomIp(),
      });
      expect(other.statusCode).toBe(400);
    });

    it('successful logins give their token back: an office behind one address logs in all day', async () => {
      const ip = randomIp();
      const { email, password } = await activeUser(t, 'office@example.com');
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/front-api/auth/login/',
          payload: { email, password },
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes.every((c) => c === 200)).toBe(true);
      // The bucket is still full: guessing from there gets its 5 attempts, and no more.
      const guesses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/front-api/auth/login/',
          payload: { email, password: `wrong ${i}` },
          remoteAddress: ip,
        });
        guesses.push(res.statusCode);
      }
      expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it('failures of an account never refuse its right password (no lockout; CAPTCHA_PROVIDER=none asks nothing)', async () => {
      const { email, password } = await activeUser(t, 'nolockout@example.com');
      for (let i = 0; i < 20; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/front-api/auth/login/',
          payload: { email, password: `wrong ${i}` },
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(400);
      }
      await login(t, email, password);
    });
  });

  describe('refresh', () => {
    it('answers a new access token and rotates the cookie; the old token then fails', async () => {
      const { email, password } = await activeUser(t, 'refresh1@example.com');
      const first = await login(t, email, password, true);
      const res = await refresh(t, first.cookie);
      expect(res.statusCode).toBe(200);
      const next = refreshCookie(res)!;
      expect(next).toBeTruthy();
      expect(next).not.toBe(first.cookie);
      expect(setCookieHeader(res)).toMatch(/Max-Age=2592000/);
      expect((await me(res.json().access)).statusCode).toBe(200);
      expect((await refresh(t, next)).statusCode).toBe(200);
    });

    it('a rotated token reused after the grace window revokes the whole family', async () => {
      const { email, password } = await activeUser(t, 'reuse@example.com');
      const first = await login(t, email, password);
      const rotated = await refresh(t, first.cookie);
      const current = refreshCookie(rotated)!;
      const access = rotated.json().access;
      // The rotation happened a minute ago: a replay now is not two tabs racing.
      await t.database.db
        .update(refreshTokens)
        .set({ usedAt: sql`now() - interval '1 minute'` })
        .where(eq(refreshTokens.tokenHash, hashToken(first.cookie)));
      const replay = await refresh(t, first.cookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ detail: 'Токен недействителен или истёк.', code: 'token_not_valid' });
      expect(refreshCookie(replay)).toBe('');
      // The family is gone: the current refresh token and the access tokens of the session fail too.
      expect((await refresh(t, current)).statusCode).toBe(401);
      const denied = await me(access);
      expect(denied.statusCode).toBe(401);
      expect(denied.json().code).toBe('token_not_valid');
      const [session] = await t.database.db
        .select()
        .from(authSessions)
        .innerJoin(refreshTokens, eq(refreshTokens.sessionId, authSessions.id))
        .where(eq(refreshTokens.tokenHash, hashToken(current)));
      expect(session?.auth_sessions.revokedReason).toBe('reuse');
    });

    it('a rotated token presented again at once (two tabs) fails without ending the session or its cookie', async () => {
      const { email, password } = await activeUser(t, 'race@example.com');
      const first = await login(t, email, password);
      const winner = await refresh(t, first.cookie);
      const loser = await refresh(t, first.cookie);
      expect(loser.statusCode).toBe(401);
      expect(loser.json().code).toBe('token_not_valid');
      expect(refreshCookie(loser)).toBeUndefined();
      expect((await refresh(t, refreshCookie(winner)!)).statusCode).toBe(200);
    });

    it('no cookie, a malformed or unknown one: 401 token_not_valid', async () => {
      const none = await t.inject({ method: 'POST', url: '/front-api/auth/refresh/' });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('token_not_valid');
      expect((await refresh(t, 'garbage')).statusCode).toBe(401);
      expect((await refresh(t, 'A'.repeat(43))).statusCode).toBe(401);
    });

    it('an expired refresh token fails', async () => {
      const { email, password } = await activeUser(t, 'expired-refresh@example.com');
      const first = await login(t, email, password);
      await t.database.db
        .update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(refreshTokens.tokenHash, hashToken(first.cookie)));
      expect((await refresh(t, first.cookie)).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('revokes the session, clears the cookie, and the access token stops working at once', async () => {
      const { email, password } = await activeUser(t, 'logout@example.com');
      const s = await login(t, email, password);
      const res = await t.inject({
        method: 'POST',
        url: '/front-api/auth/logout/',
        cookies: { refreshToken: s.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Вы вышли из аккаунта.' });
      expect(refreshCookie(res)).toBe('');
      expect(setCookieHeader(res)).toMatch(/Path=\//);
      expect((await refresh(t, s.cookie)).statusCode).toBe(401);
      expect((await me(s.access)).statusCode).toBe(401);
    });

    it('with only a bearer token ends that session; without anything still answers 200', async () => {
      const { email, password } = await activeUser(t, 'logout2@example.com');
      const s = await login(t, email, password);
      const res = await t.inject({ method: 'POST', url: '/front-api/auth/logout/', headers: bearer(s.access) });
      expect(res.statusCode).toBe(200);
      expect((await refresh(t, s.cookie)).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: '/en/front-api/auth/logout/' })).json()).toEqual({
        detail: 'You have logged out.',
      });
    });
  });

  describe('access tokens', () => {
    const key = () => new TextEncoder().encode(t.config.jwtSecret);
    const forge =
      (opts: { alg?: string; typ?: string; aud?: string; iss?: string; exp?: number; secret?: Uint8Array }) =>
      async (sub: string, sid: string) =>
        new SignJWT({ sid })
          .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: opts.typ ?? 'at+jwt' })
          .setSubject(sub)
          .setIssuer(opts.iss ?? t.config.publicUrl)
          .setAudience(opts.aud ?? `${t.config.publicUrl}/api`)
          .setIssuedAt()
          .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
          .sign(opts.secret ?? key());

    it('a token signed the same way as ours is accepted (the forging helper itself is right)', async () => {
      const { email, password } = await activeUser(t, 'jwt@example.com');
      const s = await login(t, email, password);
      const payload = JSON.parse(Buffer.from(s.access.split('.')[1]!, 'base64url').toString());
      const header = JSON.parse(Buffer.from(s.access.split('.')[0]!, 'base64url').toString());
      expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
      expect(payload.exp - payload.iat).toBe(600);
      expect(payload.aud).toBe('http://localhost:3000/api');
      expect(payload.iss).toBe('http://localhost:3000');
      const same = await forge({})(payload.sub, payload.sid);
      expect((await me(same)).statusCode).toBe(200);
    });

    it.each([
      ['expired', { exp: Math.floor(Date.now() / 1000) - 5 }],
      ['of another audience', { aud: 'http://localhost:3000/other' }],
      ['of another issuer', { iss: 'https://evil.example' }],
      ['of another type', { typ: 'JWT' }],
      ['signed with another key', { secret: new TextEncoder().encode('x'.repeat(48)) }],
      ['signed with HS512', { alg: 'HS512' }],
    ])('a token %s answers 401 token_not_valid', async (_name, opts) => {
      const { email, password } = await activeUser(t, `jwt-${_name.replace(/\W/g, '').toLowerCase()}@example.com`);
      const s = await login(t, email, password);
      const payload = JSON.parse(Buffer.from(s.access.split('.')[1]!, 'base64url').toString());
      const token = await forge(opts)(payload.sub, payload.sid);
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Токен недействителен или истёк.', code: 'token_not_valid' });
      expect(res.headers['www-authenticate']).toMatch(/invalid_token/);
    });

    it('an unsigned (alg none), tampered or malformed token answers 401 token_not_valid', async () => {
      const { email, password } = await activeUser(t, 'jwt-none@example.com');
      const s = await login(t, email, password);
      const [, payload] = s.access.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = s.access.replace(
        payload!,
        Buffer.from(JSON.stringify({ ...claims, sub: '999999' })).toString('base64url'),
      );
      for (const token of [none, tampered, 'abc', `${s.access}x`]) {
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('token_not_valid');
      }
      const basic = await t.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { authorization: 'Basic x' } });
      expect(basic.json().code).toBe('token_not_valid');
    });

    it('a token of a session of another user is refused', async () => {
      const a = await activeUser(t, 'jwt-a@example.com');
      const b = await activeUser(t, 'jwt-b@example.com');
      const sa = await login(t, a.email, a.password);
      const sb = await login(t, b.email, b.password);
      const pa = JSON.parse(Buffer.from(sa.access.split('.')[1]!, 'base64url').toString());
      const pb = JSON.parse(Buffer.from(sb.access.split('.')[1]!, 'base64url').toString());
      expect((await me(await forge({})(pa.sub, pb.sid))).statusCode).toBe(401);
    });

    it('without a token: 401 not_authenticated', async () => {
      const res = await t.inject({ method: 'GET', url: '/en/api/v1/users/me/' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    });
  });

  describe('cross-site requests', () => {
    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' }],
    ])('%s gets 403 on login, refresh and logout', async (_name, headers) => {
      const { email, password } = await activeUser(t, `csrf-${_name.replace(/\W/g, '').toLowerCase()}@example.com`);
      const s = await login(t, email, password);
      for (const url of ['/front-api/auth/login/', '/front-api/auth/refresh/', '/front-api/auth/logout/']) {
        const res = await t.inject({
          method: 'POST',
          url,
          headers,
          cookies: { refreshToken: s.cookie },
          payload: { email, password },
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('cross_site');
        expect(refreshCookie(res)).toBeUndefined();
      }
      // Nothing happened: the session still refreshes.
      expect((await refresh(t, s.cookie)).statusCode).toBe(200);
    });

    it('the site itself (PUBLIC_URL origin, or the host it was reached at) passes', async () => {
      const { email, password } = await activeUser(t, 'csrf-ok@example.com');
      for (const headers of [
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
        { origin: 'http://127.0.0.1:3600', host: '127.0.0.1:3600' },
        { 'sec-fetch-site': 'none' },
      ]) {
        const res = await t.inject({
          method: 'POST',
          url: '/front-api/auth/login/',
          headers,
          payload: { email, password },
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(200);
      }
    });
  });

  describe('sessionFromRefreshCookie (server render)', () => {
    it('knows the user of a current cookie without rotating it, and nobody for others', async () => {
      const { email, password } = await activeUser(t, 'ssr@example.com');
      const s = await login(t, email, password);
      const session = await t.services.auth.sessionFromRefreshCookie(s.cookie);
      expect(session).toMatchObject({ email, role: 'customer', activated: true });
      expect(session?.userId).toBeGreaterThan(0);
      // Not rotated: the browser's own refresh still works with the same cookie.
      expect(await t.services.auth.sessionFromRefreshCookie(s.cookie)).toEqual(session);
      expect(
        await t.services.auth.sessionFromCookieHeader(`i18n_redirected=en; refreshToken=${s.cookie}; other=1`),
      ).toEqual(session);
      expect(await t.services.auth.sessionFromCookieHeader('i18n_redirected=en')).toBeNull();
      expect(await t.services.auth.sessionFromCookieHeader(null)).toBeNull();
      expect((await refresh(t, s.cookie)).statusCode).toBe(200);
      expect(await t.services.auth.sessionFromRefreshCookie(s.cookie)).toBeNull();
      expect(await t.services.auth.sessionFromRefreshCookie(undefined)).toBeNull();
      expect(await t.services.auth.sessionFromRefreshCookie('nonsense')).toBeNull();
    });
  });
});

describe('sessions over https', () => {
  it('marks the refresh cookie Secure when PUBLIC_URL is https', async () => {
    const t = await build({ ssr: false, seed: false, env: { PUBLIC_URL: 'https://obmen.example' } });
    try {
      const { email, password } = await activeUser(t, 'secure@example.com');
      const res = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        headers: { origin: 'https://obmen.example' },
        payload: { email, password },
      });
      expect(res.statusCode).toBe(200);
      expect(setCookieHeader(res)).toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the account calls with bearer security', async () => {
    const t = await build({ ssr: false, seed: false });
    try {
      const doc = (await t.inject('/api/docs/json')).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/front-api/auth/login/',
          '/front-api/auth/refresh/',
          '/front-api/auth/logout/',
          '/api/v1/users/signup/',
          '/api/v1/users/activate/{token}/',
          '/api/v1/users/reactivate/',
          '/api/v1/users/me/',
          '/api/v1/users/me/password/',
          '/api/v1/users/restore/',
          '/api/v1/users/restore/{token}/',
        ]),
      );
      expect(doc.paths['/api/v1/users/me/'].get.security).toEqual([{ bearer: [] }]);
      // The /recover page's check on load, with every answer it gives.
      expect(Object.keys(doc.paths['/api/v1/users/restore/{token}/'].get.responses)).toEqual(
        expect.arrayContaining(['200', '400', '429']),
      );
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    } finally {
      await t.close();
    }
  });
});
