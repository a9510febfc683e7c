import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema-users.ts';
import type { StaffMember } from '../../../../shared/schemas/admin-staff.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type Team = { results: StaffMember[] };

describe('admin: the team (who may use the console)', () => {
  let t: TestApp;
  let admin: StaffUser;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    admin = await staffUser(t, 'admin', 'team-admin@obmen.test');
    operator = await staffUser(t, 'operator', 'team-operator@obmen.test');
  });
  afterAll(() => t.close());

  const grant = (payload: object, who = admin, prefix = '') =>
    who.inject({ method: 'POST', url: `${prefix}/api/v1/admin/staff/`, payload });
  const setRole = (id: number, role: string, who = admin, prefix = '') =>
    who.inject({ method: 'PUT', url: `${prefix}/api/v1/admin/staff/${id}/`, payload: { role } });

  it('checks roles: a guest 401, a customer 403, an operator reads the team but changes nothing', async () => {
    await activeUser(t, 'team-customer@example.com', 'customer password');
    const { access } = await login(t, 'team-customer@example.com', 'customer password');
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/staff/' },
      { method: 'POST' as const, url: '/api/v1/admin/staff/', payload: { email: 'x@y.z', role: 'operator' } },
      { method: 'PUT' as const, url: `/api/v1/admin/staff/${operator.id}/`, payload: { role: 'customer' } },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(access) })).statusCode, call.url).toBe(403);
    }
    const team = (await operator.inject({ method: 'GET', url: '/api/v1/admin/staff/' })).json() as Team;
    expect(team.results.map((m) => [m.email, m.role])).toEqual([
      ['team-admin@obmen.test', 'admin'],
      ['team-operator@obmen.test', 'operator'],
    ]);
    expect(team.results[0]).toMatchObject({ activated: true, lastSeenAt: expect.any(String) });
    expect((await grant({ email: 'team-customer@example.com', role: 'operator' }, operator)).statusCode).toBe(403);
    expect((await setRole(admin.id, 'customer', operator)).statusCode).toBe(403);
  });

  it('gives an existing account the console: its next request is an operator’s', async () => {
    await activeUser(t, 'new-operator@example.com', 'their password 1');
    const { access } = await login(t, 'new-operator@example.com', 'their password 1');
    const before = await t.inject({ url: '/api/v1/admin/claims/', headers: bearer(access) });
    expect(before.statusCode).toBe(403);

    const res = await grant({ email: '  New-Operator@Example.com ', role: 'operator' });
    expect(res.statusCode).toBe(200);
    const member = (res.json() as Team).results.find((m) => m.email === 'new-operator@example.com')!;
    expect(member).toMatchObject({ role: 'operator', activated: true });
    // The same token, no new login: the role is read per request.
    expect((await t.inject({ url: '/api/v1/admin/claims/', headers: bearer(access) })).statusCode).toBe(200);

    // Taken back: a customer again, at once.
    expect((await setRole(member.id, 'customer')).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/v1/admin/claims/', headers: bearer(access) })).statusCode).toBe(403);
    expect((await t.inject({ url: '/api/v1/users/me/', headers: bearer(access) })).statusCode).toBe(200);

    const audit = (
      await admin.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=user&entity_id=${member.id}` })
    ).json() as { results: { action: string; before: unknown; after: unknown; actor: { email: string } }[] };
    expect(audit.results.map((a) => [a.before, a.after])).toEqual([
      [{ role: 'operator' }, { role: 'customer' }],
      [{ role: 'customer' }, { role: 'operator' }],
    ]);
    expect(audit.results[0]).toMatchObject({ action: 'staff.role', actor: { email: 'team-admin@obmen.test' } });
  });

  it('refuses bad input with field errors in the address language', async () => {
    expect((await grant({ email: 'nobody@example.com', role: 'operator' }, admin, '/en')).json()).toEqual({
      email: ['There is no account with this e-mail: ask them to sign up on the site first.'],
    });
    expect((await grant({ email: 'nobody@example.com', role: 'operator' })).json()).toEqual({
      email: ['Аккаунта с таким e-mail нет: пусть человек сначала зарегистрируется на сайте.'],
    });
    const bad = await grant({ email: 'not an e-mail', role: 'owner' }, admin, '/en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Enter a valid email address.'], role: ['Not a valid choice.'] });
    expect((await setRole(operator.id, 'boss', admin, '/en')).json()).toEqual({ role: ['Not a valid choice.'] });
    // A customer account is not on the team: nothing to change there.
    await activeUser(t, 'just-a-customer@example.com', 'customer password');
    const team = (await admin.inject({ method: 'GET', url: '/api/v1/admin/staff/' })).json() as Team;
    expect(team.results.map((m) => m.email)).not.toContain('just-a-customer@example.com');
    expect((await setRole(999_999, 'operator')).statusCode).toBe(404);
    // A row the page still shows after the access was taken away: the reason, in the address's language.
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'just-a-customer@example.com'));
    const gone = await setRole(customer!.id, 'admin', admin, '/en');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      code: 'staff_not_member',
      detail: 'This account no longer has console access: reload the page to see the team as it is now.',
    });
  });

  it('never leaves the console without an admin, and nobody changes their own role', async () => {
    const self = await setRole(admin.id, 'operator', admin, '/en');
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ detail: 'You cannot change your own role: ask another admin.' });
    const viaGrant = await grant({ email: 'team-admin@obmen.test', role: 'operator' });
    expect(viaGrant.statusCode).toBe(409);

    // A second admin may demote the first; then the last one stays.
    const second = await staffUser(t, 'admin', 'team-second-admin@obmen.test');
    expect((await setRole(admin.id, 'operator', second)).statusCode).toBe(200);
    const promoted = await grant({ email: 'team-operator@obmen.test', role: 'admin' }, second);
    expect(promoted.statusCode).toBe(200);
    expect((await setRole(operator.id, 'customer', second)).statusCode).toBe(200);
    const admins = ((await second.inject({ method: 'GET', url: '/api/v1/admin/staff/' })).json() as Team).results
      .filter((m) => m.role === 'admin')
      .map((m) => m.email);
    expect(admins).toEqual(['team-second-admin@obmen.test']);
    // The former admin, now an operator, cannot change roles any more.
    expect((await setRole(second.id, 'operator', admin)).statusCode).toBe(403);
  });
});
