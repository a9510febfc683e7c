import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { solvedCaptcha } from '../../../tests/helpers/captcha.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { refreshTokens, users } from '../../db/schema-users.ts';
import { hashToken } from './tokens.ts';
import {
  activeUser,
  bearer,
  login,
  mailsTo,
  randomIp,
  refresh,
  refreshCookie,
  tokenIn,
} from '../../../tests/helpers/accounts.ts';

/**
 * Single-use tokens under real concurrency (docs/money.md: PGlite runs one transaction at a time and hides races).
 * Run with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */
describe.skipIf(!hasPostgres)('accounts on PostgreSQL', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await build({
      ssr: false,
      seed: false,
      postgres: true,
      env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'altcha' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });

  it('20 parallel refreshes with one token give exactly one new token, and the race ends no session', async () => {
    const { email, password } = await activeUser(t, 'race-pg@example.com');
    const { cookie } = await login(t, email, password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(t, cookie)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(19);
    const [used] = await t.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(cookie)));
    // The family holds the used token and one successor, nothing more.
    const family = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, used!.sessionId));
    expect(family).toHaveLength(2);
    const next = refreshCookie(ok[0]!)!;
    const again = await refresh(t, next);
    expect(again.statusCode).toBe(200);
    // Everyone racing with the winner's successor: still one.
    const second = await Promise.all(Array.from({ length: 20 }, () => refresh(t, refreshCookie(again)!)));
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('20 parallel logins with one solved captcha (the account needs it): exactly one logs in', async () => {
    const { email, password } = await activeUser(t, 'captcha-race@example.com');
    for (let i = 0; i < 5; i++) await post('/front-api/auth/login/', { email, password: `guess ${i}` });
    const captcha = await solvedCaptcha(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/front-api/auth/login/', { email, password, captcha })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400 && 'captcha' in r.json())).toHaveLength(19);
  });

  it('parallel activations with one link succeed once', async () => {
    await post('/api/v1/users/signup/', { email: 'act-pg@example.com', password: 'long enough' });
    const [letter] = await mailsTo(t, 'act-pg@example.com');
    const token = tokenIn(letter!.text, /\/activate\/([\w-]{43})/);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/api/v1/users/activate/${token}/`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(19);
  });

  it("parallel restores with one link succeed once, and the password is the winner's", async () => {
    const { email } = await activeUser(t, 'restore-pg@example.com');
    await post('/api/v1/users/restore/', { email });
    const letter = (await mailsTo(t, email)).find((l) => l.kind === 'user.restore')!;
    const token = tokenIn(letter.text, /\/recover\?token=([\w-]{43})/);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(`/api/v1/users/restore/${token}/`, { password: `new password ${i}` })),
    );
    const winners = answers.map((r, i) => (r.statusCode === 200 ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(19);
    await login(t, email, `new password ${winners[0]}`);
  });

  it('parallel sign-ups of one address make one account and answer alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/v1/users/signup/', { email: 'twins-pg@example.com', password: 'long enough' }),
      ),
    );
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(201);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'twins-pg@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('follows the e-mailed links over real SMTP: sign up, activate, log in, me, refresh, log out', async () => {
    const email = 'journey@example.com';
    const signup = await post('/en/api/v1/users/signup/', { email: 'Journey@Example.com', password: 'journey pass 1' });
    expect(signup.statusCode).toBe(201);
    const letter = await smtp.waitFor(email, (m) => /activate/.test(m.text ?? ''));
    expect(letter.subject).toBe('Confirm your Obmen sign-up');
    const link = /href="([^"]+)"/.exec(letter.html ?? '')![1]!;
    const url = new URL(link);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toMatch(/^\/en\/activate\/[\w-]{43}$/);
    // The page at that link activates through the API with the token from its last path segment.
    const token = url.pathname.split('/').at(-1)!;
    const activated = await post(`/en/api/v1/users/activate/${token}/`);
    expect(activated.json()).toEqual({ detail: 'Account successfully activated' });

    const loginRes = await post(
      '/en/front-api/auth/login/',
      { email, password: 'journey pass 1', remember: true },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    );
    expect(loginRes.statusCode).toBe(200);
    const { access } = loginRes.json();
    const me = await t.inject({ method: 'GET', url: '/en/api/v1/users/me/', headers: bearer(access) });
    expect(me.json()).toEqual({ email, activated: true });

    const refreshed = await refresh(t, refreshCookie(loginRes)!);
    expect(refreshed.statusCode).toBe(200);
    const cookie = refreshCookie(refreshed)!;
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(refreshed.json().access) }))
        .statusCode,
    ).toBe(200);

    const logout = await t.inject({
      method: 'POST',
      url: '/en/front-api/auth/logout/',
      cookies: { refreshToken: cookie },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    expect(refreshCookie(logout)).toBe('');
    const after = await refresh(t, cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_not_valid');
  });
});
