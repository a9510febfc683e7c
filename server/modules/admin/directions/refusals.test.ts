import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

/**
 * A refused direction save names every problem in one answer (docs/admin/directions.md): an edit's rules across
 * fields judged on the stored values merged with the sent ones even when another field was refused, a new direction's
 * currency rules for the side that reads when the other does not, and a currency id that is not a whole number not
 * hiding the rest. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (ids past the integer column).
 */
describe('admin directions: a refused save names every problem at once', () => {
  let t: TestApp;
  let operator: StaffUser;
  let sber: number;
  let rf: number;
  let stored: AdminDirection;

  const post = (payload: object) => operator.inject({ method: 'POST', url: '/en/api/v1/admin/directions/', payload });
  const put = (payload: object, id = stored.id) =>
    operator.inject({ method: 'PUT', url: `/en/api/v1/admin/directions/${id}/`, payload });
  const read = async () =>
    (await operator.inject({ method: 'GET', url: `/api/v1/admin/directions/${stored.id}/` })).json() as AdminDirection;
  const count = async () =>
    ((await operator.inject({ method: 'GET', url: '/api/v1/admin/directions/' })).json() as { results: unknown[] })
      .results.length;

  const minAboveMax = ['The minimum is above the maximum.'];
  const twoPlaces = ['Ensure there are no more than 2 decimal places.'];
  const roundAbove = ['No more decimal places than the currency has (2).'];
  const invalidChoice = ['Not a valid choice.'];
  const courseMissing = ['Set the manual rate, or the rate source, for the chosen mode.'];
  const notANumber = [expect.stringContaining('Enter')];

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    sber = await claimHelpers(t).id('SBERRUB');
    const currency = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/currencies/',
      payload: {
        code: 'RFUSD',
        name: { ru: 'Отказ USD', en: 'Refusal USD' },
        kind: 'ewallet',
        symbol: 'USD',
        decimals: 2,
        logo: '/currencies/prusd.svg',
      },
    });
    expect(currency.statusCode).toBe(201);
    rf = (currency.json() as { id: number }).id;
    const created = await post({
      fromCurrencyId: sber,
      toCurrencyId: rf,
      courseMode: 'manual',
      courseManual: '0.01',
      fromMin: '100',
      fromMax: '1000',
    });
    expect(created.statusCode).toBe(201);
    stored = created.json();
  });
  afterAll(() => t.close());

  describe('an edit: the rules across fields judged on the stored values with the sent ones', () => {
    it('a maximum sent alone below the stored minimum is refused on the maximum (the field sent)', async () => {
      expect((await put({ fromMax: '50' })).json()).toEqual({ fromMax: minAboveMax });
      expect((await put({ fromMin: '2000' })).json()).toEqual({ fromMin: minAboveMax });
    });

    it('with another field refused, the stored limits and course are still compared in the same answer', async () => {
      // The schema refuses the markup; the maximum below the stored minimum used to come only on the second save.
      const markup = await put({ markupPercent: 'abc', fromMax: '50' });
      expect(markup.statusCode).toBe(400);
      expect(markup.json()).toEqual({ markupPercent: notANumber, fromMax: minAboveMax });
      expect((await put({ toRound: 'x', fromMin: '2000' })).json()).toEqual({
        toRound: ['Enter a whole number from 0 to 18.'],
        fromMin: minAboveMax,
      });
      // A source course with no source stored: missing, said with the rest.
      expect((await put({ markupPercent: 'abc', courseMode: 'source' })).json()).toEqual({
        markupPercent: notANumber,
        rateSource: courseMissing,
      });
      // A currency rule refused with them (a fee finer than the currency's places).
      expect((await put({ toFee: '0.001', toRound: 'x', fromMax: '50' })).json()).toEqual({
        toFee: twoPlaces,
        toRound: ['Enter a whole number from 0 to 18.'],
        fromMax: minAboveMax,
      });
    });

    it('a limit refused on its own is not compared; a pair the body itself refuses is said once', async () => {
      expect((await put({ fromMin: 'abc', fromMax: '50' })).json()).toEqual({ fromMin: notANumber });
      expect((await put({ fromMin: '2000', fromMax: '1500', markupPercent: 'abc' })).json()).toEqual({
        markupPercent: notANumber,
        fromMin: minAboveMax,
      });
      // Both sent and in order, whatever is stored: fine.
      expect((await put({ fromMin: '10', fromMax: '50', markupPercent: 'abc' })).json()).toEqual({
        markupPercent: notANumber,
      });
    });

    it('nothing is written by any of them', async () => {
      expect(await read()).toMatchObject({ fromMin: '100', fromMax: '1000', courseMode: 'manual', markupPercent: '0' });
    });
  });

  describe('a create with one currency that reads and one that does not name a currency', () => {
    const readable = { courseMode: 'manual', courseManual: '1', fromRound: 4, fromFee: '0.001' };

    it('gets the readable side’s currency rules with the unknown id’s error', async () => {
      const before = await count();
      // 2^40 is past the id column (integer): refused, never asked of the database.
      for (const toCurrencyId of [999999, 2 ** 40]) {
        const res = await post({ ...readable, fromCurrencyId: sber, toCurrencyId });
        expect(res.statusCode, String(toCurrencyId)).toBe(400);
        expect(res.json()).toEqual({ fromRound: roundAbove, fromFee: twoPlaces, toCurrencyId: invalidChoice });
        // The same when the schema refused another field (the route's refusal path).
        expect((await post({ ...readable, fromCurrencyId: sber, toCurrencyId, markupPercent: 'abc' })).json()).toEqual({
          markupPercent: notANumber,
          fromRound: roundAbove,
          fromFee: twoPlaces,
          toCurrencyId: invalidChoice,
        });
      }
      expect(
        (
          await post({ courseMode: 'manual', courseManual: '1', fromCurrencyId: 999999, toCurrencyId: rf, toRound: 4 })
        ).json(),
      ).toEqual({ fromCurrencyId: invalidChoice, toRound: roundAbove });
      expect(await count()).toBe(before);
    });

    it('and when the other id does not read at all', async () => {
      for (const toCurrencyId of ['abc', null, -1, 0]) {
        const res = await post({ ...readable, fromCurrencyId: sber, toCurrencyId });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          fromRound: roundAbove,
          fromFee: twoPlaces,
          toCurrencyId: [expect.any(String)],
        });
      }
    });
  });

  it('a currency id that is not a whole number (1.5) does not hide the other fields’ errors', async () => {
    const res = await post({
      fromCurrencyId: sber,
      toCurrencyId: 1.5,
      courseMode: 'manual',
      fromMin: '2',
      fromMax: '1',
      fromRound: 4,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      toCurrencyId: invalidChoice,
      fromMin: minAboveMax,
      courseManual: courseMissing,
      fromRound: roundAbove,
    });
  });

  it('what the database cannot hold is a 400, never a 5xx', async () => {
    const before = await count();
    const bodies = [
      { fromCurrencyId: 2 ** 31, toCurrencyId: rf, courseMode: 'manual', courseManual: '1' },
      { fromCurrencyId: sber, toCurrencyId: Number.MAX_SAFE_INTEGER, courseMode: 'manual', courseManual: '1' },
      { fromCurrencyId: sber, toCurrencyId: 1e300, courseMode: 'manual', courseManual: '1' },
      { fromCurrencyId: sber, toCurrencyId: rf, courseMode: 'manual', courseManual: '1', position: 2 ** 31 },
      { fromCurrencyId: sber, toCurrencyId: rf, courseMode: 'manual', courseManual: '1', maxRateAgeMinutes: 2 ** 31 },
      { fromCurrencyId: sber, toCurrencyId: rf, courseMode: 'manual', fromNotify: { ru: 'a\u0000b', en: '' } },
      { fromCurrencyId: sber, toCurrencyId: rf, courseMode: 'source', rateSource: 'binance:US\u0000DT' },
    ];
    for (const payload of bodies) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // An id past the column names its field, as any id that names no currency.
    expect((await post(bodies[0]!)).json()).toEqual({ fromCurrencyId: invalidChoice });
    expect((await post(bodies[1]!)).json()).toEqual({ toCurrencyId: invalidChoice });
    for (const payload of [
      { position: 2 ** 31 },
      { paymentWindowMinutes: 2 ** 40 },
      { toNotify: { ru: '', en: '\u0000' } },
      { fromMax: '1'.repeat(40) },
    ]) {
      expect((await put(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const id of ['2147483648', '99999999999']) {
      expect((await put({ position: 1 }, id as unknown as number)).statusCode, id).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  });

  it('a body that is no object (null, a string, an array) is refused as one, never a 5xx', async () => {
    const before = await count();
    const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
      operator.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    for (const payload of ['null', '"x"', '[]', '1']) {
      // `null` broke the rules across fields (they read `fromMin` off it: a 500); a string named the same currency on
      // both sides (two ids left out are equal).
      for (const [method, url] of [
        ['POST', '/en/api/v1/admin/directions/'],
        ['PUT', `/en/api/v1/admin/directions/${stored.id}/`],
      ] as const) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${payload}`).toBe(400);
        expect(res.json(), `${method} ${payload}`).toEqual({
          non_field_errors: ['Invalid data. Expected an object with the form fields.'],
        });
      }
    }
    expect(await count()).toBe(before);
  });
});
