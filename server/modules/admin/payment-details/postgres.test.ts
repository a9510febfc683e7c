import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentDetail } from '../../../../shared/schemas/admin-payment-details.ts';
import { withLuhnDigit } from '../../../../shared/exchange/requisites.ts';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { staffUser } from '../../../../tests/helpers/staff.ts';

/** Pool changes racing each other and claims, on real PostgreSQL (PGlite would serialise them). */
describe.skipIf(!hasPostgres)('payment details on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('two operators switching off a currency’s last two details at once: one is warned, one detail stays on', async () => {
    const [one, two] = await Promise.all([staffUser(t, 'operator'), staffUser(t, 'admin')]);
    const pool = (
      (await one.inject({ url: '/api/v1/admin/payment-details/?currency=SBERRUB' })).json() as {
        results: AdminPaymentDetail[];
      }
    ).results;
    expect(pool).toHaveLength(2);
    const answers = await Promise.all([
      one.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${pool[0]!.id}/active/`,
        payload: { active: false },
      }),
      two.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${pool[1]!.id}/active/`,
        payload: { active: false },
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const left = (
      (await one.inject({ url: '/api/v1/admin/payment-details/?currency=SBERRUB&active=true' })).json() as {
        count: number;
      }
    ).count;
    expect(left).toBe(1);
  });

  it('two operators adding the same card at once: one is added, the other told it is in the pool', async () => {
    const [one, two] = await Promise.all([staffUser(t, 'operator'), staffUser(t, 'admin')]);
    const [detail] = (
      (await one.inject({ url: '/api/v1/admin/payment-details/?currency=SBERRUB' })).json() as {
        results: AdminPaymentDetail[];
      }
    ).results;
    const payload = {
      currencyId: detail!.currency.id,
      label: { ru: 'Карта', en: 'Card' },
      value: withLuhnDigit('220220300000029'),
      holder: null,
      memo: null,
    };
    const answers = await Promise.all(
      [one, two, one, two].map((who) => who.inject({ method: 'POST', url: '/api/v1/admin/payment-details/', payload })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const all = (
      (await one.inject({ url: '/api/v1/admin/payment-details/?currency=SBERRUB&size=100' })).json() as {
        results: AdminPaymentDetail[];
      }
    ).results;
    expect(all.filter((d) => d.value === payload.value)).toHaveLength(1);
  });

  it('parallel claims while the pool changes always get a detail of the currency, never none', async () => {
    const operator = await staffUser(t, 'operator');
    const h = claimHelpers(t);
    const pool = (
      (await operator.inject({ url: '/api/v1/admin/payment-details/?currency=TCSBRUB' })).json() as {
        results: AdminPaymentDetail[];
      }
    ).results;
    const body = await h.body('TCSBRUB', 'USDTTRC20', '10000');
    const [claims] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => h.create(body))),
      operator.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${pool[0]!.id}/active/`,
        payload: { active: false },
      }),
    ]);
    expect(claims.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    for (const res of claims) {
      const uuid = (res.json() as { uuid: string }).uuid;
      const shown = (await t.inject(`/api/v1/claim/${uuid}/requisite/`)).json() as { details: { value: string } };
      expect(pool.map((d) => d.value)).toContain(shown.details.value);
    }
  });
});
