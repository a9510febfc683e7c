import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import { quoteLines, type Quote } from '../../../shared/exchange/quote.ts';
import { formatMoney } from '../../../shared/format.ts';
import type { AdminClaim } from '../../../shared/schemas/admin-claims.ts';
import type { ClaimForm } from '../../../shared/schemas/exchange.ts';
import { mailsTo } from '../../../tests/helpers/accounts.ts';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { claims } from '../../db/schema-exchange.ts';
import { promocodes } from '../../db/schema-promocodes.ts';

/** market - markup + bonus + promocode - send fee - receive fee. */
const total = (q: Quote) =>
  new Big(q.market).minus(q.markup).plus(q.bonus).plus(q.promocode).minus(q.fromFeeValue).minus(q.toFee);

/**
 * A re-quote replaces the claim's frozen price breakdown (docs/money.md): once the customer accepts the operator's
 * offer, the claim page's `breakdown`, the console's and the completion letter list the offer's parts, which add up
 * to the amount paid out, with the promocode only when the offer kept it. Money: on PostgreSQL with
 * TEST_DATABASE_URL, on PGlite without.
 */
describe(`a re-quote replaces the claim's frozen breakdown${hasPostgres ? ' (PostgreSQL)' : ''}`, () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, postgres: hasPostgres, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  const post = (uuid: string, call: string, payload?: object) =>
    t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/${call}/`, ...(payload ? { payload } : {}) });
  const act = (uuid: string, action: string, payload: Record<string, unknown>) =>
    operator.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/${action}/`, payload });
  const form = async (uuid: string) => (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as ClaimForm;
  const console_ = async (uuid: string) =>
    (await operator.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json() as AdminClaim;
  const usesOf = async (code: string) =>
    (await t.database.db.select().from(promocodes).where(eq(promocodes.code, code)))[0]!.usesCount;
  const usdt = { symbol: 'USDT', decimals: 6 };

  /** The course a promocode gives on SBERRUB -> USDTTRC20, as the calculator asks for it. */
  async function courseWith(code: string, email: string) {
    const pair = await h.pair('SBERRUB', 'USDTTRC20');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/claim/promocode/',
      payload: { promocode: code, fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { pair, course: (res.json() as { course: string }).course };
  }

  /** A claim with `code`, past its window, reported paid late. */
  async function lateClaimWith(code: string, email: string) {
    const { pair, course } = await courseWith(code, email);
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', {
      email,
      promocode: code,
      toSumma: receiveFor({ ...pair, course }, '10000'),
    });
    const created = await form(uuid);
    expect(created.breakdown!.promocodePercent).toBe('5');
    await h.pastDeadline(uuid);
    const late = await post(uuid, 'late', { txid: 'LATE-1' });
    expect(late.statusCode, late.body).toBe(200);
    return { uuid, created };
  }

  /** The claim's breakdown adds up to the amount it pays out, in the customer's answer and the console's. */
  async function expectConsistent(uuid: string) {
    const mine = await form(uuid);
    const q = mine.breakdown!;
    expect(q.receive).toBe(mine.to.amount);
    expect(q.course).toBe(mine.course);
    expect(total(q).eq(mine.to.amount)).toBe(true);
    const card = await console_(uuid);
    expect(card.breakdown).toEqual(q);
    expect(new Big(card.to.amount).eq(q.receive)).toBe(true);
    expect(card.course).toBe(q.course);
    return q;
  }

  it('an offer without the used-up promocode, accepted: no promocode line, the parts add up to the payout', async () => {
    await t.services.promocodes.create({ code: 'ONE-USE', discountPercent: '5', maxUses: 1 });
    const { uuid, created } = await lateClaimWith('ONE-USE', 'requote-drop@example.com');
    // The expired claim gave its use back; another customer takes it meanwhile.
    const { pair, course } = await courseWith('ONE-USE', 'requote-other@example.com');
    await h.created('SBERRUB', 'USDTTRC20', '10000', {
      email: 'requote-other@example.com',
      promocode: 'ONE-USE',
      toSumma: receiveFor({ ...pair, course }, '10000'),
    });
    expect(await usesOf('ONE-USE')).toBe(1);

    const requote = await act(uuid, 'requote', { expected: 'late_payment' });
    expect(requote.statusCode, requote.body).toBe(200);
    // The offer says it left the code out (decision 0025), to the customer and to the console.
    const offered = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as {
      offer: { droppedPromocode: string | null; promocodeOnly: boolean };
    };
    expect(offered.offer.droppedPromocode).toBe('ONE-USE');
    // The market rate has not moved since the claim was made: the code is all the offer changes, and it says so.
    expect(offered.offer.promocodeOnly).toBe(true);
    expect((requote.json() as AdminClaim).offer!.droppedPromocode).toBe('ONE-USE');
    // While the offer waits, the claim's own price still applies the code.
    expect((requote.json() as AdminClaim).droppedPromocode).toBeNull();
    expect((await form(uuid)).droppedPromocode).toBeNull();
    const accepted = await post(uuid, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted: the claim still names its code, and both answers say its price no longer applies it.
    const card = await console_(uuid);
    expect(card.promocode).toBe('ONE-USE');
    expect(card.droppedPromocode).toBe('ONE-USE');
    expect((await form(uuid)).droppedPromocode).toBe('ONE-USE');

    const q = await expectConsistent(uuid);
    const mine = await form(uuid);
    expect(mine.course).toBe(pair.course);
    expect(new Big(mine.to.amount).lt(created.to.amount)).toBe(true);
    expect(q.promocodePercent).toBe('0');
    expect(new Big(q.promocode).eq(0)).toBe(true);
    expect(quoteLines(q).map((l) => l.part)).not.toContain('promocode');
    // The other customer still holds the only use.
    expect(await usesOf('ONE-USE')).toBe(1);

    // The completion letter lists the same parts and the same amount it says is received.
    const done = await act(uuid, 'complete', { expected: 'processing', reference: 'PAY-RQ-1' });
    expect(done.statusCode, done.body).toBe(200);
    await t.services.claims.drain();
    const letters = (await mailsTo(t, 'requote-drop@example.com')).filter(
      (m) => m.kind === 'claim.status' && m.meta.status === 'completed',
    );
    expect(letters).toHaveLength(1);
    const text = letters[0]!.text;
    const received = formatMoney(mine.to.amount, usdt, 'ru');
    // The re-quote's letter said the code was left out, as the offer panel does.
    const offerLetter = (await mailsTo(t, 'requote-drop@example.com')).find(
      (m) => m.kind === 'claim.status' && m.meta.status === 'requoted',
    );
    expect(offerLetter?.text).toContain('Промокод ONE-USE к этому предложению не применяется.');
    expect(text).toContain(`Получаете: ${received}`);
    expect(text).toContain(`Вы получите: ${received}`);
    expect(text).not.toContain('Промокод');
    expect(text).not.toContain(formatMoney(created.to.amount, usdt, 'ru'));
  });

  it('an offer without the used-up promocode at a moved rate is not "only the promocode"', async () => {
    await t.services.promocodes.create({ code: 'ONE-MOVED', discountPercent: '5', maxUses: 1 });
    const { uuid } = await lateClaimWith('ONE-MOVED', 'requote-moved@example.com');
    const { pair, course } = await courseWith('ONE-MOVED', 'requote-moved-other@example.com');
    await h.created('SBERRUB', 'USDTTRC20', '10000', {
      email: 'requote-moved-other@example.com',
      promocode: 'ONE-MOVED',
      toSumma: receiveFor({ ...pair, course }, '10000'),
    });
    // The claim was priced at another market rate than today's.
    await t.database.db
      .update(claims)
      .set({ breakdown: sql`jsonb_set(breakdown, '{rate}', '"1"')` })
      .where(eq(claims.id, uuid));
    expect((await act(uuid, 'requote', { expected: 'late_payment' })).statusCode).toBe(200);
    const { offer } = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as {
      offer: { droppedPromocode: string | null; promocodeOnly: boolean };
    };
    expect(offer).toMatchObject({ droppedPromocode: 'ONE-MOVED', promocodeOnly: false });
  });

  it('an offer that kept the promocode, accepted: the promocode line stays and the parts still add up', async () => {
    await t.services.promocodes.create({ code: 'ONE-KEPT', discountPercent: '5', maxUses: 1 });
    const { uuid } = await lateClaimWith('ONE-KEPT', 'requote-kept@example.com');
    // Make the new course differ from the one frozen at creation, so a stale breakdown would show.
    await t.database.db
      .update(claims)
      .set({ breakdown: sql`jsonb_set(breakdown, '{rate}', '"1"')` })
      .where(eq(claims.id, uuid));
    const requote = await act(uuid, 'requote', { expected: 'late_payment' });
    expect(requote.statusCode, requote.body).toBe(200);
    expect((requote.json() as AdminClaim).offer!.droppedPromocode).toBeNull();
    const kept = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { offer: { promocodeOnly: boolean } };
    expect(kept.offer.promocodeOnly).toBe(false);
    expect(await usesOf('ONE-KEPT')).toBe(1);
    expect((await post(uuid, 'accept')).statusCode).toBe(200);

    const q = await expectConsistent(uuid);
    expect(q.promocodePercent).toBe('5');
    expect((await console_(uuid)).droppedPromocode).toBeNull();
    expect((await form(uuid)).droppedPromocode).toBeNull();
    expect(new Big(q.promocode).gt(0)).toBe(true);
    expect(q.rate).not.toBe('1');
  });
});
