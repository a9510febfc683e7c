import Big from 'big.js';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers as helpers } from '../../../tests/helpers/claims.ts';
import { claims, currencies, directions } from '../../db/schema-exchange.ts';
import { settings } from '../../db/schema.ts';

/**
 * Claims are priced from the in-memory catalogue and the database guards the INSERT
 * (docs/decisions/0029-claims-at-database-speed.md). Here the rows change behind this process's back, as when another
 * process changes them and its invalidation is lost: the claim must still be priced and checked on the rows as they are.
 * On PostgreSQL too when TEST_DATABASE_URL is set.
 */
describe('claims priced from a catalogue the database has moved past', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = helpers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const claimCount = async () => (await t.database.db.select({ n: count() }).from(claims))[0]!.n;
  /** Writes straight to the database: no invalidation, the catalogue keeps what it read. */
  const behindItsBack = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  it('a course changed since is not the one the claim gets: rate_changed with the new figures, then created at it', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const [from, to] = [await h.id('SBERRUB'), await h.id('USDTTRC20')];
    await behindItsBack(
      sql`update ${directions} set source_rate = source_rate * 0.9
          where from_currency_id = ${from} and to_currency_id = ${to}`,
    );
    const before = await claimCount();
    const refused = await h.create(payload);
    expect(refused.statusCode).toBe(400);
    const news = refused.json() as { code: string; course: string; toSumma: string };
    expect(news.code).toBe('rate_changed');
    expect(new Big(news.toSumma).lt(payload.toSumma)).toBe(true);
    expect(await claimCount()).toBe(before);

    const res = await h.create({ ...payload, toSumma: news.toSumma });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(claims)
      .where(eq(claims.id, (res.json() as { uuid: string }).uuid));
    expect(new Big(row!.course).eq(news.course)).toBe(true);
    expect(new Big(row!.toAmount).eq(news.toSumma)).toBe(true);
  });

  it('a reserve lowered since refuses a claim above it, and takes one within it', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const small = await h.body('SBERRUB', 'USDTTRC20', '6000');
    await behindItsBack(
      sql`update ${currencies} set reserve = ${new Big(payload.toSumma).minus(1).toFixed()} where code = 'USDTTRC20'`,
    );
    const before = await claimCount();
    const refused = await h.create(payload);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json() as object)).toEqual(['toSumma']);
    expect(await claimCount()).toBe(before);
    expect((await h.create(small)).statusCode).toBe(201);
  });

  it('maintenance switched on since refuses the claim with its message', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '6000');
    const message = { ru: 'Переезжаем', en: 'Moving' };
    await behindItsBack(
      sql`insert into ${settings} (key, value) values ('maintenance', ${JSON.stringify({ enabled: true, message })}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    const before = await claimCount();
    const refused = await h.create(payload);
    await behindItsBack(sql`delete from ${settings} where key = 'maintenance'`);
    expect(refused.statusCode).toBe(503);
    expect((refused.json() as { detail: string }).detail).toBe('Переезжаем');
    expect(await claimCount()).toBe(before);
  });

  it('a repeated request answers its first claim even when the rows changed since', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '7000');
    const key = { 'idempotency-key': 'stale-catalogue-repeat' };
    const first = await h.create(payload, key);
    expect(first.statusCode).toBe(201);
    await behindItsBack(sql`update ${currencies} set reserve = 1 where code = 'USDTTRC20'`);
    const again = await h.create(payload, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});
