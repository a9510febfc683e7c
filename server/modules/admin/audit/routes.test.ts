import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';

type Page = {
  count: number;
  next: string | null;
  results: { action: string; actor: { email: string }; before: unknown; after: unknown; entityId: string }[];
};

describe('admin audit log and role checks', () => {
  let t: TestApp;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, seed: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  it('answers a guest 401 and a customer 403', async () => {
    expect((await t.inject({ url: '/api/v1/admin/audit/' })).statusCode).toBe(401);
    await activeUser(t, 'plain@example.com', 'customer password');
    const { access } = await login(t, 'plain@example.com', 'customer password');
    const res = await t.inject({ url: '/api/v1/admin/audit/', headers: bearer(access) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'Доступ запрещён.' });
    const en = await t.inject({ url: '/en/api/v1/admin/audit/', headers: bearer(access) });
    expect(en.json()).toMatchObject({ detail: 'Access denied.' });
  });

  it('lists what was recorded, newest first, with before and after, filtered by record and by operator', async () => {
    const admin = await staffUser(t, 'admin', 'chief@obmen.test');
    await t.database.db.transaction(async (tx) => {
      await t.services.admin.audit.record(
        operator,
        {
          action: 'direction.update',
          entity: 'direction',
          entityId: 3,
          before: { markup: '1' },
          after: { markup: '2' },
        },
        tx,
      );
      await t.services.admin.audit.record(
        admin,
        { action: 'setting.update', entity: 'setting', entityId: 'maintenance' },
        tx,
      );
    });
    const all = (await operator.inject({ url: '/api/v1/admin/audit/' })).json() as Page;
    expect(all.count).toBe(2);
    expect(all.results.map((r) => r.action)).toEqual(['setting.update', 'direction.update']);
    expect(all.results[1]).toMatchObject({ entityId: '3', before: { markup: '1' }, after: { markup: '2' } });

    const byEntity = (
      await operator.inject({ url: '/api/v1/admin/audit/?entity=direction&entity_id=3' })
    ).json() as Page;
    expect(byEntity.results.map((r) => r.action)).toEqual(['direction.update']);
    const byActor = (await operator.inject({ url: '/api/v1/admin/audit/?actor=CHIEF' })).json() as Page;
    expect(byActor.results.map((r) => r.actor.email)).toEqual(['chief@obmen.test']);
    // A % in the filter is a literal character, not a wildcard.
    expect(((await operator.inject({ url: '/api/v1/admin/audit/?actor=%25' })).json() as Page).count).toBe(0);
  });

  it('refuses a bad page number with a field error', async () => {
    const res = await operator.inject({ url: '/api/v1/admin/audit/?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('page');
  });
});
