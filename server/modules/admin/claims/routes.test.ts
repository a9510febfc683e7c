import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClaim, AdminClaimItem } from '../../../../shared/schemas/admin-claims.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { auditLog } from '../../../db/schema-admin.ts';
import { mailOutbox } from '../../../db/schema-mail.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type Page = { count: number; next: string | null; results: AdminClaimItem[] };

describe('admin claims API', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'customer-admin-claims@example.com', 'customer password');
    customer = bearer((await login(t, 'customer-admin-claims@example.com', 'customer password')).access);
  });
  afterAll(() => t.close());

  const act = (uuid: string, action: string, payload: Record<string, unknown>, prefix = '') =>
    operator.inject({ method: 'POST', url: `${prefix}/api/v1/admin/claims/${uuid}/${action}/`, payload });
  const detail = async (uuid: string) =>
    (await operator.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json() as AdminClaim;
  const statusMails = async (uuid: string) => {
    await t.services.claims.drain();
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'claim.status'));
    return rows.filter((r) => r.meta.claimId === uuid);
  };

  it('answers a guest 401 and a customer 403 on every call', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'roles@example.com' });
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/claims/' },
      { method: 'GET' as const, url: `/api/v1/admin/claims/${uuid}/` },
      { method: 'GET' as const, url: '/api/v1/admin/dashboard/' },
      ...['received', 'complete', 'hold', 'refund', 'cancel'].map((a) => ({
        method: 'POST' as const,
        url: `/api/v1/admin/claims/${uuid}/${a}/`,
        payload: { expected: 'new', reason: 'x', reference: 'y' },
      })),
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      const res = await t.inject({ ...call, headers: customer });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toMatchObject({ detail: 'Доступ запрещён.' });
    }
    // Nothing moved.
    expect((await detail(uuid)).status).toBe('new');
    const admin = await staffUser(t, 'admin');
    expect((await admin.inject({ url: '/api/v1/admin/claims/' })).statusCode).toBe(200);
  });

  it('lists newest first, filters by status and waiting, searches by uuid, number, e-mail and requisites', async () => {
    const a = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'find-me@example.com' });
    const b = await h.created('SBERRUB', 'USDTTRC20', '12000', { email: 'other@example.com' });
    await t.services.claims.confirm(b);
    const all = (await operator.inject({ url: '/api/v1/admin/claims/?size=2' })).json() as Page;
    expect(all.results.map((r) => r.uuid)).toEqual([b, a]);
    expect(all.next).toContain('size=2');
    expect(all.results[0]).toMatchObject({ status: 'paid', email: 'other@example.com', from: { code: 'SBERRUB' } });
    expect(all.results[0]!.from.amount).toBe('12000');

    const search = async (q: string) =>
      ((await operator.inject({ url: `/api/v1/admin/claims/?q=${encodeURIComponent(q)}` })).json() as Page).results.map(
        (r) => r.uuid,
      );
    expect(await search(a)).toEqual([a]);
    expect(await search(a.slice(0, 8).toUpperCase())).toEqual([a]);
    expect(await search('FIND-ME@')).toEqual([a]);
    const requisite = (await detail(a)).to.requisites[0]!.value;
    expect(await search(requisite.slice(2, 12))).toContain(a);
    // A % is the character, not a wildcard.
    expect(await search('%')).toEqual([]);

    const paid = (await operator.inject({ url: '/api/v1/admin/claims/?status=paid' })).json() as Page;
    expect(paid.results.map((r) => r.uuid)).toEqual([b]);
    const waiting = (await operator.inject({ url: '/api/v1/admin/claims/?status=waiting' })).json() as Page;
    expect(waiting.results.map((r) => r.uuid)).toContain(b);
    expect(waiting.results.map((r) => r.uuid)).not.toContain(a);
  });

  it('refuses a bad filter or page with field errors in the caller’s language', async () => {
    const bad = await operator.inject({ url: '/api/v1/admin/claims/?status=nope&page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: ['Недопустимое значение.'], page: [expect.any(String)] });
    const en = await operator.inject({ url: '/en/api/v1/admin/claims/?status=nope' });
    expect(en.json()).toMatchObject({ status: ['Not a valid choice.'] });
    expect((await operator.inject({ url: '/api/v1/admin/claims/?page=999' })).statusCode).toBe(404);
  });

  it('shows a claim with labelled requisites, payment detail, the account, promocode and history', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'detail@example.com' }, customer);
    const claim = await detail(uuid);
    expect(claim).toMatchObject({
      uuid,
      number: uuid.slice(0, 8).toUpperCase(),
      status: 'new',
      email: 'detail@example.com',
      user: { email: 'customer-admin-claims@example.com' },
      from: { currency: { code: 'SBERRUB' }, amount: '10000' },
      history: [{ status: 'new', actor: 'customer', reason: 'created', operator: null }],
      actions: ['received', 'hold', 'cancel'],
    });
    expect(claim.from.requisites.length).toBeGreaterThan(0);
    expect(claim.to.requisites[0]!.label).not.toBe('');
    expect(claim.paymentDetail?.value).toBeTruthy();
    expect(
      (await operator.inject({ url: '/api/v1/admin/claims/00000000-0000-4000-8000-000000000000/' })).statusCode,
    ).toBe(404);
    expect((await operator.inject({ url: '/api/v1/admin/claims/not-a-uuid/' })).statusCode).toBe(404);
  });

  it('received, hold with a reason the customer sees and is mailed, then complete with a payout reference', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'flow@example.com' });
    const received = await act(uuid, 'received', { expected: 'new' });
    expect(received.statusCode).toBe(200);
    expect((received.json() as AdminClaim).status).toBe('processing');

    const noReason = await act(uuid, 'hold', { expected: 'processing' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ reason: ['Обязательное поле.'] });
    const reason = 'Пришлите фото карты, с которой была оплата';
    const held = await act(uuid, 'hold', { expected: 'processing', reason, note: 'проверка СБ' });
    expect(held.statusCode).toBe(200);

    // The customer's status page: the reason, never the note nor the operator's id.
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as {
      status: string;
      history: { actor: string; reason: string | null }[];
    };
    expect(status.status).toBe('hold');
    expect(status.history.at(-1)).toEqual(expect.objectContaining({ actor: 'operator', reason }));
    expect(JSON.stringify(status)).not.toContain('проверка СБ');
    const mails = await statusMails(uuid);
    const holdMail = mails.find((m) => m.meta.status === 'hold')!;
    expect(holdMail.text).toContain(`Причина: ${reason}`);
    expect(holdMail.text).not.toContain('проверка СБ');

    const noRef = await act(uuid, 'complete', { expected: 'hold', reference: '  ' }, '/en');
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toMatchObject({ reference: ['This field is required.'] });
    const done = await act(uuid, 'complete', { expected: 'hold', reference: 'TX-778899' });
    expect(done.statusCode).toBe(200);
    const claim = done.json() as AdminClaim;
    expect(claim).toMatchObject({ status: 'completed', payoutReference: 'TX-778899', actions: [] });
    expect(claim.history.map((r) => r.status)).toEqual(['new', 'processing', 'hold', 'completed']);
    expect(claim.history.at(-1)).toMatchObject({
      actor: 'operator',
      operator: { id: operator.id, email: operator.email },
      reference: 'TX-778899',
    });
    expect(claim.history[2]).toMatchObject({ reason, note: 'проверка СБ' });
    const completedMail = (await statusMails(uuid)).find((m) => m.meta.status === 'completed')!;
    expect(completedMail.text).toContain('TX-778899');

    // Every action is in the audit log with before and after.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, uuid)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['claim.received', 'claim.hold', 'claim.complete']);
    expect(audit[2]).toMatchObject({
      actorId: operator.id,
      before: { status: 'hold' },
      after: { status: 'completed', reference: 'TX-778899' },
    });
  });

  it('refuses an action on a claim that moved meanwhile, and one its status does not allow', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'moved@example.com' });
    await t.services.claims.confirm(uuid);
    // The operator saw it 'new'; the customer has since confirmed.
    const moved = await act(uuid, 'cancel', { expected: 'new' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'claim_moved' });
    expect((await act(uuid, 'complete', { expected: 'paid', reference: 'A' })).statusCode).toBe(200);
    const twice = await act(uuid, 'complete', { expected: 'paid', reference: 'B' }, '/en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'claim_moved', detail: expect.stringContaining('changed') });
    const notAllowed = await act(uuid, 'refund', { expected: 'completed' });
    expect(notAllowed.statusCode).toBe(409);
    expect(notAllowed.json()).toMatchObject({ code: 'claim_action_not_allowed' });
    const claim = await detail(uuid);
    expect(claim.payoutReference).toBe('A');
    expect(claim.history.filter((r) => r.status === 'completed')).toHaveLength(1);
    expect((await act('00000000-0000-4000-8000-000000000000', 'cancel', { expected: 'new' })).statusCode).toBe(404);
    expect((await act(uuid, 'cancel', { expected: 'bogus' })).statusCode).toBe(400);
  });

  it('refunds with a reference and cancels with a reason the customer reads', async () => {
    const a = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'refund@example.com' });
    await t.services.claims.confirm(a);
    const refunded = await act(a, 'refund', { expected: 'paid', reference: 'RET-1', note: 'wrong card' });
    expect(refunded.statusCode).toBe(200);
    expect((refunded.json() as AdminClaim).history.at(-1)).toMatchObject({
      status: 'refunded',
      reference: 'RET-1',
      note: 'wrong card',
    });
    const b = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'cancel@example.com' });
    const cancelled = await act(b, 'cancel', { expected: 'new', reason: 'Duplicate of another claim' });
    expect(cancelled.statusCode).toBe(200);
    const status = (await t.inject(`/en/api/v1/claim/${b}/status/`)).json() as {
      status: string;
      history: { reason: string | null }[];
    };
    expect(status.status).toBe('cancelled');
    expect(status.history.at(-1)!.reason).toBe('Duplicate of another claim');
  });
});
