import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { courseFromSource, invertPrice, plain } from '../../../../shared/exchange/calculator.ts';
import { formatCourse } from '../../../../shared/format.ts';
import type { RatesStatus, RefreshResult } from '../../../../shared/schemas/admin-rates.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { auditLog } from '../../../db/schema-admin.ts';
import { directions } from '../../../db/schema-exchange.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';
import { ratesFixtureServer } from '../../../../tests/helpers/rate-sources.ts';

describe('admin rates API', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;
  let customer: Record<string, string>;
  const sources = ratesFixtureServer();
  const { state } = sources;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false', ...(await sources.start()) } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'customer-admin-rates@example.com', 'customer password');
    customer = bearer((await login(t, 'customer-admin-rates@example.com', 'customer password')).access);
  });
  afterAll(async () => {
    await t.close();
    await sources.close();
  });

  const direction = async (from: string, to: string) => {
    const [d] = await t.database.db
      .select()
      .from(directions)
      .where(and(eq(directions.fromCurrencyId, await h.id(from)), eq(directions.toCurrencyId, await h.id(to))));
    return d!;
  };
  const refresh = async () => {
    const res = await operator.inject({ method: 'POST', url: '/api/v1/admin/rates/refresh/', payload: {} });
    expect(res.statusCode).toBe(200);
    return res.json() as RefreshResult;
  };

  it('answers a guest 401 and a customer 403', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/rates/' },
      { method: 'GET' as const, url: '/api/v1/admin/rates/history/' },
      { method: 'POST' as const, url: '/api/v1/admin/rates/refresh/', payload: {} },
    ];
    const hits = state.hits;
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.inject({ ...call, headers: customer })).statusCode, call.url).toBe(403);
    }
    expect(state.hits).toBe(hits);
    const admin = await staffUser(t, 'admin');
    expect((await admin.inject({ url: '/api/v1/admin/rates/' })).statusCode).toBe(200);
  });

  it('names each direction’s tickers, so the console writes its rate as a course line', async () => {
    const status = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    const rubUsdt = await direction('SBERRUB', 'USDTTRC20');
    expect(status.sources[0]!.directions.find((x) => x.id === rubUsdt.id)).toMatchObject({
      from: 'SBERRUB',
      to: 'USDTTRC20',
      fromSymbol: 'RUB',
      toSymbol: 'USDT',
      symbol: 'RUBUSDT',
    });
  });

  it('tells the demo seed’s rates from those a refresh read', async () => {
    // The demo data gives source-priced directions a rate without any fetch: no source has succeeded, the history
    // is empty, and each such rate says where it came from instead of passing for Binance's.
    const before = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    const binance = before.sources.find((s) => s.source === 'binance')!;
    expect(binance.lastSuccessAt).toBeNull();
    expect(binance.directions.length).toBeGreaterThan(0);
    expect(new Set(binance.directions.map((d) => d.rateOrigin))).toEqual(new Set(['seed']));
    const history = await operator.inject({ url: '/api/v1/admin/rates/history/' });
    expect(history.json()).toMatchObject({ count: 0 });

    // The schedule's refreshes (no actor, not audited: the next test counts the button's audit rows).
    state.failing = true;
    try {
      await t.services.admin.rates.refresh();
    } finally {
      state.failing = false;
    }
    const failed = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    expect(new Set(failed.sources[0]!.directions.map((d) => d.rateOrigin))).toEqual(new Set(['seed']));
    // A successful read makes them the source's: the next test.
  });

  it('refreshes every used source: courses move, history is written, the refresh is audited', async () => {
    // Two directions priced from the central banks besides the demo's Binance ones.
    const sepa = await direction('SEPAEUR', 'USDTTRC20');
    await t.database.db
      .update(directions)
      .set({ courseMode: 'source', rateSource: 'ecb:USD', sourceRate: null, markupPercent: '2.5' })
      .where(eq(directions.id, sepa.id));
    const cash = await direction('USDTTRC20', 'CASHRUB');
    await t.database.db
      .update(directions)
      .set({ courseMode: 'source', rateSource: 'cbr:USD', sourceRate: null, markupPercent: '1' })
      .where(eq(directions.id, cash.id));
    t.services.calculator.cache.invalidate();

    const { results } = await refresh();
    expect(results.map((r) => [r.source, r.ok]).sort()).toEqual([
      ['binance', true],
      ['cbr', true],
      ['ecb', true],
    ]);

    // The public calculator answers the new courses (the cache was dropped).
    expect((await h.pair('USDTTRC20', 'SBERRUB')).course).toBe(courseFromSource('101.37', '2.5'));
    expect((await h.pair('SEPAEUR', 'USDTTRC20')).course).toBe(courseFromSource('1.0845', '2.5'));
    expect((await h.pair('USDTTRC20', 'CASHRUB')).course).toBe(courseFromSource('92.5058', '1'));
    // Selling roubles for USDT reads Binance's USDTRUB inverted, to all 18 places of the column, rounded up.
    const rubUsdt = await direction('SBERRUB', 'USDTTRC20');
    expect(rubUsdt.sourceRate).toBe('0.009864851533984414');
    expect(plain(rubUsdt.sourceRate!)).toBe(invertPrice('101.37'));
    // RUB -> BTC likewise from BTCRUB 9 865 000: a rate of ~1e-7 keeps its digits, so one over it reads the source's
    // price again, as BTC -> RUB writes it, and the course is that price with the 3.5 % markup (the rate rounded
    // down read 9 865 000,01 RUB = 1 BTC; the course cut to twelve places, 0.00000009782, read 10 222 858,32).
    const rub = { symbol: 'RUB' };
    const btc = { symbol: 'BTC' };
    const rubBtc = await h.pair('SBERRUB', 'BTC');
    expect(rubBtc.breakdown).toMatchObject({ rate: '0.000000101368474405', source: 'binance:RUBBTC' });
    expect(formatCourse(rubBtc.breakdown.rate, rub, btc, 'en').give).toBe('9,865,000.00\u00a0RUB');
    expect(formatCourse((await h.pair('BTC', 'SBERRUB')).breakdown.rate, btc, rub, 'en').get).toBe(
      '9,865,000.00\u00a0RUB',
    );
    expect(rubBtc.course).toBe(courseFromSource('0.000000101368474405', '3.5'));
    expect(new Big(9865000).div('0.965').round(2, Big.roundUp).toFixed(2)).toBe('10222797.93');
    expect(formatCourse(rubBtc.course, rub, btc, 'en').give).toBe('10,222,797.93\u00a0RUB');

    const history = (
      await operator.inject({ url: '/api/v1/admin/rates/history/?source=binance&symbol=usdtrub' })
    ).json() as { count: number; results: { symbol: string; rate: string }[] };
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({ symbol: 'USDTRUB', rate: '101.37' });
    const bad = await operator.inject({ url: '/api/v1/admin/rates/history/?source=forex' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('source');

    const status = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    // Every rate is now one a refresh read (the demo seed's are replaced).
    const origins = status.sources.flatMap((s) => s.directions.map((d) => d.rateOrigin));
    expect(new Set(origins)).toEqual(new Set(['source']));
    const cbr = status.sources.find((s) => s.source === 'cbr')!;
    expect(cbr.lastError).toBeNull();
    expect(cbr.lastSuccessAt).not.toBeNull();
    expect(cbr.directions).toEqual([
      expect.objectContaining({ from: 'USDTTRC20', to: 'CASHRUB', symbol: 'USD', sourceRate: '92.5058', stale: false }),
    ]);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rates.refresh'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(operator.id);
  });

  it('records a failing source without throwing; the directions keep their last rate', async () => {
    state.failing = true;
    try {
      const { results } = await refresh();
      expect(results.every((r) => !r.ok && r.error === 'HTTP 500')).toBe(true);
      expect(results.map((r) => r.problem)).toEqual(results.map(() => ({ kind: 'http_status', status: 500 })));
    } finally {
      state.failing = false;
    }
    const status = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    expect(status.sources.find((s) => s.source === 'binance')).toMatchObject({
      lastError: 'HTTP 500',
      lastProblem: { kind: 'http_status', status: 500 },
    });
    expect((await h.pair('USDTTRC20', 'SBERRUB')).course).toBe(courseFromSource('101.37', '2.5'));
  });

  it('says what kind of failure each was: no answer, an unreadable answer, symbols missing; a success clears it', async () => {
    const binance = async () =>
      ((await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus).sources.find(
        (s) => s.source === 'binance',
      )!;
    state.hangUp = true;
    try {
      expect((await refresh()).results.find((r) => r.source === 'binance')).toMatchObject({
        ok: false,
        error: 'fetch failed',
        problem: { kind: 'no_answer' },
      });
      expect(await binance()).toMatchObject({ lastError: 'fetch failed', lastProblem: { kind: 'no_answer' } });
    } finally {
      state.hangUp = false;
    }
    state.garbage = true;
    try {
      await refresh();
      const failed = await binance();
      expect(failed.lastProblem).toEqual({ kind: 'unreadable' });
      expect(failed.lastError).toBeTruthy();
    } finally {
      state.garbage = false;
    }
    // A direction asking Binance for a symbol it does not list.
    const d = await direction('USDTTRC20', 'SBERRUB');
    await t.database.db.update(directions).set({ rateSource: 'binance:NOSUCHRUB' }).where(eq(directions.id, d.id));
    try {
      await refresh();
      expect(await binance()).toMatchObject({
        lastError: 'missing NOSUCHRUB',
        lastProblem: { kind: 'missing', symbols: ['NOSUCHRUB'] },
      });
    } finally {
      await t.database.db.update(directions).set({ rateSource: d.rateSource }).where(eq(directions.id, d.id));
    }
    await refresh();
    expect(await binance()).toMatchObject({ lastError: null, lastProblem: null });
  });

  it('a direction older than its limit takes no claims until a fresh rate arrives', async () => {
    const body = await h.body('USDTTRC20', 'SBERRUB', '100', { email: 'stale@example.com' });
    const d = await direction('USDTTRC20', 'SBERRUB');
    await t.database.db
      .update(directions)
      .set({ maxRateAgeMinutes: 10, sourceUpdatedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(directions.id, d.id));
    t.services.calculator.cache.invalidate();

    const pairUrl = `/api/v1/calculator/pair/${await h.id('USDTTRC20')}/${await h.id('SBERRUB')}/`;
    expect((await t.inject(pairUrl)).statusCode).not.toBe(200);
    const refused = await h.create(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: expect.stringContaining('Курс этого направления устарел') });
    const stale = await t.services.admin.rates.staleDirections();
    expect(stale.map((s) => s.id)).toEqual([d.id]);
    const status = (await operator.inject({ url: '/en/api/v1/admin/rates/' })).json() as RatesStatus;
    expect(status.sources[0]!.directions.find((x) => x.id === d.id)).toMatchObject({ stale: true, ageMinutes: 60 });

    await refresh();
    expect((await t.inject(pairUrl)).statusCode).toBe(200);
    expect((await h.create(body)).statusCode).toBe(201);
    expect(await t.services.admin.rates.staleDirections()).toEqual([]);
  });

  it('a direction without a limit of its own goes stale after the default 15 minutes; the console changes that', async () => {
    const d = await direction('USDTTRC20', 'SBERRUB');
    await t.database.db
      .update(directions)
      .set({ maxRateAgeMinutes: null, sourceUpdatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(directions.id, d.id));
    t.services.calculator.cache.invalidate();
    const pairUrl = `/api/v1/calculator/pair/${await h.id('USDTTRC20')}/${await h.id('SBERRUB')}/`;

    // A source that failed for 20 minutes has taken its direction off sale: no "no limit" by default.
    expect((await t.inject(pairUrl)).statusCode).not.toBe(200);
    const status = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    expect(status.sources[0]!.directions.find((x) => x.id === d.id)).toMatchObject({
      stale: true,
      maxRateAgeMinutes: null,
      rateAgeLimitMinutes: 15,
    });

    // The admin allows half an hour in the site settings: the direction is on sale again at once.
    const admin = await staffUser(t, 'admin');
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/site/',
      payload: { maxRateAgeMinutes: '30' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.inject(pairUrl)).statusCode).toBe(200);
    const after = (await operator.inject({ url: '/api/v1/admin/rates/' })).json() as RatesStatus;
    expect(after.sources[0]!.directions.find((x) => x.id === d.id)).toMatchObject({
      stale: false,
      rateAgeLimitMinutes: 30,
    });
    await admin.inject({ method: 'PUT', url: '/api/v1/admin/settings/site/', payload: {} });
  });
});
