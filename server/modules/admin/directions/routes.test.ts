import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import type { PairSettings } from '../../../../shared/schemas/exchange.ts';
import { formatMoney } from '../../../../shared/format.ts';
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
type Currency = { id: number; code: string; symbol: string; decimals: number; reserve: string };

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
  const put = (id: number, payload: object, prefix = '') =>
    operator.inject({ method: 'PUT', url: `${prefix}/api/v1/admin/directions/${id}/`, payload });
  const read = async (id: number) =>
    (await operator.inject({ method: 'GET', url: `/api/v1/admin/directions/${id}/` })).json() as AdminDirection;
  const currencyList = async () =>
    (
      (await operator.inject({ method: 'GET', url: '/api/v1/admin/currencies/' })).json() as {
        results: (Currency & { decimals: number })[];
      }
    ).results;

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
    // Every refusal in one answer: the limits' order too, not only once the other fields are fixed.
    expect(bad.json()).toEqual({
      courseManual: ['Enter a number, e.g. 2.5.'],
      markupPercent: ['The percentage must be from \u221250 to 50.'],
      fromMin: ['The minimum is above the maximum.'],
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
      fromFee: ['Cannot be negative.'],
      toFee: ['Enter the amount as a number, e.g. 1,500.50.'],
    });
    const huge = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${manual.id}/`,
      payload: { toFee: '1'.padEnd(30, '0') },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ toFee: ['The number is too large: at most 18 digits before the decimal point.'] });

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
      delta: [`The reserve cannot go below zero (it is ${formatMoney(after, usdt, 'en')} now).`],
    });
    // Grouped and with its ticker, as every page writes money: "1,234.50 USDT", never "1234.5".
    expect(formatMoney(after, usdt, 'en')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2,}\u00a0USDT$/);
    const ru = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt.id}/reserve/`,
      payload: { delta: `-${new Big(after).plus(1).toString()}`, reason: 'oops' },
    });
    expect(ru.json()).toEqual({
      delta: [`Резерв не может стать меньше нуля (сейчас ${formatMoney(after, usdt, 'ru')}).`],
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

  it('a debit confirmed against a reserve that has moved since is refused with the reserve now, and changes nothing', async () => {
    const rub = (await currencyList()).find((c) => c.code === 'SBERRUB')!;
    const url = `/api/v1/admin/currencies/${rub.id}/reserve/`;
    const seen = rub.reserve;
    // A claim's payout (or another operator) takes 300 after the operator's page loaded.
    const meanwhile = await operator.inject({ method: 'POST', url, payload: { delta: '-300', reason: 'Payout' } });
    expect(meanwhile.statusCode).toBe(200);
    const now = (meanwhile.json() as { reserve: string }).reserve;

    const stale = await operator.inject({
      method: 'POST',
      url,
      payload: { delta: '-600', reason: 'Paid out by hand', expected: seen },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      delta: [
        `Резерв уже изменился (другой оператор или выполненная заявка): сейчас ${formatMoney(now, rub, 'ru')}. Ничего не списано: проверьте изменение и примените его снова.`,
      ],
      current: { reserve: now },
    });
    const en = await operator.inject({
      method: 'POST',
      url: `/en${url}`,
      payload: { delta: '-600', reason: 'Paid out by hand', expected: seen },
    });
    expect((en.json() as { delta: string[] }).delta[0]).toBe(
      `The reserve has changed meanwhile (another operator or a completed order): it is ${formatMoney(now, rub, 'en')} now. Nothing was debited: check the change and apply it again.`,
    );
    expect((await currencyList()).find((c) => c.id === rub.id)!.reserve).toBe(now);

    // Confirmed against the figure as it is (written any way the console reads a number): applied.
    const fresh = await operator.inject({
      method: 'POST',
      url,
      payload: { delta: '-600', reason: 'Paid out by hand', expected: new Big(now).toFixed(2).replace('.', ',') },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(new Big((fresh.json() as { reserve: string }).reserve).eq(new Big(now).minus(600))).toBe(true);
    const bad = await operator.inject({ method: 'POST', url, payload: { delta: '-1', reason: 'x', expected: '-5' } });
    expect(Object.keys(bad.json() as object)).toEqual(['expected']);
  });

  it('says what is wrong with each number of a direction, in the field, and changes nothing', async () => {
    const before = await read(manual.id);
    const bad = await put(manual.id, {
      courseManual: '0',
      markupPercent: '-60',
      bonusPercent: '51',
      fromFee: '-1',
      fromMax: '99999999999999999999',
      toMax: '1,5,0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      courseManual: ['Должно быть больше нуля.'],
      markupPercent: ['Процент должен быть от \u221250 до 50.'],
      bonusPercent: ['Процент должен быть от 0 до 50.'],
      fromFee: ['Не может быть отрицательным.'],
      fromMax: ['Слишком большое число: не более 18 цифр до запятой.'],
      toMax: ['Введите сумму числом, например 1\u00a0500,50.'],
    });
    for (const courseManual of ['99999999999999999999', '1'.padEnd(80, '0')]) {
      const huge = await put(manual.id, { courseManual });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual({ courseManual: ['Слишком большое число: не более 18 цифр до запятой.'] });
    }
    // Finer than numeric(36,18) keeps: refused, not rounded.
    const fine = await put(
      manual.id,
      { courseManual: '1.0000000000000000001', markupPercent: '0.0000000000000000001' },
      '/en',
    );
    expect(fine.json()).toEqual({
      courseManual: ['Ensure there are no more than 18 decimal places.'],
      markupPercent: ['Ensure there are no more than 18 decimal places.'],
    });
    const after = await read(manual.id);
    expect(after).toEqual(before);
  });

  it('holds fees and limits to their side currency’s decimal places, and only those the operator changes', async () => {
    const currencies = await currencyList();
    const d = directions.find((x) => {
      const to = currencies.find((c) => c.id === x.to.id)!;
      return to.decimals >= 1 && to.decimals < 18 && x.courseMode === 'manual';
    })!;
    const fromDp = currencies.find((c) => c.id === d.from.id)!.decimals;
    const toDp = currencies.find((c) => c.id === d.to.id)!.decimals;
    const tooFine = (dp: number) => `1.${'0'.repeat(dp)}1`;
    const bad = await put(d.id, {
      toFee: tooFine(toDp),
      toMin: tooFine(toDp),
      toMax: `2${tooFine(toDp)}`,
      fromMax: `5${tooFine(fromDp)}`,
    });
    expect(bad.statusCode).toBe(400);
    const places = (dp: number) =>
      dp === 0 ? 'Только целое число: у этой валюты нет знаков после запятой.' : `Не более ${dp} знаков после запятой.`;
    expect(bad.json()).toEqual({
      toFee: [places(toDp)],
      toMin: [places(toDp)],
      toMax: [places(toDp)],
      fromMax: [places(fromDp)],
    });
    // Trailing zeros past the places are the same amount: accepted.
    const same = await put(d.id, { toFee: `0.${'0'.repeat(toDp)}0` });
    expect(same.statusCode).toBe(200);
    // A limit stored finer (before the currency's decimals were lowered) is not re-checked while it stays as it is:
    // the form sends every field on each save.
    const { directions: table } = await import('../../../db/schema-exchange.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(table)
      .set({ toMin: tooFine(toDp) })
      .where(eq(table.id, d.id));
    const kept = await put(d.id, { toMin: tooFine(toDp), toFee: '0', active: true });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ toMin: tooFine(toDp) });
    await put(d.id, { toMin: null });
  });

  it('reads a comma decimal and grouped thousands as the console writes them', async () => {
    const res = await put(manual.id, {
      courseManual: '1 234,5',
      markupPercent: '-1,5',
      fromMin: '1\u00A0000',
      fromMax: '2\u202F000\u202F000,00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      courseManual: '1234.5',
      markupPercent: '-1.5',
      fromMin: '1000',
      fromMax: '2000000',
    });
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=direction&entity_id=${manual.id}` })
    ).json() as { results: { after: { courseManual: string; fromMin: string } }[] };
    expect(audit.results[0]!.after).toMatchObject({ courseManual: '1234.5', fromMin: '1000' });
    // "1,234" is 1.234 in Russian and 1234 in English: asked again, not guessed; "1,234.5" can only be English.
    const ambiguous = await put(manual.id, { courseManual: '1,234', fromMin: '1 000 руб' });
    expect(ambiguous.json()).toEqual({
      courseManual: ['Непонятно, тысячи это или дробь: напишите 1500 или 1,5 (без запятой между разрядами).'],
      fromMin: ['Введите сумму числом, например 1\u00a0500,50.'],
    });
    expect((await put(manual.id, { courseManual: '1,234.5' })).statusCode).toBe(200);
    await put(manual.id, { markupPercent: '0', fromMin: null, fromMax: null });
  });

  it('takes a reserve change to the currency’s decimal places exactly, as typed and as logged', async () => {
    const currencies = await currencyList();
    const btc = currencies.find((c) => c.code === 'BTC')!;
    expect(btc.decimals).toBe(8);
    const change = (delta: unknown, locale = '') =>
      operator.inject({
        method: 'POST',
        url: `${locale}/api/v1/admin/currencies/${btc.id}/reserve/`,
        payload: { delta, reason: 'count' },
      });
    const fine = await change('0.123456789012345678901');
    expect(fine.statusCode).toBe(400);
    expect(fine.json()).toEqual({ delta: ['Не более 8 знаков после запятой.'] });
    expect((await change('0,000000001', '/en')).json()).toEqual({
      delta: ['Ensure there are no more than 8 decimal places.'],
    });
    expect((await change('0')).json()).toEqual({
      delta: ['Изменение на ноль ничего не меняет: укажите, сколько прибавить или (с минусом) убавить.'],
    });
    const huge = await change('99999999999999999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ delta: ['Слишком большое число: не более 18 цифр до запятой.'] });
    // Fits the field, but the reserve after it would not fit the column.
    const over = await change('999999999999999999');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      delta: [
        `Резерв стал бы слишком большим: не более 18 цифр до запятой (сейчас ${formatMoney(btc.reserve, btc, 'ru')}).`,
      ],
    });

    const plus = await change('+1');
    expect(plus.statusCode).toBe(200);
    const comma = await change('0,12345678');
    expect(comma.statusCode).toBe(200);
    const reserve = (comma.json() as { reserve: string }).reserve;
    expect(reserve).toBe(new Big(btc.reserve).plus('1.12345678').toString());
    const history = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/currencies/${btc.id}/reserve-history/` })
    ).json() as { results: { delta: string; reserveAfter: string }[] };
    expect(history.results.slice(0, 2)).toEqual([
      expect.objectContaining({ delta: '0.12345678', reserveAfter: reserve }),
      expect.objectContaining({ delta: '1' }),
    ]);
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=currency&entity_id=${btc.id}` })
    ).json() as { results: { action: string; after: { delta: string; reserve: string } }[] };
    expect(audit.results[0]).toMatchObject({ action: 'currency.reserve', after: { delta: '0.12345678', reserve } });
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
    expect(bad.json()).toEqual({ maxRateAgeMinutes: ['A valid integer of at least 1 is required.'] });
    // Past a week: told the week's minutes, not "at least 1".
    const long = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/directions/${source.id}/`,
      payload: { maxRateAgeMinutes: 10_081 },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ maxRateAgeMinutes: ['At most 10,080.'] });
    // The form's text as the console writes numbers; what is not a whole number is refused, not taken as the default.
    const typed = (maxRateAgeMinutes: string, prefix = '') =>
      operator.inject({
        method: 'PUT',
        url: `${prefix}/api/v1/admin/directions/${source.id}/`,
        payload: { maxRateAgeMinutes },
      });
    expect((await typed('10\u00a0080')).json()).toMatchObject({ maxRateAgeMinutes: 10_080 });
    expect((await typed('1,000', '/en')).json()).toMatchObject({ maxRateAgeMinutes: 1000 });
    expect((await typed('abc')).json()).toEqual({ maxRateAgeMinutes: ['Введите целое число не меньше 1.'] });
    expect((await typed('1,5', '/en')).json()).toEqual({
      maxRateAgeMinutes: ['A valid integer of at least 1 is required.'],
    });
    expect((await typed('10 081')).json()).toEqual({ maxRateAgeMinutes: ['Не больше 10\u00a0080.'] });
    await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${source.id}/`,
      payload: { maxRateAgeMinutes: null },
    });
    expect((await pair(source)).statusCode).toBe(200);
  });
});
