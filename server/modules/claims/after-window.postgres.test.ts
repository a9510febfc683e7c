import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { auditLog } from '../../db/schema-admin.ts';
import { claimHistory, claims } from '../../db/schema-exchange.ts';

/**
 * The after-the-claim steps raced on real PostgreSQL (PGlite runs one transaction at a time and would hide the race,
 * docs/testing.md): each step is one conditional status change, so two people acting at once get one winner, one
 * history row, one audit entry, and a 409 for the other.
 */
describe.skipIf(!hasPostgres)('after the claim on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let first: StaffUser;
  let second: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    [first, second] = [await staffUser(t, 'operator'), await staffUser(t, 'operator')];
  });
  afterAll(() => t.close());

  const act = (op: StaffUser, uuid: string, action: string, payload: Record<string, unknown>) =>
    op.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/${action}/`, payload });
  const post = (uuid: string, call: string, payload?: object) =>
    t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/${call}/`, ...(payload ? { payload } : {}) });
  const historyTo = (uuid: string, status: (typeof claimHistory.$inferSelect)['toStatus']) =>
    t.database.db
      .select()
      .from(claimHistory)
      .where(and(eq(claimHistory.claimId, uuid), eq(claimHistory.toStatus, status)));
  const auditOf = (uuid: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, uuid)));
  const statusOf = async (uuid: string) =>
    ((await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { status: string }).status;

  it('two operators re-quoting one late payment: one offer, one history row, one audit entry', async () => {
    const uuid = await h.lateClaim('race-requote@example.com');
    const answers = await Promise.all(
      [first, second].map((op) => act(op, uuid, 'requote', { expected: 'late_payment' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'claim_moved' });
    expect(await historyTo(uuid, 'requoted')).toHaveLength(1);
    expect((await auditOf(uuid)).map((a) => a.action)).toEqual(['claim.requote']);
    expect(await statusOf(uuid)).toBe('requoted');
  });

  it('the customer accepting while an operator cancels: exactly one wins, the status is the winner’s', async () => {
    for (let round = 0; round < 3; round++) {
      const uuid = await h.requotedClaim(first, `race-accept-${round}@example.com`);
      const [accept, cancel] = await Promise.all([
        post(uuid, 'accept'),
        act(first, uuid, 'cancel', { expected: 'requoted', reason: 'no answer' }),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const winner = accept.statusCode === 200 ? 'processing' : 'cancelled';
      if (winner === 'processing') expect(cancel.json()).toMatchObject({ code: 'claim_moved' });
      else expect(accept.json()).toMatchObject({ code: 'claim_not_requoted' });
      expect(await statusOf(uuid)).toBe(winner);
      const rows = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
      expect(rows.map((r) => r.toStatus)).toEqual(['new', 'expired', 'late_payment', 'requoted', winner]);
      const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
      // Accepting takes the offer onto the claim; a cancel leaves the claim's figures as they were.
      if (winner === 'processing') expect(row!.offerCourse).toBeNull();
      expect((await auditOf(uuid)).map((a) => a.action)).toEqual(
        winner === 'cancelled' ? ['claim.requote', 'claim.cancel'] : ['claim.requote'],
      );
    }
  });

  it('two operators refunding one refund request: one refund, one history row, one audit entry', async () => {
    const uuid = await h.requotedClaim(first, 'race-refund@example.com');
    const card = (await h.pair('SBERRUB', 'USDTTRC20')).structure.from.inputs[0]!.example;
    expect((await post(uuid, 'refund', { requisites: { card } })).statusCode).toBe(200);
    const answers = await Promise.all(
      [first, second].map((op, i) => act(op, uuid, 'refund', { expected: 'refund_requested', reference: `RET-${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'claim_moved' });
    expect(await historyTo(uuid, 'refunded')).toHaveLength(1);
    expect((await auditOf(uuid)).map((a) => a.action).sort()).toEqual(['claim.refund', 'claim.requote']);
    // The winner's reference is the one the customer sees.
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { payout: { reference: string } };
    expect(status.payout.reference).toBe(`RET-${winner}`);
  });

  it('parallel late reports, accepts and refund requests each change the status once', async () => {
    const expired = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'race-late@example.com' });
    await h.pastDeadline(expired);
    const lates = await Promise.all(Array.from({ length: 5 }, (_, i) => post(expired, 'late', { txid: `L-${i}` })));
    expect(lates.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await historyTo(expired, 'late_payment')).toHaveLength(1);
    // The txid kept is the winner's.
    const winner = lates.findIndex((a) => a.statusCode === 200);
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, expired));
    expect(row!.txid).toBe(`L-${winner}`);

    const offered = await h.requotedClaim(first, 'race-accepts@example.com');
    const accepts = await Promise.all(Array.from({ length: 5 }, () => post(offered, 'accept')));
    expect(accepts.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await historyTo(offered, 'processing')).toHaveLength(1);

    const asked = await h.requotedClaim(first, 'race-refunds@example.com');
    const card = (await h.pair('SBERRUB', 'USDTTRC20')).structure.from.inputs[0]!.example;
    const refunds = await Promise.all(Array.from({ length: 5 }, () => post(asked, 'refund', { requisites: { card } })));
    expect(refunds.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await historyTo(asked, 'refund_requested')).toHaveLength(1);
  });

  it('a re-quote racing the customer’s accept: the customer gets exactly one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const uuid = await h.requotedClaim(first, `race-requote-accept-${round}@example.com`);
      const [requote, accept] = await Promise.all([
        act(second, uuid, 'requote', { expected: 'requoted' }),
        post(uuid, 'accept'),
      ]);
      // Either the new offer came first and was accepted (both 200), or the accept came first and the re-quote found
      // the claim processing (409).
      expect(accept.statusCode).toBe(200);
      expect([200, 409]).toContain(requote.statusCode);
      expect(await statusOf(uuid)).toBe('processing');
      const rows = await historyTo(uuid, 'requoted');
      expect(rows).toHaveLength(requote.statusCode === 200 ? 2 : 1);
    }
  });
});
