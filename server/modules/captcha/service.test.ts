import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { build, freshDatabase, type TestApp } from '../../../tests/helpers/build.ts';
import { solveAltcha as solve } from '../../../tests/helpers/captcha.ts';
import type { Database } from '../../db/client.ts';
import { captchaService, type RecaptchaVerify } from './service.ts';

describe('captcha service', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  it('altcha: a solved challenge verifies, a tampered one does not, a used one is refused the second time', async () => {
    const captcha = captchaService({
      db: database.db,
      provider: 'altcha',
      secret: 's'.repeat(40),
      altchaMaxCounter: 500,
    });
    const token = await solve(await captcha.challenge());
    const ok = await captcha.verify(token, '127.0.0.1');
    expect(ok.ok).toBe(true);
    if (!ok.ok || !ok.useKey) throw new Error('expected a use key');
    expect(await captcha.consume(ok.useKey)).toBe(true);
    expect(await captcha.consume(ok.useKey)).toBe(false);

    const other = captchaService({ db: database.db, provider: 'altcha', secret: 'x'.repeat(40) });
    expect((await other.verify(token, '127.0.0.1')).ok).toBe(false);
    expect((await captcha.verify('garbage', '127.0.0.1')).ok).toBe(false);
    expect((await captcha.verify('', '127.0.0.1')).ok).toBe(false);
  });

  it('recaptcha: asks the injected verifier with the secret and the client address', async () => {
    const calls: [string, string, string][] = [];
    const verify: RecaptchaVerify = async (token, secret, ip) => {
      calls.push([token, secret, ip]);
      return { success: token === 'good' };
    };
    const captcha = captchaService({
      db: database.db,
      provider: 'recaptcha',
      secret: 's'.repeat(40),
      recaptchaSecret: 'rc-secret',
      recaptchaSiteKey: 'rc-site',
      recaptchaVerify: verify,
    });
    expect(await captcha.verify('good', '10.0.0.1')).toEqual({ ok: true, useKey: null });
    expect((await captcha.verify('bad', '10.0.0.1')).ok).toBe(false);
    expect(calls[0]).toEqual(['good', 'rc-secret', '10.0.0.1']);
    expect(captcha.describe()).toEqual({ provider: 'recaptcha', challengeUrl: null, siteKey: 'rc-site' });

    const failing = captchaService({
      db: database.db,
      provider: 'recaptcha',
      secret: 's'.repeat(40),
      recaptchaSecret: 'rc-secret',
      recaptchaVerify: async () => {
        throw new Error('network down');
      },
    });
    expect((await failing.verify('good', '10.0.0.1')).ok).toBe(false);
  });

  it('none: passes everything (trusted test setups only)', async () => {
    const captcha = captchaService({ db: database.db, provider: 'none', secret: 's'.repeat(40) });
    expect(await captcha.verify('', '127.0.0.1')).toEqual({ ok: true, useKey: null });
  });
});

describe('claim creation with altcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { CAPTCHA_PROVIDER: 'altcha', JOBS: 'false' } });
  });
  afterAll(async () => t.close());

  it('tells the form to show altcha, serves challenges, and accepts each solution once', async () => {
    expect((await t.inject('/api/v1/claim/captchacheck')).json()).toEqual({
      provider: 'altcha',
      challengeUrl: '/api/v1/claim/captcha-challenge/',
      siteKey: null,
    });
    const challengeRes = await t.inject('/api/v1/claim/captcha-challenge/');
    expect(challengeRes.statusCode).toBe(200);
    expect(challengeRes.headers['cache-control']).toBe('no-store');
    const token = await solve(challengeRes.json() as Challenge);

    const list = (await t.inject('/api/v1/calculator/')).json() as { results: { id: number; code: string }[] };
    const id = (code: string) => list.results.find((c) => c.code === code)!.id;
    const pair = (
      await t.inject(`/api/v1/calculator/pair/${id('SBERRUB')}/${id('USDTTRC20')}/`)
    ).json() as PairSettings;
    const body = {
      email: 'alt@example.com',
      fromPs: pair.fromCurrencyId,
      toPs: pair.toCurrencyId,
      fromSumma: '10000',
      toSumma: receiveFor(pair, '10000'),
      fromRequisites: { card: pair.structure.from.inputs[0]!.example },
      toRequisites: { address: pair.structure.to.inputs[0]!.example },
    };
    const missing = await t.inject({ method: 'POST', url: '/api/v1/claim/', payload: { ...body, recaptcha: '' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json() as object)).toEqual(['recaptcha']);

    const first = await t.inject({ method: 'POST', url: '/api/v1/claim/', payload: { ...body, recaptcha: token } });
    expect(first.statusCode).toBe(201);
    const replay = await t.inject({ method: 'POST', url: '/en/api/v1/claim/', payload: { ...body, recaptcha: token } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ recaptcha: ['This check has already been used: please pass it again.'] });
  });
});
