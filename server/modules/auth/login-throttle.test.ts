import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, randomIp } from '../../../tests/helpers/accounts.ts';
import { build, freshDatabase, type TestApp } from '../../../tests/helpers/build.ts';
import { solvedCaptcha } from '../../../tests/helpers/captcha.ts';
import { testRedisPrefix, testRedisUrl } from '../../../tests/helpers/redis.ts';
import { throttleStats } from '../../throttle.ts';

const loginFrom = (t: TestApp, ip: string, payload: Record<string, unknown>, url = '/front-api/auth/login/') =>
  t.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('login: failures of an account call for the captcha, never a lockout (CAPTCHA_PROVIDER=altcha)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false, env: { CAPTCHA_PROVIDER: 'altcha' } });
  });
  afterAll(async () => t.close());

  it('after 20 wrong passwords from 20 addresses the right one needs the captcha (400, not 429 or 403); solved, it logs in', async () => {
    const { email, password } = await activeUser(t, 'owner@example.com');
    const started = throttleStats.loginCaptchaStarted;
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await loginFrom(t, randomIp(), { email, password: `guess ${i}` }));
    // The first 5 are checked as usual; from then on each wants a solved captcha and its password is not looked at.
    expect(answers.slice(0, 5).map((r) => r.json().code)).toEqual(Array(5).fill('invalid_credentials'));
    expect(answers.slice(5).every((r) => r.statusCode === 400 && 'captcha' in r.json())).toBe(true);
    expect(throttleStats.loginCaptchaStarted).toBe(started + 1);

    const refused = await loginFrom(t, randomIp(), { email, password }, '/en/front-api/auth/login/');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      captcha: [
        'After several failed login attempts, a “not a robot” check is needed: it runs by itself in a few seconds, then press “Log in” again.',
      ],
      captchaCheck: { provider: 'altcha', challengeUrl: '/api/v1/claim/captcha-challenge/', siteKey: null },
    });
    expect(refused.cookies).toHaveLength(0);

    const proof = await solvedCaptcha(t);
    const ok = await loginFrom(t, randomIp(), { email, password, captcha: proof });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access).toEqual(expect.any(String));

    // The same solution again: refused as used, even with the right password.
    const replay = await loginFrom(t, randomIp(), { email, password, captcha: proof });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      captcha: ['Проверка уже использована: пройдите её ещё раз.'],
      captchaCheck: expect.objectContaining({ provider: 'altcha' }),
    });
    // A forged one: invalid.
    const forged = await loginFrom(t, randomIp(), { email, password, captcha: 'bm90IGEgcHJvb2Y=' });
    expect(forged.json().captcha).toEqual(['Подтвердите, что вы не робот.']);
  });

  it('a wrong password with a solved captcha is still a failure, and the captcha is still asked next time', async () => {
    const { email, password } = await activeUser(t, 'owner2@example.com');
    for (let i = 0; i < 5; i++) await loginFrom(t, randomIp(), { email, password: `guess ${i}` });
    const wrong = await loginFrom(t, randomIp(), { email, password: 'guess x', captcha: await solvedCaptcha(t) });
    expect(wrong.json()).toEqual({ detail: 'Неверный e-mail или пароль.', code: 'invalid_credentials' });
    expect((await loginFrom(t, randomIp(), { email, password })).json()).toHaveProperty('captcha');
  });

  it('an unknown e-mail gets the captcha after failures too (it says nothing about who is registered)', async () => {
    const email = 'nobody@example.com';
    for (let i = 0; i < 5; i++) await loginFrom(t, randomIp(), { email, password: `guess ${i}` });
    expect((await loginFrom(t, randomIp(), { email, password: 'p' })).json()).toHaveProperty('captchaCheck');
  });

  it('other accounts are not affected, and fewer than 5 failures ask for nothing', async () => {
    const { email, password } = await activeUser(t, 'owner3@example.com');
    for (let i = 0; i < 4; i++) await loginFrom(t, randomIp(), { email, password: `guess ${i}` });
    expect((await loginFrom(t, randomIp(), { email, password })).statusCode).toBe(200);
  });
});

// Redis runs on CI and here; TEST_REDIS_URL includes it (tests/helpers/redis.ts).
describe.skipIf(!testRedisUrl)('login throttle across processes (TEST_REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    // Two app instances on one database and one Redis, as two processes behind a load balancer.
    const database = await freshDatabase();
    const env = { REDIS_URL: testRedisUrl!, REDIS_PREFIX: testRedisPrefix, CAPTCHA_PROVIDER: 'altcha' };
    one = await build({ ssr: false, seed: false, env, database });
    two = await build({ ssr: false, seed: false, env, database: { ...database, close: async () => {} } });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it("an address's bucket holds across both instances", async () => {
    const ip = `10.250.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250}`;
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await loginFrom(i % 2 ? one : two, ip, { email: `bucket${i}@example.com`, password: 'whatever' });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("an account's failures on one instance call for the captcha on the other", async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) await loginFrom(one, randomIp(), { email, password: `guess ${i}` });
    expect((await loginFrom(two, randomIp(), { email, password: 'p' })).json()).toHaveProperty('captcha');
  });
});
