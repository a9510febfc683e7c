import Big from 'big.js';
import { formatCourse, formatMoney } from '../../../shared/format.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFromSource, courseWithPromocode, invertPrice, receiveFor } from '../../../shared/exchange/calculator.ts';
import type { Quote } from '../../../shared/exchange/quote.ts';
import type { ClaimForm, PairSettings } from '../../../shared/schemas/exchange.ts';
import { activeUser, bearer, login, mailsTo } from '../../../tests/helpers/accounts.ts';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { directions } from '../../db/schema-exchange.ts';

/** market - markup + bonus + promocode - send fee - receive fee. */
const total = (q: Quote) =>
  new Big(q.market).minus(q.markup).plus(q.bonus).plus(q.promocode).minus(q.fromFeeValue).minus(q.toFee);

// Money: on PostgreSQL (docs/money.md); the same file runs on PGlite when no TEST_DATABASE_URL is set.
describe(`the price breakdown in the pair answer and frozen on a claim${hasPostgres ? ' (PostgreSQL)' : ''}`, () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let admin: StaffUser;
  let directionId: number;
  let source: string;

  beforeAll(async () => {
    t = await build({ ssr: false, postgres: hasPostgres, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    admin = await staffUser(t, 'admin');
    const [from, to] = [await h.id('BTC'), await h.id('USDTTRC20')];
    const [d] = await t.database.db
      .select()
      .from(directions)
      .where(and(eq(directions.fromCurrencyId, from), eq(directions.toCurrencyId, to)));
    directionId = d!.id;
    // A source-priced direction with a markup, a bonus and fees on both sides.
    source = 'binance:BTCUSDT';
    const put = await admin.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${directionId}/`,
      payload: {
        courseMode: 'source',
        rateSource: source,
        markupPercent: '1.5',
        bonusPercent: '0.5',
        fromFee: '0.0001',
        toFee: '1.5',
        maxRateAgeMinutes: null,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.services.calculator.setSourceRate(source, '97250.12');
  });
  afterAll(() => t.close());

  it('the pair answer says what the course is made of: rate, source, age, markup, bonus, fees', async () => {
    const guest = await h.pair('BTC', 'USDTTRC20');
    expect(guest.breakdown).toMatchObject({
      rate: '97250.12',
      source,
      markupPercent: '1.5',
      bonusPercent: '0',
      fees: { from: '0.0001', to: '1.5' },
    });
    expect(Date.now() - Date.parse(guest.breakdown.updatedAt)).toBeLessThan(60_000);
    // The course as before: the source's rate lowered by the markup.
    expect(guest.course).toBe('95791.3682');
    // The receive amount pays both fees (the demo direction sends BTC to 6 places and pays USDT to 2).
    expect([guest.from.roundCalculator, guest.to.roundCalculator]).toEqual([6, 2]);
    expect(receiveFor(guest, '0.01')).toBe('946.83'); // 0.0099 x 95 791.3682 = 948.334545 -> 948.33, less 1.5

    const account = await activeUser(t, 'breakdown-owner@example.com');
    const { access } = await login(t, account.email, account.password);
    const mine = (await h.pair('BTC', 'USDTTRC20', bearer(access))) as PairSettings;
    expect(mine.breakdown.bonusPercent).toBe('0.5');
  });

  it('a claim keeps the breakdown it was quoted with: bonus, promocode and fees add up to what is received', async () => {
    await t.services.promocodes.create({ code: 'BREAK1', discountPercent: '1', perCustomer: null });
    const account = await activeUser(t, 'breakdown-claim@example.com');
    const headers = bearer((await login(t, account.email, account.password)).access);
    const p = await h.pair('BTC', 'USDTTRC20', headers);
    const priced = { ...p, course: courseWithPromocode(p.course, '1') };
    const body = {
      ...(await h.body('BTC', 'USDTTRC20', '0.05', { email: account.email, promocode: 'BREAK1' }, headers)),
      toSumma: receiveFor(priced, '0.05'),
    };
    const res = await h.create(body, headers);
    expect(res.statusCode, res.body).toBe(201);
    const { uuid } = res.json() as { uuid: string };
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as ClaimForm;
    const q = form.breakdown!;
    expect(q).toMatchObject({
      source,
      rate: '97250.12',
      markupPercent: '1.5',
      bonusPercent: '0.5',
      promocodePercent: '1',
      fromFee: '0.000100',
      toFee: '1.50',
      send: '0.050000',
      course: form.course,
      receive: form.to.amount,
    });
    expect(total(q).eq(form.to.amount)).toBe(true);
    expect(new Big(q.bonus).gt(0) && new Big(q.promocode).gt(0) && new Big(q.markup).gt(0)).toBe(true);

    // The letter shows the same figures, written as every page writes money (shared/format.ts).
    const [letter] = await mailsTo(t, account.email).then((m) => m.filter((x) => x.kind === 'claim.created'));
    const usdt = { symbol: 'USDT', decimals: 6 };
    expect(letter!.text).toContain(`Наценка обменника 1,5\u00a0%: ${formatMoney(`-${q.markup}`, usdt, 'ru')}`);
    expect(letter!.text).toContain(
      `Комиссия при отправке (0,0001\u00a0BTC): ${formatMoney(`-${q.fromFeeValue}`, usdt, 'ru')}`,
    );
    expect(letter!.text).toContain(`Бонус зарегистрированным 0,5\u00a0%: +`);
    expect(letter!.text).toContain(`Вы получите: ${formatMoney(q.receive, usdt, 'ru')}`);

    // The rate moves and the fees change: the claim's breakdown does not.
    await t.services.calculator.setSourceRate(source, '80000');
    await admin.inject({ method: 'PUT', url: `/api/v1/admin/directions/${directionId}/`, payload: { toFee: '9' } });
    expect((await h.pair('BTC', 'USDTTRC20')).breakdown).toMatchObject({ rate: '80000', fees: { to: '9' } });
    const again = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as ClaimForm;
    expect(again.breakdown).toEqual(q);
  });

  it('a guest and a customer claiming one after the other each get their own course, and a new rate at once', async () => {
    // The pair a claim is checked against is remembered per catalogue row, for guests and customers apart.
    await t.services.calculator.setSourceRate(source, '97250.12');
    const account = await activeUser(t, 'breakdown-turns@example.com');
    const headers = bearer((await login(t, account.email, account.password)).access);
    const claimAs = async (who: Record<string, string> | undefined, email: string) => {
      const body = await h.body('BTC', 'USDTTRC20', '0.05', { email }, who);
      const res = await h.create(body, who);
      expect(res.statusCode, res.body).toBe(201);
      const form = (await t.inject(`/api/v1/claim/${(res.json() as { uuid: string }).uuid}/form/`)).json() as ClaimForm;
      return form.breakdown!;
    };
    const guest = await claimAs(undefined, 'breakdown-guest-1@example.com');
    const customer = await claimAs(headers, account.email);
    const guestAgain = await claimAs(undefined, 'breakdown-guest-2@example.com');
    expect(guest.bonusPercent).toBe('0');
    expect(customer.bonusPercent).toBe('0.5');
    expect(new Big(customer.course).gt(guest.course)).toBe(true);
    expect(guestAgain.course).toBe(guest.course);

    await t.services.calculator.setSourceRate(source, '96000');
    const moved = await claimAs(undefined, 'breakdown-guest-3@example.com');
    expect(moved.rate).toBe('96000');
    expect(moved.course).toBe(courseFromSource('96000', guest.markupPercent));
  });

  it('RUB -> BTC, priced from BTCRUB inverted: the market rate reads the source price and the course its markup', async () => {
    // The demo prices both directions from BTC at 8 950 000 RUB (binance:BTCRUB, and binance:RUBBTC inverted).
    const rub = { symbol: 'RUB', decimals: 2 };
    const btc = { symbol: 'BTC', decimals: 8 };
    const sell = await h.pair('BTC', 'SBERRUB');
    expect(sell.breakdown).toMatchObject({ rate: '8950000', source: 'binance:BTCRUB' });
    expect(formatCourse(sell.breakdown.rate, btc, rub, 'ru').text).toBe('1\u00a0BTC = 8\u00a0950\u00a0000,00\u00a0RUB');
    const buy = await h.pair('SBERRUB', 'BTC');
    expect(buy.breakdown).toMatchObject({
      rate: invertPrice('8950000'),
      source: 'binance:RUBBTC',
      markupPercent: '3.5',
    });
    // The same source price, written the same way from either side.
    expect(formatCourse(buy.breakdown.rate, rub, btc, 'ru').text).toBe('8\u00a0950\u00a0000,00\u00a0RUB = 1\u00a0BTC');
    // The course keeps 18 places (0.00000010782 before: 9 274 717,13 RUB = 1 BTC).
    expect(buy.course).toBe('0.00000010782122905');
    expect(buy.course).toBe(courseFromSource(invertPrice('8950000'), '3.5'));
    // 8 950 000 / (1 - 3.5 %) = 9 274 611.3989..., what one BTC costs rounded up.
    const course = formatCourse(buy.course, rub, btc, 'ru').text;
    expect(course).toBe('9\u00a0274\u00a0611,40\u00a0RUB = 1\u00a0BTC');

    const email = 'breakdown-rub-btc@example.com';
    const body = await h.body('SBERRUB', 'BTC', '1000000', { email });
    // 1 000 000 x 0.00000010782122905 = 0.10782122905 -> 0.107821 at the side's six places (0.107820 before).
    expect(body.toSumma).toBe('0.107821');
    const res = await h.create(body);
    expect(res.statusCode, res.body).toBe(201);
    const { uuid } = res.json() as { uuid: string };
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as ClaimForm;
    expect(form.course).toBe(buy.course);
    expect(form.to.amount).toBe('0.107821');
    expect(form.breakdown).toMatchObject({
      rate: buy.breakdown.rate,
      course: buy.course,
      market: '0.111731', // 1 000 000 / 8 950 000 = 0.1117318..., rounded down
      markup: '0.003910',
      receive: '0.107821',
    });
    // The letter writes the market rate and the course as the pages do.
    const [letter] = await mailsTo(t, email).then((m) => m.filter((x) => x.kind === 'claim.created'));
    expect(letter!.text).toContain('8\u00a0950\u00a0000,00\u00a0RUB = 1\u00a0BTC');
    expect(letter!.text).toContain(course);
    // The console's claim answers the same course and frozen breakdown.
    const card = (await admin.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json() as {
      course: string;
      breakdown: Quote;
    };
    expect(card.course).toBe(buy.course);
    expect(card.breakdown).toEqual(form.breakdown);
  });
});
