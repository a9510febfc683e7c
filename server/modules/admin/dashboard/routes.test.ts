import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../shared/schemas/admin-claims.ts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/helpers/build.ts';
import { paymentDetails } from '../../../db/schema-exchange.ts';
import type { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { withOperatorApp } from '../../../../tests/helpers/operator-app.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import type { StaffUser } from '../../../../tests/helpers/staff.ts';
import { exchangeDay } from './service.ts';

describe('admin dashboard API', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;

  withOperatorApp((app) => ({ t, h, operator } = app));

  it('answers a guest 401 and a customer 403', async () => {
    expect((await t.inject({ url: '/api/v1/admin/dashboard/' })).statusCode).toBe(401);
    await activeUser(t, 'dash-customer@example.com', 'customer password');
    const { access } = await login(t, 'dash-customer@example.com', 'customer password');
    expect((await t.inject({ url: '/api/v1/admin/dashboard/', headers: bearer(access) })).statusCode).toBe(403);
  });

  it('the exchange day is Moscow’s', () => {
    expect(exchangeDay(new Date('2026-03-01T20:59:59Z'))).toEqual({
      start: new Date('2026-02-28T21:00:00Z'),
      day: '2026-03-01',
    });
    expect(exchangeDay(new Date('2026-03-01T21:00:00Z')).day).toBe('2026-03-02');
  });

  it('the exchange day follows EXCHANGE_TIME_ZONE, summer time included', () => {
    expect(exchangeDay(new Date('2026-07-01T22:59:59Z'), 'Europe/London')).toEqual({
      start: new Date('2026-06-30T23:00:00Z'),
      day: '2026-07-01',
    });
    expect(exchangeDay(new Date('2026-07-01T23:00:00Z'), 'Europe/London').day).toBe('2026-07-02');
    expect(exchangeDay(new Date('2026-01-15T04:59:59Z'), 'America/New_York').day).toBe('2026-01-14');
  });

  it('the dashboard counts today’s claims, today’s completed volume per direction and what waits', async () => {
    const before = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '20000', { email: 'dash@example.com' });
    await t.services.claims.confirm(uuid);
    const mid = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
    expect(mid.today.count).toBe(before.today.count + 1);
    expect(mid.today.byStatus.paid).toBe(before.today.byStatus.paid + 1);
    expect(mid.waiting.paid).toBe(before.waiting.paid + 1);
    expect(mid.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mid.waiting.withdrawals).toBe(0);
    expect(typeof mid.waiting.staleRates).toBe('number');
    // Every demo currency has payment details: none waits for them.
    expect(mid.waiting.unpayable).toBe(0);

    const done = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/complete/`,
      payload: { expected: 'paid', reference: 'D-1' },
    });
    expect(done.statusCode).toBe(200);
    const after = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
    const row = after.volume.find((v) => v.from.code === 'SBERRUB' && v.to.code === 'USDTTRC20')!;
    const was = before.volume.find((v) => v.from.code === 'SBERRUB' && v.to.code === 'USDTTRC20');
    expect(row.count).toBe((was?.count ?? 0) + 1);
    expect(typeof row.from.amount).toBe('string');
    expect(new Big(row.from.amount).minus(was?.from.amount ?? '0').toFixed()).toBe('20000');
    expect(after.waiting.paid).toBe(before.waiting.paid);
  });

  it('counts the currencies customers cannot pay in: active directions, no payment detail switched on', async () => {
    const yam = await h.id('YAMRUB');
    const db = t.database.db;
    await db.update(paymentDetails).set({ active: false }).where(eq(paymentDetails.currencyId, yam));
    try {
      const dash = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
      expect(dash.waiting.unpayable).toBe(1);
    } finally {
      await db.update(paymentDetails).set({ active: true }).where(eq(paymentDetails.currencyId, yam));
    }
    expect(((await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard).waiting.unpayable).toBe(
      0,
    );
  });
});
