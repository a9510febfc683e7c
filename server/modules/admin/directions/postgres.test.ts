import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/format.ts';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { auditLog } from '../../../db/schema-admin.ts';
import { reserveHistory } from '../../../db/schema-admin-directions.ts';
import { currencies, directions } from '../../../db/schema-exchange.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

/**
 * Two operators creating the same thing at once, on real PostgreSQL (PGlite runs one transaction at a time and would
 * hide the race, docs/testing.md): the unique indexes decide, the loser gets the field error, one audit entry.
 */
describe.skipIf(!hasPostgres)('admin currencies and directions on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let ops: StaffUser[];
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    ops = [await staffUser(t, 'operator'), await staffUser(t, 'operator')];
  });
  afterAll(() => t.close());

  const parallel = (url: string, payload: object) =>
    Promise.all(ops.map((op) => op.inject({ method: 'POST', url: `/en${url}`, payload })));

  it('two creates of one currency code: one currency, one field error', async () => {
    const answers = await parallel('/api/v1/admin/currencies/', {
      code: 'RACE1',
      name: { ru: 'Гонка', en: 'Race' },
      kind: 'ewallet',
      symbol: 'USD',
      decimals: 2,
      logo: '/currencies/prusd.svg',
    });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({
      code: ['A currency with this code already exists.'],
    });
    const rows = await t.database.db.select().from(currencies).where(eq(currencies.code, 'RACE1'));
    expect(rows).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'currency.create'), eq(auditLog.entityId, String(rows[0]!.id))));
    expect(audit).toHaveLength(1);
  });

  it('two creates of one pair: one direction, one field error, one audit entry', async () => {
    const [race] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'RACE1'));
    const [sber] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'SBERRUB'));
    const answers = await parallel('/api/v1/admin/directions/', {
      fromCurrencyId: sber!.id,
      toCurrencyId: race!.id,
      courseMode: 'manual',
      courseManual: '0.011',
    });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({
      toCurrencyId: ['This direction already exists: change it in the directions list.'],
    });
    const rows = await t.database.db
      .select()
      .from(directions)
      .where(and(eq(directions.fromCurrencyId, sber!.id), eq(directions.toCurrencyId, race!.id)));
    expect(rows).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'direction.create'), eq(auditLog.entityId, String(rows[0]!.id))));
    expect(audit).toHaveLength(1);
  });

  it('reserve changes: to the currency’s places, exactly as typed; two top-ups at once never overflow the column', async () => {
    const [race] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'RACE1'));
    const url = `/api/v1/admin/currencies/${race!.id}/reserve/`;
    const change = (op: StaffUser, delta: string) =>
      op.inject({ method: 'POST', url, payload: { delta, reason: 'count' } });
    const fine = await change(ops[0]!, '0.123456789012345678901');
    expect(fine.statusCode).toBe(400);
    expect(fine.json()).toEqual({ delta: ['Не более 2 знаков после запятой.'] });
    const huge = await change(ops[0]!, '99999999999999999999999');
    expect(huge.json()).toEqual({ delta: ['Слишком большое число: не более 18 цифр до запятой.'] });
    const typed = await change(ops[0]!, '+1 000,25');
    expect(typed.json()).toEqual({ reserve: '1000.25' });

    // Each fits alone; both would take the reserve past 18 digits: one wins, the other is a field error, not a 5xx.
    const both = await Promise.all(ops.map((op) => change(op, '600000000000000000')));
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((a) => a.statusCode === 400)!.json()).toEqual({
      delta: [
        `Резерв стал бы слишком большим: не более 18 цифр до запятой (сейчас ${formatMoney('600000000000001000.25', race!, 'ru')}).`,
      ],
    });
    const [after] = await t.database.db.select().from(currencies).where(eq(currencies.id, race!.id));
    expect(after!.reserve).toBe('600000000000001000.250000000000000000');
    const history = await t.database.db.select().from(reserveHistory).where(eq(reserveHistory.currencyId, race!.id));
    expect(history.map((h) => h.delta).sort()).toEqual([
      '1000.250000000000000000',
      '600000000000000000.000000000000000000',
    ]);
  });

  it('two operators confirm a debit against the same reserve at once: one is applied, the other told the figure now', async () => {
    const [race] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'RACE1'));
    const url = `/api/v1/admin/currencies/${race!.id}/reserve/`;
    const seen = race!.reserve;
    const both = await Promise.all(
      ops.map((op) =>
        op.inject({ method: 'POST', url, payload: { delta: '-100', reason: 'by hand', expected: seen } }),
      ),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const now = (both.find((a) => a.statusCode === 200)!.json() as { reserve: string }).reserve;
    const refused = both.find((a) => a.statusCode === 400)!.json() as { delta: string[]; current: { reserve: string } };
    expect(refused.current.reserve).toBe(now);
    expect(refused.delta[0]).toContain(`сейчас ${formatMoney(now, race!, 'ru')}.`);
    const [after] = await t.database.db.select().from(currencies).where(eq(currencies.id, race!.id));
    // Debited once.
    expect(new Big(after!.reserve).eq(new Big(seen).minus(100))).toBe(true);
  });

  it('lowering decimals while a direction raises its rounding: never a rounding above the decimals', async () => {
    const [race] = await t.database.db.select().from(currencies).where(eq(currencies.code, 'RACE1'));
    const [d] = await t.database.db.select().from(directions).where(eq(directions.toCurrencyId, race!.id));
    // Start from rounding 0 and decimals 2; then at once: decimals 0, rounding 2.
    await ops[0]!.inject({ method: 'PUT', url: `/api/v1/admin/directions/${d!.id}/`, payload: { toRound: 0 } });
    const [decimals, rounding] = await Promise.all([
      ops[0]!.inject({ method: 'PUT', url: `/api/v1/admin/currencies/${race!.id}/`, payload: { decimals: 0 } }),
      ops[1]!.inject({ method: 'PUT', url: `/api/v1/admin/directions/${d!.id}/`, payload: { toRound: 2 } }),
    ]);
    // Either order is fine; both succeeding is not.
    expect([decimals.statusCode, rounding.statusCode].sort()).toEqual([200, 400]);
    const [after] = await t.database.db.select().from(currencies).where(eq(currencies.id, race!.id));
    const [direction] = await t.database.db.select().from(directions).where(eq(directions.id, d!.id));
    expect(direction!.toRound).toBeLessThanOrEqual(after!.decimals);
  });
});
