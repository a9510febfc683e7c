import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../claims/test-support.ts';
import { activeUser, bearer, login } from '../../users/test-support.ts';
import { staffUser, type StaffUser } from '../test-support.ts';

type Code = {
  id: number;
  code: string;
  discountPercent: string;
  usesCount: number;
  assignedTo: string | null;
  maxUses: number | null;
};

describe('admin: promocodes', () => {
  let t: TestApp;
  let operator: StaffUser;
  let customer: { access: string };

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'vip@example.com', 'customer password');
    customer = await login(t, 'vip@example.com', 'customer password');
  });
  afterAll(() => t.close());

  const base = {
    discountPercent: '1.5',
    validFrom: null,
    validTo: null,
    maxUses: 10,
    perCustomer: 1,
    assignedTo: null,
    active: true,
  };

  it('checks roles on every call: a guest 401, a customer 403', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/promocodes/' },
      { method: 'POST' as const, url: '/api/v1/admin/promocodes/', payload: { ...base, code: 'X1X' } },
      { method: 'GET' as const, url: '/api/v1/admin/promocodes/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/promocodes/1/', payload: { ...base, code: 'X1X' } },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(customer.access) })).statusCode, call.url).toBe(403);
    }
  });

  it('creates a code customers can use at once; a taken code and bad values are field errors', async () => {
    const res = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'spring-26' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'SPRING-26', discountPercent: '1.5', usesCount: 0, maxUses: 10 });
    const h = claimHelpers(t);
    const pair = await h.pair('SBERRUB', 'USDTTRC20');
    const preview = await t.inject({
      method: 'POST',
      url: '/api/v1/claim/promocode/',
      payload: { promocode: 'spring-26', fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email: 'a@example.com' },
    });
    expect(preview.statusCode).toBe(200);

    const again = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: { ...base, code: 'SPRING-26' },
    });
    expect(again.json()).toEqual({ code: ['This promocode already exists.'] });
    const bad = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: {
        ...base,
        code: 'x',
        discountPercent: '90',
        validFrom: '2027-02-01',
        validTo: '2027-01-01',
        maxUses: 0,
        assignedTo: 'nobody@example.com',
      },
    });
    expect(Object.keys(bad.json() as object).sort()).toEqual(['code', 'discountPercent', 'maxUses', 'validTo']);
    const unknown = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: { ...base, code: 'ONLY-YOU', assignedTo: 'nobody@example.com' },
    });
    expect(unknown.json()).toEqual({ assignedTo: ['There is no customer with this e-mail.'] });
  });

  it('assigns a code to one customer, who sees it in the account; changes are audited', async () => {
    const created = (
      await operator.inject({
        method: 'POST',
        url: '/api/v1/admin/promocodes/',
        payload: { ...base, code: 'VIP-ONLY', assignedTo: 'VIP@example.com' },
      })
    ).json() as Code;
    expect(created.assignedTo).toBe('vip@example.com');
    const mine = (await t.inject({ url: '/api/v1/users/me/promocodes/', headers: bearer(customer.access) })).json() as {
      results: { code: string }[];
    };
    expect(mine.results.map((c) => c.code)).toContain('VIP-ONLY');

    const changed = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/promocodes/${created.id}/`,
      payload: { ...base, code: 'VIP-ONLY', discountPercent: '2', active: false },
    });
    expect(changed.json()).toMatchObject({ discountPercent: '2', assignedTo: null, active: false });
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=promocode&entity_id=${created.id}` })
    ).json() as { results: { action: string }[] };
    expect(audit.results.map((a) => a.action)).toEqual(['promocode.update', 'promocode.create']);
    expect(
      (
        await operator.inject({
          method: 'PUT',
          url: '/api/v1/admin/promocodes/999999/',
          payload: { ...base, code: 'NOPE' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists codes newest first with their uses', async () => {
    const list = (await operator.inject({ method: 'GET', url: '/api/v1/admin/promocodes/' })).json() as {
      count: number;
      results: Code[];
    };
    expect(list.count).toBeGreaterThanOrEqual(4);
    expect(list.results[0]!.code).toBe('VIP-ONLY');
  });
});
