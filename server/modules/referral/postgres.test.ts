import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';
import { fund, userIdOf } from '../../../tests/helpers/referral.ts';

/**
 * Money races on real PostgreSQL (docs/money.md: PGlite runs one transaction at a time and would hide them). Every run
 * checks the books: balance + paid out + reserved = credited.
 */
describe.skipIf(!hasPostgres)('referral money on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  async function booksBalance(userId: number) {
    const totals = await t.services.referral.totals(userId);
    expect(new Big(totals.balance).plus(totals.paid).plus(totals.reserved).toFixed(2)).toBe(
      new Big(totals.credited).toFixed(2),
    );
    return totals;
  }

  it.each([2, 10, 50])(
    '%i parallel withdrawals against one balance succeed exactly floor(balance / amount) times',
    async (n) => {
      const email = `race-${n}@example.com`;
      await activeUser(t, email);
      const { access } = await login(t, email, 'correct horse battery');
      const userId = await userIdOf(t, email);
      const balance = '95';
      const amount = '20';
      await fund(t, userId, balance);
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          t.inject({
            method: 'POST',
            url: '/api/v1/users/me/refferal/withdrawal/',
            payload: { amount, requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
            headers: bearer(access),
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c >= 500)).toEqual([]);
      const expected = Math.min(n, Math.floor(95 / 20));
      expect(codes.filter((c) => c === 201)).toHaveLength(expected);
      expect(codes.filter((c) => c === 400)).toHaveLength(n - expected);
      const totals = await booksBalance(userId);
      expect(new Big(totals.reserved).eq(new Big(amount).times(expected))).toBe(true);
      expect(new Big(totals.balance).eq(new Big(balance).minus(new Big(amount).times(expected)))).toBe(true);
    },
  );

  it('parallel completions of one claim complete it once and credit the referrer once', async () => {
    const partner = 'race-partner@example.com';
    await activeUser(t, partner);
    const { access } = await login(t, partner, 'correct horse battery');
    const summary = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(access) })).json() as {
      code: string;
    };
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '50000', { refferal: summary.code, email: 'x@example.com' });
    await t.services.claims.confirm(uuid);
    const done = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.services.claims.complete(uuid, `operator:${i}`)),
    );
    expect(done.filter(Boolean)).toHaveLength(1);
    const partnerId = await userIdOf(t, partner);
    const totals = await booksBalance(partnerId);
    expect(new Big(totals.credited).gt(0)).toBe(true);
    const dw = (await t.inject({ url: '/api/v1/users/me/refferal/dw/', headers: bearer(access) })).json() as {
      count: number;
    };
    expect(dw.count).toBe(1);
  });

  it('a rejection racing a payment: exactly one decision wins and the books balance', async () => {
    const email = 'race-decide@example.com';
    await activeUser(t, email);
    const { access } = await login(t, email, 'correct horse battery');
    const userId = await userIdOf(t, email);
    await fund(t, userId, '50');
    const w = (
      await t.inject({
        method: 'POST',
        url: '/api/v1/users/me/refferal/withdrawal/',
        payload: { amount: '30', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
        headers: bearer(access),
      })
    ).json() as { id: number };
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? t.services.referral.payWithdrawal(w.id, 'operator:1', 'ref')
          : t.services.referral.rejectWithdrawal(w.id, 'operator:2', 'no'),
      ),
    );
    expect(decisions.filter(Boolean)).toHaveLength(1);
    const totals = await booksBalance(userId);
    expect(['20', '50']).toContain(new Big(totals.balance).toFixed());
  });
});
