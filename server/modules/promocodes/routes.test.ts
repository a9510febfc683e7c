import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claims } from '../../db/schema-exchange.ts';
import { promocodes } from '../../db/schema-promocodes.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { userIdOf } from '../../../tests/helpers/referral.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';

type Quote = { promocode: string; discount: string; course: string };
type Mine = { results: { code: string; discount: string; usesLeft: number | null; state: string }[] };

describe('promocodes API', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  const check = async (promocode: string, headers: Record<string, string> = {}, email?: string, prefix = '') =>
    t.inject({
      method: 'POST',
      url: `${prefix}/api/v1/claim/promocode/`,
      payload: { promocode, fromPs: await h.id('SBERRUB'), toPs: await h.id('USDTTRC20'), email },
      headers,
    });

  /** A claim body priced with the code as the calculator previews it. */
  async function bodyWith(code: string, fromSumma: string, email: string, headers: Record<string, string> = {}) {
    const quote = (await (await check(code, headers, email)).json()) as Quote;
    const p = await h.pair('SBERRUB', 'USDTTRC20', headers);
    const base = await h.body('SBERRUB', 'USDTTRC20', fromSumma, { email, promocode: code.toLowerCase() }, headers);
    return { ...base, toSumma: receiveFor({ ...p, course: quote.course }, fromSumma), quote };
  }

  it('previews a public code on a pair: a better course, nothing used up', async () => {
    const res = await check('welcome');
    expect(res.statusCode).toBe(200);
    const quote = res.json() as Quote;
    const guest = await h.pair('SBERRUB', 'USDTTRC20');
    expect(quote).toMatchObject({ promocode: 'WELCOME', discount: '0.5' });
    expect(new Big(quote.course).gt(guest.course)).toBe(true);
    const [row] = await t.database.db.select().from(promocodes).where(eq(promocodes.code, 'WELCOME'));
    expect(row?.usesCount).toBe(0);
  });

  it('refuses unknown, disabled, not started, expired, used-up and foreign codes with a promocode field error', async () => {
    const owner = await activeUser(t, 'promo-owner@example.com');
    const ownerId = await userIdOf(t, owner.email);
    const day = 86_400_000;
    await t.services.promocodes.create({ code: 'off', discountPercent: '1', active: false });
    await t.services.promocodes.create({ code: 'soon', discountPercent: '1', validFrom: new Date(Date.now() + day) });
    await t.services.promocodes.create({ code: 'gone', discountPercent: '1', validTo: new Date(Date.now() - day) });
    await t.services.promocodes.create({ code: 'empty', discountPercent: '1', maxUses: 0 });
    await t.services.promocodes.create({ code: 'mine', discountPercent: '2', customers: [ownerId] });
    const cases: [string, string][] = [
      ['nope', 'Такого промокода нет.'],
      ['off', 'Такого промокода нет.'],
      ['soon', 'Промокод ещё не действует.'],
      ['gone', 'Срок действия промокода истёк.'],
      ['empty', 'Промокод больше не действует: все использования исчерпаны.'],
      ['mine', 'Этот промокод выдан другому клиенту. Войдите в свой аккаунт, если он ваш.'],
    ];
    for (const [code, message] of cases) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toEqual({ promocode: [message] });
    }
    expect((await check('gone', {}, undefined, '/en')).json()).toEqual({ promocode: ['This promocode has expired.'] });
    const { access } = await login(t, owner.email, owner.password);
    expect((await check('mine', bearer(access))).statusCode).toBe(200);
    const other = await activeUser(t, 'promo-other@example.com');
    const otherToken = (await login(t, other.email, other.password)).access;
    expect((await check('mine', bearer(otherToken))).json()).toEqual({ promocode: ['Такого промокода нет.'] });
  });

  it('prices a claim with the code, counts the use once per customer, and gives it back when the claim expires', async () => {
    const email = 'promo-guest@example.com';
    const { quote, ...payload } = await bodyWith('WELCOME', '10000', email);
    const res = await h.create(payload);
    expect(res.statusCode).toBe(201);
    const uuid = (res.json() as { uuid: string }).uuid;
    const [claim] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    expect(claim?.promocode).toBe('WELCOME');
    expect(new Big(claim!.course).eq(quote.course)).toBe(true);
    // Once per customer: the same e-mail cannot use it again while the first claim stands.
    const again = await h.create(payload);
    expect(again.statusCode).toBe(400);
    // Their own limit, said as such: the code is not used up for others.
    expect(again.json()).toEqual({
      promocode: ['Вы уже воспользовались этим промокодом столько раз, сколько можно одному клиенту.'],
    });
    expect((await check('WELCOME', {}, 'someone-else@example.com')).statusCode).toBe(200);
    // The claim expires unpaid: the use comes back.
    await h.pastDeadline(uuid);
    expect(await t.services.claims.expireDue()).toBeGreaterThanOrEqual(1);
    // A claim whose client figure ignores the code gets rate_changed with the code's figures (the code applies to
    // this e-mail again: it is priced with it, not refused over it).
    const plainFigures = await h.body('SBERRUB', 'USDTTRC20', '10000', { email, promocode: 'WELCOME' });
    const changed = await h.create(plainFigures);
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'rate_changed', course: quote.course });
  });

  it('a guest’s preview never tells whether a typed e-mail used its share; the customer’s own and the claim do', async () => {
    const customer = await activeUser(t, 'promo-probed@example.com');
    const { access } = await login(t, customer.email, customer.password);
    await t.services.promocodes.create({ code: 'ONCE-EACH', discountPercent: '1', perCustomer: 1 });
    const { quote: _, ...payload } = await bodyWith('ONCE-EACH', '10000', customer.email, bearer(access));
    expect((await h.create(payload, bearer(access))).statusCode).toBe(201);

    // Anyone typing the customer's e-mail gets what anyone typing a fresh one gets: the code's own state.
    const probed = await check('ONCE-EACH', {}, customer.email);
    const fresh = await check('ONCE-EACH', {}, 'nobody-yet@example.com');
    const none = await check('ONCE-EACH');
    expect(probed.statusCode).toBe(200);
    expect(probed.body).toBe(fresh.body);
    expect(probed.body).toBe(none.body);
    expect(probed.json()).toMatchObject({ promocode: 'ONCE-EACH', discount: '1' });
    expect((await check('ONCE-EACH', {}, customer.email, '/en')).statusCode).toBe(200);

    // The logged-in customer is told about their own account, whatever e-mail the form holds.
    const own = await check('ONCE-EACH', bearer(access), 'nobody-yet@example.com');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      promocode: ['Вы уже воспользовались этим промокодом столько раз, сколько можно одному клиенту.'],
    });

    // The claim, behind the captcha, still refuses the e-mail's second use, as before.
    const { quote: shown, ...guestPayload } = await bodyWith('ONCE-EACH', '10000', customer.email);
    expect(shown).toMatchObject({ promocode: 'ONCE-EACH', discount: '1' });
    const refused = await h.create(guestPayload, {}, '/en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      promocode: ['You have already used this promocode as many times as one customer may.'],
    });
  });

  it("lists the customer's own codes with uses left and state; 401 for guests", async () => {
    expect((await t.inject('/api/v1/users/me/promocodes/')).statusCode).toBe(401);
    const c = await activeUser(t, 'promo-list@example.com');
    const id = await userIdOf(t, c.email);
    await t.services.promocodes.create({ code: 'LIST-A', discountPercent: '1.5', customers: [id], perCustomer: 2 });
    await t.services.promocodes.create({
      code: 'LIST-B',
      discountPercent: '1',
      customers: [id],
      validTo: new Date(Date.now() - 1000),
    });
    const { access } = await login(t, c.email, c.password);
    const { quote, ...payload } = await bodyWith('list-a', '10000', c.email, bearer(access));
    expect(quote.promocode).toBe('LIST-A');
    expect((await h.create(payload, bearer(access))).statusCode).toBe(201);
    const mine = (await t.inject({ url: '/api/v1/users/me/promocodes/', headers: bearer(access) })).json() as Mine;
    expect(mine.results.map((r) => [r.code, r.discount, r.usesLeft, r.state])).toEqual([
      ['LIST-A', '1.5', 1, 'active'],
      ['LIST-B', '1', 1, 'expired'],
    ]);
    const stranger = await activeUser(t, 'promo-stranger@example.com');
    const theirs = (
      await t.inject({
        url: '/api/v1/users/me/promocodes/',
        headers: bearer((await login(t, stranger.email, stranger.password)).access),
      })
    ).json() as Mine;
    expect(theirs.results).toEqual([]);
  });
});
