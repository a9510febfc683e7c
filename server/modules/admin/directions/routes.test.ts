import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PairSettings } from '../../../../shared/schemas/exchange.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type Direction = {
  id: number;
  from: { id: number; code: string };
  to: { id: number; code: string };
  courseMode: string;
  course: string | null;
  active: boolean;
};
type Currency = { id: number; code: string; reserve: string };

describe('admin: directions and reserves', () => {
  let t: TestApp;
  let operator: StaffUser;
  let h: ReturnType<typeof claimHelpers>;
  let directions: Direction[];
  let manual: Direction;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
    directions = (
      (await operator.inject({ method: 'GET', url: '/api/v1/admin/directions/' })).json() as { results: Direction[] }
    ).results;
    manual = directions.find((d) => d.courseMode === 'manual' && d.active && d.course)!;
  });
  afterAll(() => t.close());

  const pair = (d: Direction) => t.inject(`/api/v1/calculator/pair/${d.from.id}/${d.to.id}/`);

  it('checks roles on every call: a guest 401, a customer 403', async () => {
    await activeUser(t, 'buyer@example.com', 'customer password');
    const { access } = await login(t, 'buyer@example.com', 'customer password');
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/directions/' },
      { method: 'GET' as const, url: '/api/v1/admin/directions/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/directions/1/', payload: { active: false } },
      { method: 'GET' as const, url: '/api/v1/admin/currencies/' },
      { method: 'POST' as const, url: '/api/v1/admin/currencies/1/reserve/', payload: { delta: '1', reason: 'x' } },
      { method: 'GET' as const, url: '/api/v1/admin/currencies/1/reserve-history/' },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(access) })).statusCode, call.url).toBe(403);
    }
  });

  it('lists every direction with the course it offers now', () => {
    expect(directions.length).toBeGreaterThanOrEqual(30);
    expect(manual.course).toMatch(/^\d+(\.\d+)?$/);
  });

  it('a new manual course is what the calculator offers at once, and what a claim is priced at', async () => {
    const course = new Big(manual.course!).times('1.01').toFixed(4);
    const res = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${manual.id}/`,
      payload: { courseManual: course },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Direction).course).toBe(new Big(course).toString());
    const offered = (await pair(manual)).json() as PairSettings;
    expect(new Big(offered.course).eq(course)).toBe(true);

    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=direction&entity_id=${manual.id}` })
    ).json() as {
      results: { before: { courseManual: string }; after: { courseManual: string } }[];
    };
    expect(audit.results[0]!.before.courseManual).toBe(manual.course);
    expect(audit.results[0]!.after.courseManual).toBe(new Big(course).toString());
  });

  it('refuses bad values with field errors in the locale, and leaves the direction as it was', async () => {
    const bad = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${manual.id}/`,
      payload: { fromMin: '500', fromMax: '100', markupPercent: '80', courseManual: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      courseManual: ['Enter the amount as a number, e.g. 1500.50.'],
      markupPercent: ['The maximum amount is 50.'],
    });
    const minMax = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${manual.id}/`,
      payload: { fromMin: '500', fromMax: '100' },
    });
    expect(minMax.json()).toEqual({ fromMin: ['The minimum is above the maximum.'] });
    const noSource = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${manual.id}/`,
      payload: { courseMode: 'source', rateSource: null },
    });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json()).toHaveProperty('rateSource');
    expect(
      (await operator.inject({ method: 'PUT', url: '/api/v1/admin/directions/999999/', payload: {} })).statusCode,
    ).toBe(404);
  });

  it('sets the fees: the calculator takes them at once, bad ones are field errors, the audit keeps both', async () => {
    const bad = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${manual.id}/`,
      payload: { fromFee: '-1', toFee: '1e5' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      fromFee: ['Enter the amount as a number, e.g. 1500.50.'],
      toFee: ['Enter the amount as a number, e.g. 1500.50.'],
    });
    const huge = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${manual.id}/`,
      payload: { toFee: '1'.padEnd(30, '0') },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toHaveProperty('toFee');

    const res = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${manual.id}/`,
      payload: { fromFee: '10', toFee: '0.5' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fromFee: '10', toFee: '0.5' });
    const offered = (await pair(manual)).json() as PairSettings;
    expect(offered.breakdown.fees).toEqual({ from: '10', to: '0.5' });
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=direction&entity_id=${manual.id}` })
    ).json() as { results: { before: { toFee: string }; after: { fromFee: string; toFee: string } }[] };
    expect(audit.results[0]).toMatchObject({ before: { toFee: '0' }, after: { fromFee: '10', toFee: '0.5' } });
    await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${manual.id}/`,
      payload: { fromFee: '0', toFee: '0' },
    });
  });

  it('switching a direction off takes it out of the calculator and refuses its claims; on again brings it back', async () => {
    const from = manual.from.id;
    const body = await h.body(
      manual.from.code,
      manual.to.code,
      (await pair(manual)).json<PairSettings>().from.min ?? '100',
    );
    const off = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${manual.id}/`,
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ active: false });
    const receivable = (await t.inject(`/api/v1/calculator/from/${from}/`)).json() as { results: { code: string }[] };
    expect(receivable.results.map((c) => c.code)).not.toContain(manual.to.code);
    expect((await h.create(body)).statusCode).toBe(400);
    await operator.inject({ method: 'PUT', url: `/api/v1/admin/directions/${manual.id}/`, payload: { active: true } });
    expect((await h.create(await h.body(manual.from.code, manual.to.code, body.fromSumma))).statusCode).toBe(201);
  });

  it('changes a reserve by a signed amount with a reason, never below zero, and keeps the history', async () => {
    const currencies = (
      (await operator.inject({ method: 'GET', url: '/api/v1/admin/currencies/' })).json() as { results: Currency[] }
    ).results;
    const usdt = currencies.find((c) => c.code === 'USDTTRC20')!;
    const add = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt.id}/reserve/`,
      payload: { delta: '1500.5', reason: 'Topped up from the cold wallet' },
    });
    expect(add.statusCode).toBe(200);
    const after = (add.json() as { reserve: string }).reserve;
    expect(new Big(after).minus(usdt.reserve).toString()).toBe('1500.5');
    const reserves = (await t.inject('/api/v1/calculator/reserves/')).json() as {
      results: { id: number; reserve?: string; amount?: string }[];
    };
    expect(JSON.stringify(reserves.results.find((r) => r.id === usdt.id))).toContain(
      new Big(after).toString().split('.')[0],
    );

    const tooMuch = await operator.inject({
      method: 'POST',
      url: `/en/api/v1/admin/currencies/${usdt.id}/reserve/`,
      payload: { delta: `-${new Big(after).plus(1).toString()}`, reason: 'oops' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      delta: [`The reserve cannot go below zero (it is ${new Big(after).toString()} now).`],
    });
    const noReason = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt.id}/reserve/`,
      payload: { delta: '0' },
    });
    expect(Object.keys(noReason.json() as object).sort()).toEqual(['delta', 'reason']);

    const history = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/currencies/${usdt.id}/reserve-history/` })
    ).json() as {
      count: number;
      results: { delta: string; reason: string; actor: string }[];
    };
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      delta: '1500.5',
      reason: 'Topped up from the cold wallet',
      actor: operator.email,
    });
  });

  it('a source direction with a rate age limit shows stale once its rate is older, and refuses claims', async () => {
    const source = directions.find((d) => d.courseMode === 'source' && d.active && d.course)!;
    const res = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${source.id}/`,
      payload: { maxRateAgeMinutes: 1 },
    });
    expect(res.json()).toMatchObject({ maxRateAgeMinutes: 1 });
    // The demo's source rates were set at seed time, more than a minute ago only in a slow run: make it so.
    const { directions: table } = await import('../../../db/schema-exchange.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(table)
      .set({ sourceUpdatedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(table.id, source.id));
    t.services.calculator.cache.invalidate();
    const now = (await operator.inject({ method: 'GET', url: `/api/v1/admin/directions/${source.id}/` })).json();
    expect(now).toMatchObject({ stale: true });
    expect((await pair(source)).statusCode).toBe(404);
    const bad = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${source.id}/`,
      payload: { maxRateAgeMinutes: 0 },
    });
    expect(bad.json()).toHaveProperty('maxRateAgeMinutes');
    await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${source.id}/`,
      payload: { maxRateAgeMinutes: null },
    });
    expect((await pair(source)).statusCode).toBe(200);
  });
});
