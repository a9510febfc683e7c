import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { fund, userIdOf } from '../../../../tests/helpers/referral.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser } from '../../../../tests/helpers/staff.ts';

/** Two operators decide one payout request at once, on real PostgreSQL (PGlite would serialise them). */
describe.skipIf(!hasPostgres)('admin withdrawals on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, seed: false, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it.each([
    ['pay', 'pay'],
    ['pay', 'reject'],
  ])('a %s and a %s of one request at once: one wins, the other gets 409, the books hold', async (a, b) => {
    const email = `race-${a}-${b}@example.com`;
    await activeUser(t, email, 'partner password');
    const { access } = await login(t, email, 'partner password');
    const userId = await userIdOf(t, email);
    await fund(t, userId, '50');
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/users/me/refferal/withdrawal/',
      payload: { amount: '40', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      headers: bearer(access),
    });
    const { id } = created.json() as { id: number };
    const [one, two] = await Promise.all([staffUser(t, 'operator'), staffUser(t, 'admin')]);
    const decide = (who: typeof one, kind: string) =>
      who.inject({
        method: 'POST',
        url: `/api/v1/admin/withdrawals/${id}/${kind}/`,
        payload: kind === 'pay' ? { reference: `by ${who.email}` } : { reason: 'no' },
      });
    const answers = await Promise.all([decide(one, a), decide(two, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const totals = await t.services.referral.totals(userId);
    expect(new Big(totals.balance).plus(totals.paid).plus(totals.reserved).eq(totals.credited)).toBe(true);
    const winner = answers.find((r) => r.statusCode === 200)!.json() as { status: string };
    // A rejection returned the 40; a payment did not.
    expect(new Big(totals.balance).toFixed(2)).toBe(winner.status === 'paid' ? '10.00' : '50.00');
    const audit = (
      await one.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=withdrawal&entity_id=${id}` })
    ).json() as { count: number };
    expect(audit.count).toBe(1);
  });
});
