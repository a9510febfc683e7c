import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims } from '../../server/db/schema-exchange.ts';
import { closestField } from '../../server/plugins/errors.ts';
import { activeUser, bearer, login, randomIp } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';

/**
 * The bodies that move money or attribute it refuse a field they do not take (docs/product/api.md, "Unknown fields"):
 * dropped silently, a misspelt `promocode` would price the claim without its discount and a misspelt `refferal` (the
 * API's own spelling) would lose the partner's reward, with a 201 that says nothing of it.
 */
describe('unknown fields', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  const claimCount = async () => (await t.database.db.select().from(claims)).length;

  it('a claim with `referral` or `promo_code` is refused, each named with the field it likely meant, and not created', async () => {
    const before = await claimCount();
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000', { referral: 'PARTNER1', promo_code: 'WELCOME' });
    const en = await h.create(body, {}, '/en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      referral: ['Unknown field. Did you mean "refferal"?'],
      promo_code: ['Unknown field. Did you mean "promocode"?'],
    });
    const ru = await h.create(body);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      referral: ['Неизвестное поле. Возможно, имелось в виду «refferal».'],
      promo_code: ['Неизвестное поле. Возможно, имелось в виду «promocode».'],
    });
    expect(await claimCount()).toBe(before);
    // The same body with the API's own names is taken.
    expect((await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'))).statusCode).toBe(201);
  });

  it('a field like none of them says so without a guess; a stray field inside requisites is left to the requisites', async () => {
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000', { comment: 'hello' });
    const res = await h.create(body, {}, '/en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      comment: ['Unknown field: there is no such field here, so its value would be ignored.'],
    });
  });

  it('sign-up with `referral` is refused: the partner would lose the customer', async () => {
    const payload = {
      email: 'unknown-fields@example.com',
      password: 'correct horse battery',
      password_confirm: 'correct horse battery',
      referral: 'ABC123',
    };
    const headers = { 'x-forwarded-for': randomIp() };
    const res = await t.inject({ method: 'POST', url: '/en/api/v1/users/signup/', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ referral: ['Unknown field. Did you mean "refferal"?'] });
  });

  it('the promocode check and a withdrawal refuse a stray field too', async () => {
    const check = await t.inject({
      method: 'POST',
      url: '/en/api/v1/claim/promocode/',
      payload: { promoCode: 'WELCOME', fromPs: 1, toPs: 2 },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ promoCode: ['Unknown field. Did you mean "promocode"?'] });

    await activeUser(t, 'unknown-fields-w@example.com');
    const { access } = await login(t, 'unknown-fields-w@example.com', 'correct horse battery');
    const w = await t.inject({
      method: 'POST',
      url: '/en/api/v1/users/me/refferal/withdrawal/',
      payload: { amount: '10', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', wallet: 'x' },
      headers: bearer(access),
    });
    expect(w.statusCode).toBe(400);
    expect(w.json()).toMatchObject({
      wallet: ['Unknown field: there is no such field here, so its value would be ignored.'],
    });
  });

  it('names at most 20 stray fields, each cut to 64 characters, and never answers 5xx for odd names', async () => {
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const stray = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x${i}${'y'.repeat(100)}`, i]));
    const res = await h.create({ ...body, ...stray, 'nul\u0000key': 1, '\ud800': 2 });
    expect(res.statusCode).toBe(400);
    const keys = Object.keys(res.json() as object);
    expect(keys.length).toBeLessThanOrEqual(20);
    expect(keys.every((k) => k.length <= 64)).toBe(true);
  });

  it('guesses only what is close: case and separators, or one or two edits of a name of four letters or more', () => {
    const known = ['email', 'fromPs', 'toPs', 'fromSumma', 'toSumma', 'refferal', 'promocode', 'recaptcha'];
    expect(closestField('from_summa', known)).toBe('fromSumma');
    expect(closestField('EMAIL', known)).toBe('email');
    expect(closestField('referal', known)).toBe('refferal');
    expect(closestField('promocod', known)).toBe('promocode');
    expect(closestField('captcha', known)).toBe('recaptcha');
    expect(closestField('amount', known)).toBeUndefined();
    expect(closestField('to', known)).toBeUndefined();
  });
});
