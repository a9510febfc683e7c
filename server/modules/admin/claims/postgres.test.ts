import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { auditLog } from '../../../db/schema-admin.ts';
import { claimHistory } from '../../../db/schema-exchange.ts';
import { referralLedger } from '../../../db/schema-referral.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { userIdOf } from '../../../../tests/helpers/referral.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser } from '../../../../tests/helpers/staff.ts';

/**
 * Two operators completing one claim at once, on real PostgreSQL (PGlite runs one transaction at a time and would
 * hide the race, docs/testing.md): one completion, one history row, one audit entry, one referral accrual.
 */
describe.skipIf(!hasPostgres)('admin claim actions on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  it('two parallel completes of one claim give one completion and one accrual', async () => {
    const partner = 'admin-race-partner@example.com';
    await activeUser(t, partner);
    const { access } = await login(t, partner, 'correct horse battery');
    const { code } = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(access) })).json() as {
      code: string;
    };
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '50000', { refferal: code, email: 'referred@example.com' });
    await t.services.claims.confirm(uuid);
    const [first, second] = [await staffUser(t, 'operator'), await staffUser(t, 'operator')];

    const answers = await Promise.all(
      [first!, second!].map((op, i) =>
        op.inject({
          method: 'POST',
          url: `/api/v1/admin/claims/${uuid}/complete/`,
          payload: { expected: 'paid', reference: `TX-${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'claim_moved' });

    const completed = await t.database.db
      .select()
      .from(claimHistory)
      .where(and(eq(claimHistory.claimId, uuid), eq(claimHistory.toStatus, 'completed')));
    expect(completed).toHaveLength(1);
    const accruals = await t.database.db
      .select()
      .from(referralLedger)
      .where(and(eq(referralLedger.claimId, uuid), eq(referralLedger.kind, 'accrual')));
    expect(accruals).toHaveLength(1);
    expect(accruals[0]!.userId).toBe(await userIdOf(t, partner));
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, uuid)));
    expect(audit.map((a) => a.action)).toEqual(['claim.complete']);
    // The winner's reference is the one kept.
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((answers[winner]!.json() as { payoutReference: string }).payoutReference).toBe(`TX-${winner}`);
  });

  it('a hold racing a complete: exactly one of them wins', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'race-hold@example.com' });
    await t.services.claims.confirm(uuid);
    const op = await staffUser(t, 'operator');
    const answers = await Promise.all([
      op.inject({
        method: 'POST',
        url: `/api/v1/admin/claims/${uuid}/complete/`,
        payload: { expected: 'paid', reference: 'R' },
      }),
      op.inject({
        method: 'POST',
        url: `/api/v1/admin/claims/${uuid}/hold/`,
        payload: { expected: 'paid', reason: 'check' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
    expect(rows.map((r) => r.toStatus)).toHaveLength(3);
  });
});
